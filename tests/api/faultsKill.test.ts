import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAKE_PREVIEWS } from '@server/jobs/previewJob';
import { BUILD_ZIP } from '@server/services/assets/downloads';
import { ORPHAN_GRACE_MS } from '@server/services/assets/orphanSweep';
import { s3Env } from '../storage/s3Server';
import { FaultProxy } from '../faults/faultProxy';
import { buildAsset } from './assetFactories';
import { buildWorkspace, type BuiltUser } from './factories';
import { POSTGRES_URL, startTestApp, testS3Server, type ApiClient, type TestApp } from './harness';
import { buildProject } from './projectFactories';
import { TusClient } from './tus';
import { TINY_PNG } from './images';
import { freePort } from '../freePort';
import { waitFor } from '../queue/waitFor';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Workers killed mid-job (SIGKILL: nothing recorded): `npm run worker` processes over the app's
 * database and bucket, the doomed one reaching the bucket through a slow fault proxy so that it is
 * surely mid-preview or mid-zip when it dies. Another worker takes the job back and finishes it,
 * once; nothing is left in the bucket that no row names.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('faults: a worker killed mid-job', () => {
  let slow: FaultProxy;
  let t: TestApp;
  let owner: BuiltUser;
  let client: ApiClient;
  let project: { id: number };
  const workers: ChildProcess[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    const s3 = testS3Server()!;
    const store = new URL(s3.endpoint);
    slow = await FaultProxy.start({ host: store.hostname, port: Number(store.port) });
    slow.set({ kind: 'delay', ms: 300 });
    // The web process runs no jobs: the workers do. Every download is e-mailed (a byte is too large).
    t = await startTestApp({ WORKER: 'false', DOWNLOAD_DIRECT_MAX_GB: '0.000000001' });
    let workspace: { id: number };
    ({ owner, client, workspace } = await buildWorkspace(t.baseUrl, t.ctx));
    project = await buildProject(client, workspace.id);
  });
  afterAll(async () => {
    for (const worker of workers) await stop(worker);
    await t?.close();
    await slow?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A worker process on the app's database and bucket; `slow`: its bucket through the slow proxy. */
  function startWorker(options: { slow: boolean }): ChildProcess {
    const dataDir = mkdtempSync(join(tmpdir(), 'proofroom-worker-'));
    dataDirs.push(dataDir);
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: POSTGRES_URL,
      DATABASE_SCHEMA: t.schema,
      SESSION_SECRET: t.ctx.config.sessionSecret,
      DOWNLOAD_DIRECT_MAX_GB: '0.000000001',
      ...s3Env(testS3Server()!, t.bucket!),
      ...(options.slow ? { S3_ENDPOINT: slow.url } : {}),
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
      cwd: ROOT,
      env,
      stdio: 'ignore',
    });
    workers.push(child);
    return child;
  }

  async function stop(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** The job's row once `done` says so. */
  async function jobOf(name: string, done: (row: JobRow) => boolean): Promise<JobRow> {
    return waitFor(async () => {
      const rows = await t.ctx.db
        .selectFrom('jobs')
        .select(['id', 'state', 'attempts', 'lease_owner', 'payload'])
        .where('name', '=', name)
        .execute();
      return rows.find(done);
    }, 60_000);
  }

  async function expectNoOrphanLeft() {
    // A preview in flight stores its files before its row names them: the sweep below, with the
    // clock past the grace, would take them for orphans. It runs once every preview has settled.
    await waitFor(
      async () =>
        (await t.ctx.db
          .selectFrom('asset_versions')
          .select('id')
          .where('preview_state', '=', 'processing')
          .executeTakeFirst()) === undefined,
      60_000,
      'the previews in flight to settle',
    );
    const now = t.clock.now();
    t.clock.set(new Date(Date.now() + 2 * ORPHAN_GRACE_MS));
    // What the killed worker stored before it died is the sweep's; then nothing more, and every
    // file a row names is there.
    await t.ctx.orphanSweep.run();
    expect(await t.ctx.orphanSweep.run()).toMatchObject({ removed: 0 });
    t.clock.set(now);
    const rounds = await t.ctx.db
      .selectFrom('asset_versions')
      .select(['original_key', 'thumbnail_key', 'preview_key', 'low_res_key'])
      .execute();
    for (const round of rounds)
      for (const key of Object.values(round))
        if (key) expect(await t.ctx.storage.head(key), key).not.toBeNull();
  }

  it('kills the worker mid-preview and mid-zip: another worker finishes each, once', async () => {
    const asset = await buildAsset(client, project.id, { name: 'killed-mid-preview.png' });
    const doomed = startWorker({ slow: true });
    const held = await jobOf(MAKE_PREVIEWS, (row) => row.state === 'active' && row.lease_owner !== null);
    await stop(doomed);
    const rescuer = startWorker({ slow: false });
    const done = await jobOf(MAKE_PREVIEWS, (row) => row.id === held.id && row.state === 'completed');
    expect(done.attempts).toBe(2);
    const round = await t.ctx.uow.read.assetVersions.findById(asset.current_version.id);
    expect(round).toMatchObject({ preview_state: 'ready' });
    await stop(rescuer);

    const mailsBefore = await downloadMails();
    const zipDoomed = startWorker({ slow: true });
    const answer = await client.post(`/projects/${project.id}/download`, {});
    expect(answer.body.response).toEqual({ download_type: 'email', download_url: null });
    const zip = await jobOf(BUILD_ZIP, (row) => row.state === 'active' && row.lease_owner !== null);
    await stop(zipDoomed);
    startWorker({ slow: false });
    const built = await jobOf(BUILD_ZIP, (row) => row.id === zip.id && row.state === 'completed');
    expect(built.attempts).toBe(2);
    const mails = await waitFor(async () => {
      const count = await downloadMails();
      return count > mailsBefore ? count : undefined;
    }, 60_000);
    expect(mails).toBe(mailsBefore + 1);
    const key = (JSON.parse(built.payload) as { key: string }).key;
    expect(await t.ctx.storage.head(key)).toMatchObject({ contentType: 'application/zip' });
    const zips: string[] = [];
    for await (const entry of t.ctx.storage.list('downloads/')) zips.push(entry.key);
    expect(zips).toEqual([key]);
    await expectNoOrphanLeft();
  }, 60_000);

  it('kills an app instance mid-upload (between chunks): the tus upload resumes on the other, one asset', async () => {
    const port = await freePort();
    const doomed = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: String(port),
        WORKER: 'false',
        // The same installation as the test app: its database, bucket, secret and files' disk.
        DATA_DIR: t.dataDir,
        DATABASE_URL: POSTGRES_URL,
        DATABASE_SCHEMA: t.schema,
        SESSION_SECRET: t.ctx.config.sessionSecret,
        ...s3Env(testS3Server()!, t.bucket!),
      },
      stdio: 'ignore',
    });
    workers.push(doomed);
    const other = `http://127.0.0.1:${port}`;
    await waitFor(async () =>
      (await fetch(`${other}/api/v1/users/me`).catch(() => null))?.status === 401 ? true : undefined,
    );

    const bytes = Buffer.concat([TINY_PNG, randomBytes(256 * 1024)]);
    const tusOther = new TusClient(other, client);
    const created = await tusOther.create(
      { filename: 'killed-mid-upload.png', project_id: project.id },
      bytes.length,
    );
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    // Half the bytes taken by the doomed instance, which then dies (SIGKILL) before the rest.
    const half = Math.floor(bytes.length / 2);
    expect((await tusOther.patch(location, 0, bytes.subarray(0, half))).status).toBe(204);
    await stop(doomed);

    // The other instance: where it stopped, the rest, one asset.
    const tus = new TusClient(t.baseUrl, client);
    expect((await tus.offset(location)).offset).toBe(half);
    expect((await tus.patch(location, half, bytes.subarray(half))).status).toBe(204);
    const names = (await client.get(`/projects/${project.id}/assets`)).body.response.map((a: any) => a.name);
    expect(names.filter((n: string) => n === 'killed-mid-upload.png')).toHaveLength(1);
    const asset = (await client.get(`/projects/${project.id}/assets`)).body.response.find(
      (a: any) => a.name === 'killed-mid-upload.png',
    );
    expect(asset.current_version.size_in_bytes).toBe(bytes.length);
    await expectNoOrphanLeft();
  }, 90_000);

  async function downloadMails(): Promise<number> {
    const rows = await t.ctx.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', owner.email.toLowerCase())
      .execute();
    return rows.filter((row) => /download/i.test(row.subject)).length;
  }
});

interface JobRow {
  id: number;
  state: string;
  attempts: number;
  lease_owner: string | null;
  payload: string;
}
