import type { Db } from '../db/database';

/**
 * What membership changes do to a workspace's projects (account-side §4). The member services
 * call these at the right moment, inside their transaction; the projects issue fills in the
 * bodies. Until then a workspace holds no projects, so there is nothing to count or move.
 *
 * - A member who leaves, is removed, or becomes 'limited': the projects they own go to the
 *   workspace owner and they stay a collaborator on them (`handOverOwnedProjects`).
 * - An ownership transfer: on projects the previous owner becomes a project collaborator
 *   (`ownershipTransferred`).
 * - A deleted workspace: its projects' files leave storage with it (`storedFileKeys`).
 */
export class MemberProjects {
  /** Projects each user owns in the workspace; a user missing from the map owns none. */
  ownedCounts(_workspaceId: number, _userIds: number[]): Promise<Map<number, number>> {
    return Promise.resolve(new Map<number, number>());
  }

  handOverOwnedProjects(
    _trx: Db,
    _workspaceId: number,
    _fromUserId: number,
    _toUserId: number,
  ): Promise<void> {
    return Promise.resolve();
  }

  ownershipTransferred(
    _trx: Db,
    _workspaceId: number,
    _formerOwnerId: number,
    _newOwnerId: number,
  ): Promise<void> {
    return Promise.resolve();
  }

  /** Storage keys of every file the workspace's projects hold, removed after the workspace is. */
  storedFileKeys(_workspaceId: number): Promise<string[]> {
    return Promise.resolve([]);
  }
}
