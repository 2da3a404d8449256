import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { ProjectRole } from '@common/projectRoles';
import type { Db } from '../database';
import type { ProjectMembersTable, ProjectsTable } from '../schema';

export type ProjectRow = Selectable<ProjectsTable>;
export type ProjectMemberRow = Selectable<ProjectMembersTable> & { role: ProjectRole };
export type NewProject = Insertable<ProjectsTable>;
export type ProjectChanges = Updateable<ProjectsTable>;
/** The columns the Projects tab of a workspace sorts by. */
export type WorkspaceProjectsOrder = 'name_key' | 'created_at' | 'storage_used_in_bytes';

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

  /** Another project of the workspace already has this name, regardless of case and surrounding spaces. */
  async nameInUse(workspaceId: number, name: string, exceptId?: number): Promise<boolean> {
    let query = this.db
      .selectFrom('projects')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('name_key', '=', nameKey(name));
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async countInWorkspace(workspaceId: number): Promise<number> {
    const { n } = await this.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** The workspace's projects, sorted; only those `memberUserId` is a member of, unless null. */
  inWorkspace(
    workspaceId: number,
    options: { memberUserId: number | null; orderBy: WorkspaceProjectsOrder; order: 'asc' | 'desc' },
  ): Promise<ProjectRow[]> {
    const { memberUserId } = options;
    let query = this.db.selectFrom('projects').selectAll().where('workspace_id', '=', workspaceId);
    if (memberUserId !== null)
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('project_members as pm')
            .select('pm.id')
            .whereRef('pm.project_id', '=', 'projects.id')
            .where('pm.user_id', '=', memberUserId),
        ),
      );
    return query.orderBy(options.orderBy, options.order).orderBy('id', options.order).execute();
  }

  /** These projects, in the order of `ids` (missing ones left out). */
  async findMany(ids: number[]): Promise<ProjectRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('projects').selectAll().where('id', 'in', ids).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Answers the new project's id; a unique violation when the workspace has a project of this name. */
  async create(values: NewProject): Promise<number> {
    const { id } = await this.db
      .insertInto('projects')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** Answers the updated row; a unique violation when a new name is taken in the workspace. */
  update(id: number, changes: ProjectChanges): Promise<ProjectRow> {
    return this.db
      .updateTable('projects')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The project's label order as stored (JSON), undefined for a missing project. */
  async labelsOrderOf(id: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('projects')
      .select('labels_order')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.labels_order;
  }

  async setLabelsOrder(id: number, labelIds: number[]): Promise<void> {
    await this.db
      .updateTable('projects')
      .set({ labels_order: JSON.stringify(labelIds) })
      .where('id', '=', id)
      .execute();
  }

  /** The stored cover files of these projects. */
  /** Moves a project's storage count by `delta` bytes (never below 0). */
  async addStorageUsed(projectId: number, delta: number): Promise<void> {
    await this.db
      .updateTable('projects')
      .set({
        storage_used_in_bytes: sql<number>`case when storage_used_in_bytes + ${delta} < 0 then 0 else storage_used_in_bytes + ${delta} end`,
      })
      .where('id', '=', projectId)
      .execute();
  }

  async coverKeys(ids: number[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('projects')
      .select('cover_key')
      .where('id', 'in', ids)
      .where('cover_key', 'is not', null)
      .execute();
    return rows.flatMap((r) => (r.cover_key ? [r.cover_key] : []));
  }

  /** The stored cover files of every project of the workspace. */
  async coverKeysInWorkspace(workspaceId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('projects')
      .select('cover_key')
      .where('workspace_id', '=', workspaceId)
      .where('cover_key', 'is not', null)
      .execute();
    return rows.flatMap((r) => (r.cover_key ? [r.cover_key] : []));
  }
}
