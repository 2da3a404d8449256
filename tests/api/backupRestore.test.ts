import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '@server/config';
import { takeBackup } from '../../scripts/backup/takeBackup';
import { restoreBackup, RestoreRefused } from '../../scripts/backup/restoreBackup';
import { createBucket, s3Env } from '../storage/s3Server';
import { buildAsset } from './assetFactories';
import { buildComment } from './commentFactories';
import { buildWorkspace, signedIn, type BuiltUser } from './factories';
import { POSTGRES_URL, startTestApp, testS3Server, type ApiClient, type TestApp } from './harness';
import { TINY_GIF, TINY_PNG } from './images';
import { buildProject } from './projectFactories';

const usePostgres = process.env.TEST_DB === 'postgres';

/** The configuration of the installation a test app runs on, as the harness makes it. */
function installationConfig({ dataDir, schema, bucket }: Pick<TestApp, 'dataDir' | 'schema' | 'bucket'>) {
  const s3 = usePostgres ? testS3Server() : undefined;
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: usePostgres ? POSTGRES_URL : `sqlite://${join(dataDir, 'test.db')}`,
    ...(usePostgres ? { DATABASE_SCHEMA: schema } : {}),
    ...(s3 && bucket ? s3Env(s3, bucket) : {}),
  });
}

/** A new, empty installation: a data folder, and on PostgreSQL a schema name and a bucket of its own. */
async function emptyInstallation() {
  const dataDir = mkdtempSync(join(tmpdir(), 'proofroom-restore-'));
  const schema = `test_${randomBytes(6).toString('hex')}`;
  // As the harness: the PostgreSQL run is the scaled-out column, its files in a bucket.
  const s3 = usePostgres ? testS3Server() : undefined;
  const bucket = s3 ? await createBucket(s3) : undefined;
  return { dataDir, schema, bucket, config: installationConfig({ dataDir, schema, bucket }) };
}

async function downloaded(baseUrl: string, client: ApiClient, assetId: number): Promise<Buffer> {
  // On S3 the app answers a presigned redirect; fetch follows it to the bucket.
  const response = await fetch(`${baseUrl}/api/v1/assets/${assetId}/download?low_res=false`, {
    headers: { cookie: client.cookieHeader },
  });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

const ORIGINALS = [TINY_PNG, TINY_GIF, Buffer.concat([TINY_PNG])];
const NAMES = ['sky.png', 'sea.gif', 'dune.png'];

let source: TestApp;
let restored: TestApp | undefined;
let owner: BuiltUser;
let backupDir: string;
let assetIds: number[];
let projectId: number;
let target: Awaited<ReturnType<typeof emptyInstallation>>;

beforeAll(async () => {
  source = await startTestApp();
  const built = await buildWorkspace(source.baseUrl, source.ctx);
  owner = built.owner;
  const project = await buildProject(built.client, built.workspace.id, { name: 'Backed up' });
  projectId = project.id;
  assetIds = [];
  for (const [index, bytes] of ORIGINALS.entries()) {
    const asset = await buildAsset(built.client, projectId, { name: NAMES[index], bytes });
    assetIds.push(asset.id);
    await buildComment(built.client, asset.id, { text: `Note on ${NAMES[index]}` });
  }
  backupDir = join(mkdtempSync(join(tmpdir(), 'proofroom-backup-')), 'backup');
  await takeBackup(installationConfig(source), backupDir);
  // A restore after the loss of the installation: on PostgreSQL the dumped schema is gone too.
  await source.close();
  target = await emptyInstallation();
}, 60_000);

afterAll(async () => {
  await restored?.close();
  rmSync(join(backupDir, '..'), { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('writes the database and every stored file with a manifest', () => {
    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest.database.dialect).toBe(usePostgres ? 'postgres' : 'sqlite');
    const sizes = manifest.files.map((f: { size: number }) => f.size);
    for (const bytes of ORIGINALS) expect(sizes).toContain(bytes.length);
    for (const file of manifest.files)
      expect(readFileSync(join(backupDir, 'files', file.key)).length).toBe(file.size);
  });

  it('restores into an empty database and store; an app on them finds every asset and comment', async () => {
    await restoreBackup(target.config, backupDir);
    restored = await startTestApp(
      {},
      { reuse: { dataDir: target.dataDir, schema: target.schema, bucket: target.bucket } },
    );
    const client = await signedIn(restored.baseUrl, owner);
    const list = await client.get(`/projects/${projectId}/assets`);
    expect(list.status).toBe(200);
    const listed = (list.body.response as { id: number; name: string }[]).map((a) => a.id).sort();
    expect(listed).toEqual([...assetIds].sort());
    for (const [index, id] of assetIds.entries()) {
      expect((await downloaded(restored.baseUrl, client, id)).equals(ORIGINALS[index]!)).toBe(true);
      const comments = await client.get(`/assets/${id}/comments`);
      expect(comments.status).toBe(200);
      expect(JSON.stringify(comments.body.response)).toContain(`Note on ${NAMES[index]}`);
    }
  });

  it('refuses a database that already holds tables', async () => {
    await expect(restoreBackup(target.config, backupDir)).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup(target.config, backupDir)).rejects.toThrow(/already holds tables/);
  });

  it('refuses a store that is not empty, before writing anything', async () => {
    const other = await emptyInstallation();
    // The empty database of `other`, the restored (full) store of `target`.
    const config: Config = { ...other.config, storage: target.config.storage };
    try {
      await expect(restoreBackup(config, backupDir)).rejects.toThrow(/store is not empty/);
      const { database } = config;
      if (database.dialect === 'sqlite') expect(existsSync(database.file)).toBe(false);
    } finally {
      rmSync(other.dataDir, { recursive: true, force: true });
    }
  });
});
