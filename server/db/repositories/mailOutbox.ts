import type { Selectable } from 'kysely';
import type { Db } from '../database';
import type { MailOutboxTable } from '../schema';

export type OutboxMailRow = Selectable<MailOutboxTable>;

/** The embedded mode's sent mail, kept for the /dev/outbox page. */
export class MailOutboxRepository {
  constructor(private readonly db: Db) {}

  async insert(values: Omit<OutboxMailRow, 'id'>): Promise<void> {
    await this.db.insertInto('mail_outbox').values(values).execute();
  }

  /** The newest messages first. */
  latest(limit: number): Promise<OutboxMailRow[]> {
    return this.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
  }
}
