import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './database';

/**
 * Locks one row for the rest of the transaction in PostgreSQL, so a check and the write it allows
 * cannot interleave with another request's. SQLite needs nothing: one write transaction runs at a
 * time on its single connection.
 */
export async function lockRow(trx: Db, table: 'workspaces' | 'projects', id: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select id from ${sql.table(table)} where id = ${id} for update`.execute(trx);
}
