import type { Selectable } from 'kysely';
import type { ProjectRole } from '@common/projectRoles';
import type { Db } from '../database';
import type { ProjectMembersTable, ProjectsTable } from '../schema';

export type ProjectRow = Selectable<ProjectsTable>;
export type ProjectMemberRow = Selectable<ProjectMembersTable> & { role: ProjectRole };

/** lower(trim(name)): the key names are unique by, within a workspace (projects) or project (folders). */
export const nameKey = (name: string) => name.trim().toLowerCase();

/** Project rows and memberships: the lookups every project feature starts from. */
export class ProjectsRepository {
  constructor(private readonly db: Db) {}

  findById(id: number): Promise<ProjectRow | undefined> {
    return this.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
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
