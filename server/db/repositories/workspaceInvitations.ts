import type { Selectable } from 'kysely';
import type { WorkspaceRole } from '@common/workspaceRoles';
import type { Db } from '../database';
import type { WorkspaceInvitationsTable } from '../schema';

export type InvitationRow = Selectable<WorkspaceInvitationsTable> & { role: WorkspaceRole };

/**
 * Workspace invitations. `hash` holds the SHA-256 of the e-mailed token, never the token itself,
 * so a leaked table cannot be used to join a workspace.
 */
export class WorkspaceInvitationsRepository {
  constructor(private readonly db: Db) {}

  /** Pending invitations, oldest first; only the given roles when `roles` is set. */
  async pending(workspaceId: number, roles?: readonly WorkspaceRole[]): Promise<InvitationRow[]> {
    let query = this.db
      .selectFrom('workspace_invitations')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('accepted_at', 'is', null);
    if (roles) query = query.where('role', 'in', [...roles]);
    return (await query.orderBy('created_at').orderBy('id').execute()) as InvitationRow[];
  }

  async findPending(workspaceId: number, id: number): Promise<InvitationRow | undefined> {
    const row = await this.db
      .selectFrom('workspace_invitations')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    return row as InvitationRow | undefined;
  }

  async findByHash(hashDigest: string): Promise<InvitationRow | undefined> {
    const row = await this.db
      .selectFrom('workspace_invitations')
      .selectAll()
      .where('hash', '=', hashDigest)
      .executeTakeFirst();
    return row as InvitationRow | undefined;
  }

  /** Which of these addresses already have a pending invitation to the workspace. */
  async pendingEmails(workspaceId: number, emails: string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('workspace_invitations')
      .select('email')
      .where('workspace_id', '=', workspaceId)
      .where('accepted_at', 'is', null)
      .where('email', 'in', emails)
      .execute();
    return new Set(rows.map((r) => r.email));
  }

  async create(values: {
    workspaceId: number;
    email: string;
    role: WorkspaceRole;
    message: string | null;
    hashDigest: string;
    invitedById: number;
    now: string;
  }): Promise<InvitationRow> {
    const row = await this.db
      .insertInto('workspace_invitations')
      .values({
        workspace_id: values.workspaceId,
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
    return row as InvitationRow;
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('workspace_invitations').where('id', '=', id).execute();
  }

  /** Marks it accepted unless it already was; false when another request accepted it first. */
  async markAccepted(id: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('workspace_invitations')
      .set({ accepted_at: now })
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
