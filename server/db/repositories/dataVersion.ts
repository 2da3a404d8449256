import { PostgresAdapter, sql, type CompiledQuery } from 'kysely';
import type { Db } from '../database';

/**
 * A token of the database's committed state: equal tokens mean that nothing was committed between
 * them, by this process or any other.
 *
 * On SQLite, the read connection's `PRAGMA data_version`, which moves with every commit of another
 * connection (every write goes through the write connection or another process). None for a
 * `:memory:` database, whose single connection does not see its own commits move it. On
 * PostgreSQL, the current snapshot (xmin:xmax:transactions in progress): a commit takes a
 * transaction out of it, and a new writer moves xmax.
 */
export class DataVersionRepository {
  private query: Promise<CompiledQuery | null> | undefined;

  constructor(private readonly db: Db) {}

  /** The token, or null where the database cannot give one. */
  async current(): Promise<string | null> {
    this.query ??= this.compile();
    const query = await this.query;
    if (!query) return null;
    const { rows } = await this.db.executeQuery<Record<string, unknown>>(query);
    const row = rows[0];
    return row ? String(row.version ?? row.data_version) : null;
  }

  private async compile(): Promise<CompiledQuery | null> {
    if (this.db.getExecutor().adapter instanceof PostgresAdapter)
      return sql`select pg_current_snapshot()::text as version`.compile(this.db);
    const { rows } = await sql<{ file: string }>`pragma database_list`.execute(this.db);
    const inMemory = !rows.find((r) => r.file !== '');
    return inMemory ? null : sql`pragma data_version`.compile(this.db);
  }
}
