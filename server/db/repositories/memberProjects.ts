import type { ProjectRole } from '@common/projectRoles';
import type { Db } from '../database';

/** One user's memberships in the projects of one workspace: what workspace membership changes touch. */
export class MemberProjectsRepository {
  constructor(private readonly db: Db) {}

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

  /** Ids of the workspace's projects the user owns. */
  async ownedProjectIds(workspaceId: number, userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('project_members as pm')
      .innerJoin('projects as p', 'p.id', 'pm.project_id')
      .select('p.id')
      .where('p.workspace_id', '=', workspaceId)
      .where('pm.user_id', '=', userId)
      .where('pm.role', '=', 'owner')
      .execute();
    return rows.map((r) => r.id);
  }

  /** The user's memberships in the workspace's projects, but those of `exceptProjectIds`. */
  async membershipsInWorkspace(
    workspaceId: number,
    userId: number,
    exceptProjectIds: number[],
  ): Promise<{ id: number; project_id: number }[]> {
    return this.db
      .selectFrom('project_members as pm')
      .innerJoin('projects as p', 'p.id', 'pm.project_id')
      .select(['pm.id', 'pm.project_id'])
      .where('p.workspace_id', '=', workspaceId)
      .where('pm.user_id', '=', userId)
      .$if(exceptProjectIds.length > 0, (q) => q.where('pm.project_id', 'not in', exceptProjectIds))
      .execute();
  }

  /** Of `projectIds`, those the user is a member of. */
  async memberOf(userId: number, projectIds: number[]): Promise<Set<number>> {
    if (projectIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('project_members')
      .select('project_id')
      .where('user_id', '=', userId)
      .where('project_id', 'in', projectIds)
      .execute();
    return new Set(rows.map((r) => r.project_id));
  }

  /** Sets the user's role on each of `projectIds` they are a member of. */
  async setRole(userId: number, projectIds: number[], role: ProjectRole): Promise<void> {
    if (projectIds.length === 0) return;
    await this.db
      .updateTable('project_members')
      .set({ role })
      .where('user_id', '=', userId)
      .where('project_id', 'in', projectIds)
      .execute();
  }

  /** Makes the user a member of each of `projectIds` with `role`. */
  async addToProjects(userId: number, projectIds: number[], role: ProjectRole, now: string): Promise<void> {
    if (projectIds.length === 0) return;
    await this.db
      .insertInto('project_members')
      .values(projectIds.map((id) => ({ project_id: id, user_id: userId, role, created_at: now })))
      .execute();
  }

  /** Removes these memberships (project_members ids). */
  async removeMemberships(memberIds: number[]): Promise<void> {
    if (memberIds.length === 0) return;
    await this.db.deleteFrom('project_members').where('id', 'in', memberIds).execute();
  }
}
