import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FaultProxy } from '../faults/faultProxy';
import { sleep, waitFor } from '../queue/waitFor';
import { Cluster, type ClusterProcess } from '../scaled/cluster';
import { buildAsset } from './assetFactories';
import { ApiClient, testS3Server } from './harness';
import { buildProject } from './projectFactories';
import { readyRound } from './readyRound';
import { TusClient } from './tus';

const CORPUS = join(import.meta.dirname, '../../../shared/corpus');
const LANDSCAPE = readFileSync(join(CORPUS, 'jpeg/exif-orientation-6_landscape.jpg'));
/** What a process may take past its grace to close its pools and exit (tsx, pg-boss's stop). */
const EXIT_MARGIN_MS = 4000;

/**
 * SIGTERM as an orchestrator sends it (SHUTDOWN_GRACE_SECONDS, docs/deploy.md 'Stopping'), to real
 * processes of the scaled-out layout (tests/scaled/cluster.ts): a web process stops being ready,
 * lets the request in flight end and exits 0, or cuts what outlasts the grace and exits 1, the
 * upload resumable; a worker hands the run it could not end back, and another worker ends it once.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('graceful shutdown', () => {
  let cluster: Cluster;
  let owner: ApiClient;
  let project: { id: number };
  let failed = false;

  beforeAll(async () => {
    cluster = await Cluster.create(testS3Server()!);
    const app = await cluster.startApp();
    owner = new ApiClient(app.baseUrl);
    const signUp = await owner.post('/users/sign_up', {
      user: {
        name: 'Shutdown Owner',
        email: `shutdown-${Date.now()}@example.com`,
        password: 'drain then go',
      },
    });
    expect(signUp.status).toBe(201);
    const workspace = await owner.post('/workspaces', { price_id: 201 });
    project = await buildProject(owner, workspace.body.response.id as number);
  }, 60_000);
  afterEach((context) => {
    if (context.task.result?.state === 'fail') failed = true;
  });
  afterAll(async () => {
    if (failed && cluster) console.error(cluster.report());
    await cluster?.stop();
  });

  /** A web process (WORKER=false) with its own grace. */
  function startApp(graceSeconds: number): Promise<ClusterProcess> {
    return cluster.startApp({ SHUTDOWN_GRACE_SECONDS: String(graceSeconds) });
  }

  it('a web process stops being ready at once, ends the upload in flight and exits 0', async () => {
    const app = await startApp(5);
    const tus = new TusClient(app.baseUrl, owner.at(app.baseUrl));
    const created = await tus.create({ filename: 'in-flight.jpg', project_id: project.id }, LANDSCAPE.length);
    expect(created.status).toBe(201);
    const half = Math.floor(LANDSCAPE.length / 2);
    const patch = openPatch(owner, app.baseUrl, created.headers.get('location')!, 0, LANDSCAPE.length);
    patch.write(LANDSCAPE.subarray(0, half));
    // On its way (a HEAD now would take tus's lock from the PATCH): the server reads it as it comes.
    await sleep(500);

    const signalled = Date.now();
    app.child.kill('SIGTERM');
    // Nothing new goes to it: /ready answers 503 while it still listens, then nobody answers.
    await waitFor(async () => ((await readiness(app)) === 'ready' ? undefined : true), 2000);
    expect(await readiness(app)).not.toBe('ready');

    patch.end(LANDSCAPE.subarray(half));
    const answer = await patch.answer;
    expect(answer.status).toBe(204);
    await app.exited;
    expect(app.child.exitCode).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(5000 + EXIT_MARGIN_MS);
    const asset = await owner.get(`/assets/${answer.headers['upload-asset-id'] as string}`);
    expect(asset.status).toBe(200);
    expect(asset.body.response.name).toBe('in-flight.jpg');
  }, 60_000);

  it('past the grace it cuts the upload, exits 1 saying so, and the upload resumes on its successor', async () => {
    const app = await startApp(1);
    const tus = new TusClient(app.baseUrl, owner.at(app.baseUrl));
    const created = await tus.create({ filename: 'cut.jpg', project_id: project.id }, LANDSCAPE.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const patch = openPatch(owner, app.baseUrl, location, 0, LANDSCAPE.length);
    patch.write(LANDSCAPE.subarray(0, Math.floor(LANDSCAPE.length / 2)));
    await sleep(500);

    const signalled = Date.now();
    app.child.kill('SIGTERM');
    // The client never sends the rest: the grace passes and its connection is closed.
    await expect(patch.answer).rejects.toThrow();
    await app.exited;
    expect(app.child.exitCode).toBe(1);
    expect(Date.now() - signalled).toBeLessThan(1000 + EXIT_MARGIN_MS);
    expect(app.output).toContain('requests still in flight at the end of the shutdown grace');

    // Another instance: the upload lives in the bucket, its lock in the database.
    const successor = await startApp(5);
    const resumed = new TusClient(successor.baseUrl, owner.at(successor.baseUrl));
    const head = await resumed.offset(location);
    expect(head.status).toBe(200);
    expect(head.offset).toBeGreaterThanOrEqual(0);
    expect(head.offset).toBeLessThanOrEqual(LANDSCAPE.length / 2);
    const finished = await resumed.patch(location, head.offset, LANDSCAPE.subarray(head.offset));
    expect(finished.status).toBe(204);
    const asset = await owner.get(`/assets/${finished.headers.get('upload-asset-id')}`);
    expect(asset.body.response.name).toBe('cut.jpg');
  }, 60_000);

  it('a worker past its grace hands the preview back; another worker makes it, once', async () => {
    // The doomed worker reads the bucket through a slow proxy: its preview outlasts a 1 s grace.
    const store = new URL(cluster.s3.endpoint);
    const slow = await FaultProxy.start({ host: store.hostname, port: Number(store.port) });
    try {
      slow.set({ kind: 'delay', ms: 1500 });
      const doomed = cluster.startWorker({ S3_ENDPOINT: slow.url, SHUTDOWN_GRACE_SECONDS: '1' });
      const asset = await buildAsset(owner, project.id, { name: 'handed-back.jpg', bytes: LANDSCAPE });
      const held = await waitFor(() => cluster.activePreviewOf(doomed), 30_000);

      const signalled = Date.now();
      doomed.child.kill('SIGTERM');
      await doomed.exited;
      expect(Date.now() - signalled).toBeLessThan(1000 + EXIT_MARGIN_MS);
      expect(doomed.child.exitCode).toBe(1);
      expect(doomed.output).toContain('handed back');
      // Back in the queue as before its run: not a failure, no retry spent.
      expect(await cluster.pgBossJob(held)).toMatchObject({ state: 'created', retry_count: 0 });

      cluster.startWorker();
      await readyRound(owner, asset.id as number);
      const done = await waitFor(async () => {
        const job = await cluster.pgBossJob(held);
        return job?.state === 'completed' || job?.state === 'failed' ? job : undefined;
      }, 30_000);
      expect(done).toMatchObject({ state: 'completed', retry_count: 0 });
      // Every round's preview made (the uploads above queued theirs too), one set of renditions
      // each: the cut runs stored none.
      const versions = await waitFor(async () => {
        const rows = await cluster.db
          .selectFrom('asset_versions')
          .select(['preview_state', 'thumbnail_key'])
          .execute();
        return rows.every((v) => v.preview_state === 'ready') ? rows : undefined;
      }, 30_000);
      const folders = await cluster.renditionFolders();
      expect(folders.sort()).toEqual(versions.map((v) => v.thumbnail_key!.split('/')[1]).sort());
    } finally {
      await slow.close();
    }
  }, 90_000);
});

