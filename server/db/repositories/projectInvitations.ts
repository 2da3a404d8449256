import type { Selectable } from 'kysely';
import type { ProjectRole } from '@common/projectRoles';
import type { Db } from '../database';
import type { ProjectInvitationsTable } from '../schema';
import { InvitationsRepository, type NewInvitation } from './invitations';

export type ProjectInvitationRow = Selectable<ProjectInvitationsTable> & { role: ProjectRole };

/** Project invitations; what they share with workspace invitations is in `InvitationsRepository`. */
export class ProjectInvitationsRepository extends InvitationsRepository<ProjectInvitationRow> {
  constructor(db: Db) {
    super(db, { name: 'project_invitations', scope: 'project_id' });
  }

  /** Pending invitations of the project, oldest first. */
  async pending(projectId: number): Promise<ProjectInvitationRow[]> {
    const rows = await this.db
      .selectFrom('project_invitations')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('accepted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows as ProjectInvitationRow[];
  }

  async findPending(id: number): Promise<ProjectInvitationRow | undefined> {
    const row = await this.db
      .selectFrom('project_invitations')
      .selectAll()
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    return row as ProjectInvitationRow | undefined;
  }

  create(values: NewInvitation<ProjectRole> & { projectId: number }): Promise<ProjectInvitationRow> {
    return this.insert(values.projectId, values);
  }
}
