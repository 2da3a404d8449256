import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseConfig } from '@server/config';
import { createDatabase, dropSchema, migrateToLatest, type Db } from '@server/db/database';
import { POSTGRES_URL } from '../api/harness';

export interface TestDatabase {
  db: Db;
  config: DatabaseConfig;
  /** DATABASE_URL (and DATABASE_SCHEMA) for another process on this database. */
  env: Record<string, string>;
  /**
   * Another connection, as another process would open: a pool of its own on PostgreSQL. On SQLite
   * the same connection: better-sqlite3 waits for a lock synchronously, so two connections in one
   * process could hold each other up (other processes open their own).
   */
  connect(): Db;
  /** Closes every connection and drops the database. */
  close(): Promise<void>;
}

/**
 * A migrated database of the run's kind, made as tests/api/harness.ts makes them: a SQLite file
 * in a temp folder, or a PostgreSQL schema of its own (TEST_DB=postgres).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'proofroom-queue-'));
  const onPostgres = process.env.TEST_DB === 'postgres';
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const config: DatabaseConfig = onPostgres
    ? { dialect: 'postgres', url: POSTGRES_URL, schema }
    : { dialect: 'sqlite', file: join(dir, 'test.db') };
  const db = createDatabase(config);
  await migrateToLatest(db, config);
  const others: Db[] = [];
  return {
    db,
    config,
    env: onPostgres
      ? { DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema }
      : { DATABASE_URL: `sqlite://${join(dir, 'test.db')}` },
    connect() {
      if (!onPostgres) return db;
      const other = createDatabase(config);
      others.push(other);
      return other;
    },
    async close() {
      await Promise.all(others.map((other) => other.destroy()));
      if (onPostgres) await dropSchema(db, schema);
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
