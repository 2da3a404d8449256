import type { Selectable } from 'kysely';
import type { ProjectRole } from '@common/projectRoles';
import type { Db } from '../database';
import type { ProjectMembersTable, ProjectsTable } from '../schema';

export type ProjectRow = Selectable<ProjectsTable>;
export type ProjectMemberRow = Selectable<ProjectMembersTable> & { role: ProjectRole };

/** lower(trim(name)): the key names are unique by, within a workspace (projects) or project (folders). */
export const nameKey = (name: string) => name.trim().toLowerCase();

/** A project with the facts access checks read: the caller's membership and the workspace's owner. */
export interface ProjectAccessRow {
  project: ProjectRow;
  member: ProjectMemberRow | undefined;
  workspaceOwnerId: number;
}

/** Project rows and memberships: the lookups every project feature starts from. */
export class ProjectsRepository {
  constructor(private readonly db: Db) {}

  findById(id: number): Promise<ProjectRow | undefined> {
    return this.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The projects of `ids` that exist, each with the user's membership and its workspace's owner, in one query. */
  async accessFacts(ids: number[], userId: number): Promise<ProjectAccessRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('projects as p')
      .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
      .leftJoin('project_members as pm', (join) =>
        join.onRef('pm.project_id', '=', 'p.id').on('pm.user_id', '=', userId),
      )
      .selectAll('p')
      .select([
        'w.owner_id as workspace_owner_id',
        'pm.id as member_id',
        'pm.role as member_role',
        'pm.created_at as member_created_at',
      ])
      .where('p.id', 'in', ids)
      .execute();
    return rows.map(({ workspace_owner_id, member_id, member_role, member_created_at, ...project }) => ({
      project,
      workspaceOwnerId: workspace_owner_id,
      member:
        member_id === null
          ? undefined
          : {
              id: member_id,
              project_id: project.id,
              user_id: userId,
              role: member_role as ProjectRole,
              created_at: member_created_at!,
            },
    }));
  }

  /** The project of a public link's hash, whatever the link's state. */
  findByShareHash(shareHash: string): Promise<ProjectRow | undefined> {
    return this.db.selectFrom('projects').selectAll().where('share_hash', '=', shareHash).executeTakeFirst();
  }

  /** Archives or restores these projects. */
  async setStatus(ids: number[], status: 'active' | 'archived', now: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db.updateTable('projects').set({ status, updated_at: now }).where('id', 'in', ids).execute();
  }

  /** Deletes these projects; the database cascades to everything under them. */
  async deleteMany(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('projects').where('id', 'in', ids).execute();
  }

  async membership(projectId: number, userId: number): Promise<ProjectMemberRow | undefined> {
    const row = await this.db
      .selectFrom('project_members')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row as ProjectMemberRow | undefined;
  }

  async owner(projectId: number): Promise<ProjectMemberRow | undefined> {
    const row = await this.db
      .selectFrom('project_members')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('role', '=', 'owner')
      .executeTakeFirst();
    return row as ProjectMemberRow | undefined;
  }
}
