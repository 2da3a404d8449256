import { createWriteStream, mkdirSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import type { Config } from '../../server/config';
import { createStorage } from '../../server/adapters/storage';
import { backupFilePath, MANIFEST_FILE, run, type Manifest, type ManifestEntry } from './manifest';

/**
 * Writes a backup of the installation `config` names into the empty folder `dir`: the database
 * first, then every stored file (a file stored between the two is one no row names, which the orphan
 * sweep removes; the other order could keep rows naming files never copied).
 */
export async function takeBackup(config: Config, dir: string): Promise<Manifest> {
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} is not empty`);
  mkdirSync(join(dir, 'files'), { recursive: true });
  const database = await backupDatabase(config.database, dir);
  const files = await backupFiles(config, dir);
  const manifest: Manifest = { createdAt: new Date().toISOString(), database, files };
  writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
  return manifest;
}

async function backupDatabase(database: Config['database'], dir: string): Promise<Manifest['database']> {
  if (database.dialect === 'sqlite') {
    // SQLite's online backup: a consistent copy while the app keeps writing.
    const source = new Database(database.file, { readonly: true, fileMustExist: true });
    try {
      await source.backup(join(dir, 'database.sqlite'));
    } finally {
      source.close();
    }
    return { dialect: 'sqlite', file: 'database.sqlite' };
  }
  const schema = database.schema ?? 'public';
  await run('pg_dump', [
    `--schema=${schema}`,
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${join(dir, 'database.dump')}`,
    `--dbname=${database.url}`,
  ]);
  return { dialect: 'postgres', file: 'database.dump', schema };
}

async function backupFiles(config: Config, dir: string): Promise<ManifestEntry[]> {
  const storage = createStorage(config.storage);
  const entries: ManifestEntry[] = [];
  for await (const entry of storage.list('')) {
    const stored = await storage.get(entry.key);
    // Listed, then deleted before we read it: nothing to keep.
    if (!stored) continue;
    const path = backupFilePath(dir, entry.key);
    mkdirSync(dirname(path), { recursive: true });
    await pipeline(stored.body, createWriteStream(path));
    entries.push({ key: entry.key, size: stored.size, type: stored.contentType });
  }
  return entries;
}
