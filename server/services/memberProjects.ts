import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { ActivityLog } from './activityLog';
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
    private readonly db: Db,
    private readonly files: ProjectFiles,
    private readonly activityLog: ActivityLog,
    private readonly clock: Clock,
  ) {}

  /** Projects each user owns in the workspace; a user missing from the map owns none. */
  async ownedCounts(workspaceId: number, userIds: number[]): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('project_members as pm')
      .innerJoin('projects as p', 'p.id', 'pm.project_id')
      .select((eb) => ['pm.user_id', eb.fn.countAll<number>().as('n')])
      .where('p.workspace_id', '=', workspaceId)
      .where('pm.role', '=', 'owner')
      .where('pm.user_id', 'in', userIds)
      .groupBy('pm.user_id')
      .execute();
    return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
  }

  /** Answers the ids of the projects handed over. */
  async handOverOwnedProjects(
    trx: Db,
    workspaceId: number,
    fromUserId: number,
    toUserId: number,
  ): Promise<number[]> {
    if (fromUserId === toUserId) return [];
    const owned = await trx
      .selectFrom('project_members as pm')
      .innerJoin('projects as p', 'p.id', 'pm.project_id')
      .select('p.id')
      .where('p.workspace_id', '=', workspaceId)
      .where('pm.user_id', '=', fromUserId)
      .where('pm.role', '=', 'owner')
      .execute();
    const ids = owned.map((p) => p.id);
    if (ids.length === 0) return [];
    const heir = await trx.selectFrom('users').select('name').where('id', '=', toUserId).executeTakeFirst();
    await trx
      .updateTable('project_members')
      .set({ role: 'collaborator' })
      .where('user_id', '=', fromUserId)
      .where('project_id', 'in', ids)
      .execute();
    const already = await trx
      .selectFrom('project_members')
      .select('project_id')
      .where('user_id', '=', toUserId)
      .where('project_id', 'in', ids)
      .execute();
    await trx
      .updateTable('project_members')
      .set({ role: 'owner' })
      .where('user_id', '=', toUserId)
      .where('project_id', 'in', ids)
      .execute();
    const joining = ids.filter((id) => !already.some((m) => m.project_id === id));
    const now = this.clock.now().toISOString();
    if (joining.length > 0)
      await trx
        .insertInto('project_members')
        .values(joining.map((id) => ({ project_id: id, user_id: toUserId, role: 'owner', created_at: now })))
        .execute();
    for (const id of ids)
      await this.activityLog.record(trx, {
        projectId: id,
        userId: null,
        action: 'project_ownership_transferred',
        objectType: 'Project',
        objectId: id,
        data: { to_name: heir?.name ?? null },
      });
    return ids;
  }

  /**
   * The member's owned projects go to the workspace owner (they stay a collaborator there); they
   * leave every other project of the workspace.
   */
  async memberLeftWorkspace(trx: Db, workspaceId: number, userId: number, ownerId: number): Promise<void> {
    const kept = await this.handOverOwnedProjects(trx, workspaceId, userId, ownerId);
    const left = await trx
      .selectFrom('project_members as pm')
      .innerJoin('projects as p', 'p.id', 'pm.project_id')
      .select(['pm.id', 'pm.project_id'])
      .where('p.workspace_id', '=', workspaceId)
      .where('pm.user_id', '=', userId)
      .$if(kept.length > 0, (q) => q.where('pm.project_id', 'not in', kept))
      .execute();
    if (left.length === 0) return;
    await trx
      .deleteFrom('project_members')
      .where(
        'id',
        'in',
        left.map((m) => m.id),
      )
      .execute();
    for (const m of left)
      await this.activityLog.record(trx, {
        projectId: m.project_id,
        userId,
        action: 'member_left',
        objectType: 'ProjectMember',
        objectId: m.id,
      });
  }

  ownershipTransferred(
    trx: Db,
    workspaceId: number,
    formerOwnerId: number,
    newOwnerId: number,
  ): Promise<void> {
    return this.handOverOwnedProjects(trx, workspaceId, formerOwnerId, newOwnerId).then(() => undefined);
  }

  /** Storage keys of every file the workspace's projects hold, removed after the workspace is. */
  storedFileKeys(workspaceId: number): Promise<string[]> {
    return this.files.keysOfWorkspace(workspaceId);
  }
}
