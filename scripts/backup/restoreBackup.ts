import { copyFileSync, createReadStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../../server/config';
import { createStorage } from '../../server/adapters/storage';
import { backupFilePath, MANIFEST_FILE, run, type Manifest } from './manifest';

export class RestoreRefused extends Error {}

/**
 * Restores the backup in `dir` into the installation `config` names, which must be empty: a
 * database (SQLite file or PostgreSQL schema) with no tables and a store with no files. Both are
 * checked before anything is written.
 */
export async function restoreBackup(config: Config, dir: string): Promise<Manifest> {
  const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
  if (manifest.database.dialect !== config.database.dialect)
    throw new RestoreRefused(
      `The backup holds a ${manifest.database.dialect} database; the configuration names ${config.database.dialect}`,
    );
  const storage = createStorage(config.storage);
  await refuseUnlessDatabaseEmpty(config.database);
  for await (const entry of storage.list('')) {
    throw new RestoreRefused(`The file store is not empty (it holds ${entry.key})`);
  }
  await restoreDatabase(config.database, manifest, dir);
  for (const file of manifest.files) {
    const path = backupFilePath(dir, file.key);
    if (statSync(path).size !== file.size) throw new Error(`${path} is not the size the manifest lists`);
    await storage.putStream(file.key, createReadStream(path), file.type);
  }
  return manifest;
}

async function refuseUnlessDatabaseEmpty(database: Config['database']): Promise<void> {
  if (database.dialect === 'sqlite') {
    if (!existsSync(database.file)) return;
    const db = new Database(database.file, { readonly: true });
    try {
      const row = db.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as {
        n: number;
      };
      if (row.n > 0) throw new RestoreRefused(`${database.file} already holds tables`);
    } finally {
      db.close();
    }
    return;
  }
  const tables = await withClient(database.url, async (client) => {
    const answer = await client.query<{ n: number }>(
      'select count(*)::int as n from information_schema.tables where table_schema = $1',
      [database.schema ?? 'public'],
    );
    return answer.rows[0]?.n ?? 0;
  });
  if (tables > 0) throw new RestoreRefused(`The schema ${database.schema ?? 'public'} already holds tables`);
}

async function restoreDatabase(database: Config['database'], manifest: Manifest, dir: string): Promise<void> {
  if (database.dialect === 'sqlite') {
    mkdirSync(dirname(database.file), { recursive: true });
    copyFileSync(join(dir, manifest.database.file), database.file);
    return;
  }
  if (manifest.database.dialect !== 'postgres') return;
  const source = manifest.database.schema;
  const target = database.schema ?? 'public';
  // pg_restore recreates the schema under its dumped name; a different target is reached by
  // renaming it after, which needs the dumped name free in this database meanwhile.
  await withClient(database.url, async (client) => {
    if (source !== target) {
      const taken = await client.query('select 1 from pg_namespace where nspname = $1', [source]);
      if (taken.rowCount)
        throw new RestoreRefused(
          `The backup's schema ${source} exists in this database: restore into ${source} itself, or drop it first`,
        );
    }
    // The target was checked empty; pg_restore creates it (public is kept: it always exists).
    if (target !== 'public') await client.query(`drop schema if exists ${pg.escapeIdentifier(target)}`);
  });
  await run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    `--dbname=${database.url}`,
    join(dir, manifest.database.file),
  ]);
  if (source !== target)
    await withClient(database.url, (client) =>
      client.query(`alter schema ${pg.escapeIdentifier(source)} rename to ${pg.escapeIdentifier(target)}`),
    );
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