/** GET /ready: 'ready', 'unavailable' (a 503), or 'refused' when nothing answers. */
async function readiness(app: ClusterProcess): Promise<'ready' | 'unavailable' | 'refused'> {
  try {
    const answer = await fetch(`${app.baseUrl}/ready`);
    if (answer.ok) return 'ready';
    expect(answer.status).toBe(503);
    return 'unavailable';
  } catch {
    return 'refused';
  }
}

/**
 * A tus PATCH whose body the test sends when it likes (`write`, then `end`): an upload in flight.
 * `answer` rejects when the server closes the connection first.
 */
function openPatch(client: ApiClient, baseUrl: string, location: string, offset: number, total: number) {
  const url = new URL(location, baseUrl);
  const req = request(url, {
    method: 'PATCH',
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
      'Content-Length': String(total - offset),
      cookie: client.cookieHeader,
    },
  });
  const answer = new Promise<{ status: number; headers: Record<string, string | string[] | undefined> }>(
    (resolve, reject) => {
      req.once('response', (response) => {
        response.resume();
        response.once('end', () => resolve({ status: response.statusCode!, headers: response.headers }));
      });
      req.once('error', reject);
    },
  );
  answer.catch(() => undefined);
  return {
    answer,
    write: (bytes: Buffer) => req.write(bytes),
    end: (bytes: Buffer) => req.end(bytes),
  };
}
