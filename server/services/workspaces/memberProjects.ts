import type { Clock } from '../../clock';
import type { TxOf, UnitOfWorkOf } from '../../db/unitOfWork';
import type { ProjectFiles } from './projectFiles';

/**
 * What membership changes do to a workspace's projects (account-side §4). The member services
 * call these at the right moment, inside their transaction.
 *
 * - A member who becomes 'limited': the projects they own go to the workspace owner and they stay
 *   a collaborator on them (`handOverOwnedProjects`).
 * - A member who leaves or is removed: the same hand-over, and they leave every other project of
 *   the workspace (`memberLeftWorkspace`).
 * - An ownership transfer: the projects the former owner owns go to the new owner, the former
 *   owner staying a collaborator on them (`ownershipTransferred`).
 * - A deleted workspace: its projects' files leave storage with it (`storedFileKeys`).
 */
export class MemberProjects {
  constructor(
    private readonly uow: UnitOfWorkOf<'memberProjects'>,
    private readonly files: ProjectFiles,
    private readonly clock: Clock,
  ) {}

  /** Projects each user owns in the workspace; a user missing from the map owns none. */
  ownedCounts(workspaceId: number, userIds: number[]): Promise<Map<number, number>> {
    return this.uow.read.memberProjects.ownedCounts(workspaceId, userIds);
  }

  /** Answers the ids of the projects handed over. */
  async handOverOwnedProjects(
    tx: TxOf<'memberProjects' | 'users'>,
    workspaceId: number,
    fromUserId: number,
    toUserId: number,
  ): Promise<number[]> {
    if (fromUserId === toUserId) return [];
    const ids = await tx.memberProjects.ownedProjectIds(workspaceId, fromUserId);
    if (ids.length === 0) return [];
    const heir = await tx.users.findById(toUserId);
    await tx.memberProjects.setRole(fromUserId, ids, 'collaborator');
    const already = await tx.memberProjects.memberOf(toUserId, ids);
    await tx.memberProjects.setRole(toUserId, ids, 'owner');
    await tx.memberProjects.addToProjects(
      toUserId,
      ids.filter((id) => !already.has(id)),
      'owner',
      this.clock.now().toISOString(),
    );
    await tx.recordMany(
      ids.map((id) => ({
        type: 'project.ownership_transferred',
        workspaceId,
        projectId: id,
        actorId: null,
        subject: { type: 'Project', id },
        data: { to_name: heir?.name ?? null },
      })),
    );
    return ids;
  }

  /**
   * The member's owned projects go to the workspace owner (they stay a collaborator there); they
   * leave every other project of the workspace.
   */
  async memberLeftWorkspace(
    tx: TxOf<'memberProjects' | 'users'>,
    workspaceId: number,
    userId: number,
    ownerId: number,
  ): Promise<void> {
    const kept = await this.handOverOwnedProjects(tx, workspaceId, userId, ownerId);
    const left = await tx.memberProjects.membershipsInWorkspace(workspaceId, userId, kept);
    if (left.length === 0) return;
    await tx.memberProjects.removeMemberships(left.map((m) => m.id));
    await tx.recordMany(
      left.map((m) => ({
        type: 'member.left',
        workspaceId,
        projectId: m.project_id,
        actorId: userId,
        subject: { type: 'ProjectMember', id: m.id },
      })),
    );
  }

  async ownershipTransferred(
    tx: TxOf<'memberProjects' | 'users'>,
    workspaceId: number,
    formerOwnerId: number,
    newOwnerId: number,
  ): Promise<void> {
    await this.handOverOwnedProjects(tx, workspaceId, formerOwnerId, newOwnerId);
  }

  /** Storage keys of every file the workspace's projects hold, removed after the workspace is. */
  storedFileKeys(workspaceId: number): Promise<string[]> {
    return this.files.keysOfWorkspace(workspaceId);
  }
}
