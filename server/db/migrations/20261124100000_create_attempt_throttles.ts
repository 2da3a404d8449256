import type { Kysely } from 'kysely';
import { notNull, timestampType } from '../columns';

/**
 * Growing delays between attempts at one secret (an account's password): how many attempts in a
 * row failed, and when the next one may be made. A success deletes the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('attempt_throttles')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', notNull)
    .addColumn('next_attempt_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('attempt_throttles').execute();
}
