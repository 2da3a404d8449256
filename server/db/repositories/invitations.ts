import type { Db } from '../database';

/** The two invitation tables, with the column naming what each invites to; the rest is alike. */
type InvitationTable =
  | { name: 'workspace_invitations'; scope: 'workspace_id' }
  | { name: 'project_invitations'; scope: 'project_id' };

/** What the inviting service gives to record an invitation, whatever it invites to. */
export interface NewInvitation<Role extends string> {
  email: string;
  role: Role;
  message: string | null;
  hashDigest: string;
  invitedById: number;
  now: string;
}

/**
 * What the workspace and project invitation repositories share. `hash` holds the SHA-256 of the
 * e-mailed token, never the token itself, so a leaked table cannot be used to join anything.
 */
export abstract class InvitationsRepository<Row> {
  protected constructor(
    protected readonly db: Db,
    private readonly table: InvitationTable,
  ) {}

  /** Which of these addresses already have a pending invitation to the workspace or project. */
  async pendingEmails(scopeId: number, emails: string[]): Promise<Set<string>> {
    if (emails.length === 0) return new Set();
    const rows = await this.db
      .selectFrom(this.table.name)
      .select('email')
      .where(this.table.scope, '=', scopeId)
      .where('accepted_at', 'is', null)
      .where('email', 'in', emails)
      .execute();
    return new Set(rows.map((r) => r.email));
  }

  async findByHash(hashDigest: string): Promise<Row | undefined> {
    const row = await this.db
      .selectFrom(this.table.name)
      .selectAll()
      .where('hash', '=', hashDigest)
      .executeTakeFirst();
    return row as Row | undefined;
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom(this.table.name).where('id', '=', id).execute();
  }

  /** Marks it accepted unless it already was; false when another request accepted it first. */
  async markAccepted(id: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable(this.table.name)
      .set({ accepted_at: now })
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Records a pending invitation to the workspace or project `scopeId`. */
  protected async insert(scopeId: number, values: NewInvitation<string>): Promise<Row> {
    const row = await this.db
      .insertInto(this.table.name)
      .values({
        [this.table.scope]: scopeId,
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
    return row as Row;
  }
}
