import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { Db } from '../database';

/**
 * A column holding a token of the database's committed state, read with the session of each call:
 * equal tokens mean that nothing was committed between them, by this process or any other
 * (server/services/platform/readCache.ts keeps answers while it does not change).
 *
 * On SQLite, the read connection's data version, which moves with every commit of another
 * connection (every write goes through the write connection or another process); none for a
 * `:memory:` database, whose single connection does not see its own commits move it. On
 * PostgreSQL, the current snapshot (xmin:xmax:transactions in progress): a commit takes a
 * transaction out of it, and a new writer moves xmax.
 */
export async function dataVersionColumn(db: Db): Promise<RawBuilder<string | number | null>> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return sql`pg_current_snapshot()::text`;
  const { rows } = await sql<{ file: string }>`pragma database_list`.execute(db);
  const inMemory = !rows.some((r) => r.file !== '');
  return inMemory ? sql`null` : sql`(select data_version from pragma_data_version)`;
}
