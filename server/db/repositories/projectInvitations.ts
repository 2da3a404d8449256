import type { Selectable } from 'kysely';
import type { ProjectRole } from '@common/projectRoles';
import type { Db } from '../database';
import type { ProjectInvitationsTable } from '../schema';

export type ProjectInvitationRow = Selectable<ProjectInvitationsTable> & { role: ProjectRole };

/**
 * Project invitations. `hash` holds the SHA-256 of the e-mailed token, never the token itself,
 * so a leaked table cannot be used to join a project.
 */
export class ProjectInvitationsRepository {
  constructor(private readonly db: Db) {}

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

  async findByHash(hashDigest: string): Promise<ProjectInvitationRow | undefined> {
    const row = await this.db
      .selectFrom('project_invitations')
      .selectAll()
      .where('hash', '=', hashDigest)
      .executeTakeFirst();
    return row as ProjectInvitationRow | undefined;
  }

  /** Which of these addresses already have a pending invitation to the project. */
  async pendingEmails(projectId: number, emails: string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('project_invitations')
      .select('email')
      .where('project_id', '=', projectId)
      .where('accepted_at', 'is', null)
      .where('email', 'in', emails)
      .execute();
    return new Set(rows.map((r) => r.email));
  }

  async create(values: {
    projectId: number;
    email: string;
    role: ProjectRole;
    message: string | null;
    hashDigest: string;
    invitedById: number;
    now: string;
  }): Promise<ProjectInvitationRow> {
    const row = await this.db
      .insertInto('project_invitations')
      .values({
        project_id: values.projectId,
        email: values.email,
        role: values.role,
        message: values.message,
        hash: values.hashDigest,
        invited_by_id: values.invitedById,
        accepted_at: null,
        created_at: values.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return row as ProjectInvitationRow;
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('project_invitations').where('id', '=', id).execute();
  }

  /** Marks it accepted unless it already was; false when another request accepted it first. */
  async markAccepted(id: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('project_invitations')
      .set({ accepted_at: now })
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
