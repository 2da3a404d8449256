import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import { isPostgres } from './columns';
import { migrations } from './migrations';
import { preparingPool } from './preparedStatements';
import type { Database } from './schema';
import { sqliteDialect } from './sqliteDriver';

export type Db = Kysely<Database>;

// timestamptz and timestamp come back as ISO strings, int8 (counts) as numbers, as on SQLite.
pg.types.setTypeParser(1184, (v) => new Date(v).toISOString());
pg.types.setTypeParser(1114, (v) => new Date(`${v}Z`).toISOString());
pg.types.setTypeParser(20, (v) => Number(v));

export function createDatabase(config: DatabaseConfig): Db {
  if (config.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
    });
    // An idle connection the database dropped (a restart, a network fault) is an error event on
    // the pool: left unheard it would end the process. The pool replaces it on the next query.
    pool.on('error', () => undefined);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  }
  if (config.file !== ':memory:') mkdirSync(dirname(config.file), { recursive: true });
  return new Kysely<Database>({ dialect: sqliteDialect(config.file) });
}

/**
 * Kysely's migrator reads the tables of every schema, and fails when another schema is dropped
 * under it. Migrations of separate schemas (DATABASE_SCHEMA) share this advisory lock;
 * dropping a schema takes it alone.
 */
const SCHEMA_CHANGE_LOCK = 727_001;

/** Brings the schema up to date; run at start by every process. */
export async function migrateToLatest(db: Db, config: DatabaseConfig): Promise<void> {
  if (config.dialect !== 'postgres' || !config.schema) return migrate(db, config);
  const { schema } = config;
  await db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock_shared(${SCHEMA_CHANGE_LOCK})`.execute(connection);
    try {
      await sql`create schema if not exists ${sql.id(schema)}`.execute(connection);
      await migrate(db, config);
    } finally {
      await sql`select pg_advisory_unlock_shared(${SCHEMA_CHANGE_LOCK})`.execute(connection);
    }
  });
}

/**
 * Runs `work` in a transaction that no migration of another schema reads across: what drops a
 * schema, a table or a column outside the migrator (a test running a migration's down and up).
 * On SQLite, one database a file, it simply runs in a transaction.
 */
export async function changeSchemaAlone<T>(
  db: Db,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (isPostgres(db)) await sql`select pg_advisory_xact_lock(${SCHEMA_CHANGE_LOCK})`.execute(trx);
    return work(trx);
  });
}

/** Drops a schema made for DATABASE_SCHEMA (the tests' own), once no migration is reading. */
export async function dropSchema(db: Db, schema: string): Promise<void> {
  await changeSchemaAlone(db, (trx) => sql`drop schema if exists ${sql.id(schema)} cascade`.execute(trx));
}

async function migrate(db: Db, config: DatabaseConfig): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    // Without this Kysely looks for its bookkeeping tables in every schema and finds another tenant's.
    ...(config.dialect === 'postgres' && config.schema ? { migrationTableSchema: config.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error ?? failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}

/** Throws unless the database answers a trivial query (GET /ready). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
