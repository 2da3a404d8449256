import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/** SQL texts run as named prepared statements on PostgreSQL, with their names. */
const names = new Map<string, string>();

/**
 * Marks a query every call makes (the session lookup) to be prepared once per PostgreSQL
 * connection: planning it cost more than running it. Only fixed texts belong here, never a query
 * whose text varies (an `in` list), or the connections would keep a statement per variant.
 */
export function prepareOnPostgres(sql: string): void {
  if (!names.has(sql)) names.set(sql, `proofroom_${names.size + 1}`);
}

/** The pool Kysely draws from: marked queries go out as named statements, others as they are. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrapped.get(client);
      if (!wrapper) {
        wrapper = {
          query: ((text: unknown, values?: unknown[]) => {
            const name = typeof text === 'string' ? names.get(text) : undefined;
            return name
              ? client.query({ name, text: text as string, values })
              : client.query(text as string, values);
          }) as unknown as PostgresPoolClient['query'],
          release: () => client.release(),
        };
        wrapped.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
