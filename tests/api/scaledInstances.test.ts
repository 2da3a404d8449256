import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FaultProxy } from '../faults/faultProxy';
import { waitFor } from '../queue/waitFor';
import { Cluster, type ClusterProcess } from '../scaled/cluster';
import { buildAsset } from './assetFactories';
import { buildComment } from './commentFactories';
import { ApiClient, testS3Server, type Json } from './harness';
import { LiveStream } from './liveClient';
import { buildProject } from './projectFactories';
import { readyRound } from './readyRound';
import { TusClient } from './tus';

const CORPUS = join(import.meta.dirname, '../../../shared/corpus');
const LANDSCAPE = readFileSync(join(CORPUS, 'jpeg/exif-orientation-6_landscape.jpg'));

/**
 * The scaled-out layout as real processes: two app instances (`server/main.ts`, WORKER=false) and
 * a worker (`server/worker.ts`) on different ports over one PostgreSQL schema, pg-boss and one
 * bucket. Whatever one instance starts, the other carries on.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('many instances, one truth', () => {
  let cluster: Cluster;
  let a: ClusterProcess;
  let b: ClusterProcess;
  let onA: ApiClient;
  let onB: ApiClient;
  let project: { id: number };
  /** An asset uploaded on A (multipart), its preview made by the worker. */
  let asset: Json;
  const streams: LiveStream[] = [];
  let failed = false;

  beforeAll(async () => {
    cluster = await Cluster.create(testS3Server()!);
    [a, b] = (await cluster.startApps(2)) as [ClusterProcess, ClusterProcess];
    cluster.startWorker();
  }, 60_000);
  afterEach((context) => {
    if (context.task.result?.state === 'fail') failed = true;
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    if (failed && cluster) console.error(cluster.report());
    await cluster?.stop();
  });

  it('a session made on one instance works on the other', async () => {
    onA = new ApiClient(a.baseUrl);
    const email = `scaled-${Date.now()}@example.com`;
    const signUp = await onA.post('/users/sign_up', {
      user: { name: 'Scaled Owner', email, password: 'two instances' },
    });
    expect(signUp.status).toBe(201);
    onB = onA.at(b.baseUrl);
    const me = await onB.get('/users/me');
    expect(me.status).toBe(200);
    expect(me.body.response.email).toBe(email);
    expect((await new ApiClient(b.baseUrl).get('/users/me')).status).toBe(401);

    const workspace = await onA.post('/workspaces', { price_id: 201 });
    expect(workspace.status).toBe(201);
    project = await buildProject(onB, workspace.body.response.id as number);
  });

  it('a tus upload begun on one instance resumes on the other and becomes an asset', async () => {
    const half = Math.floor(LANDSCAPE.length / 2);
    const tusA = new TusClient(a.baseUrl, onA);
    const created = await tusA.create({ filename: 'across.jpg', project_id: project.id }, LANDSCAPE.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect((await tusA.patch(location, 0, LANDSCAPE.subarray(0, half))).status).toBe(204);

    const tusB = new TusClient(b.baseUrl, onB);
    const head = await tusB.offset(location);
    expect(head.status).toBe(200);
    expect(head.offset).toBe(half);
    const finished = await tusB.patch(location, half, LANDSCAPE.subarray(half));
    expect(finished.status).toBe(204);
    const uploaded = await onA.get(`/assets/${finished.headers.get('upload-asset-id')}`);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.response.name).toBe('across.jpg');
    await readyRound(onB, uploaded.body.response.id as number);
  });

  it('the worker makes a preview; the thumbnail is served by an instance', async () => {
    asset = await buildAsset(onA, project.id, { name: 'previewed.jpg', bytes: LANDSCAPE });
    const round = await readyRound(onB, asset.id as number);
    const thumbnail = await fetch(`${a.baseUrl}${round.thumbnail_url}`, {
      headers: { cookie: onA.cookieHeader },
    });
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toMatch(/^image\//);
    expect((await thumbnail.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('a comment posted on one instance reaches an event stream held by the other', async () => {
    const stream = await LiveStream.open(b.baseUrl, { client: onB });
    streams.push(stream);
    expect(stream.status).toBe(200);
    const comment = await buildComment(onA, asset.id as number, { text: 'Seen on B.' });
    const message = await stream.next('comment.created', (m) => m.data.object_id === comment.id);
    expect(message.data).toMatchObject({ object_id: comment.id });
  });

  it('a worker killed mid-preview leaves the job to another, which finishes it once', async () => {
    const [first] = cluster.processes.filter((p) => p.kind === 'worker') as [ClusterProcess];
    // The doomed worker reads the bucket through a slow proxy, so it is surely mid-preview when it
    // dies; the first worker is paused meanwhile, so the doomed one is the one that takes the job.
    const store = new URL(cluster.s3.endpoint);
    const slow = await FaultProxy.start({ host: store.hostname, port: Number(store.port) });
    try {
      slow.set({ kind: 'delay', ms: 1000 });
      await cluster.kill(first, 'SIGSTOP');
      const doomed = cluster.startWorker({ S3_ENDPOINT: slow.url });
      const killed = await buildAsset(onA, project.id, { name: 'killed-mid-preview.jpg', bytes: LANDSCAPE });
      const held = await waitFor(() => cluster.activePreviewOf(doomed), 20_000);
      await cluster.kill(doomed, 'SIGKILL');
      await cluster.kill(first, 'SIGCONT');
      // A worker that starts takes back the runs of the dead processes of its machine.
      cluster.startWorker();

      // pg-boss retries after 10–20 s (the job's retry delay, backed off).
      const round = await readyRound(onA, killed.id as number, 40_000);
      // The round is ready once the job's work is committed; pg-boss marks the job completed after.
      const job = await waitFor(
        async () => {
          const settled = await cluster.pgBossJob(held);
          return settled?.state === 'active' ? undefined : settled;
        },
        10_000,
        'pg-boss to settle the retried job',
      );
      expect(job).toMatchObject({ state: 'completed', retry_count: 1 });
      // One set of renditions: one folder per round with a preview, the killed run's none.
      const versions = await cluster.db
        .selectFrom('asset_versions')
        .select(['id', 'thumbnail_key'])
        .where('thumbnail_key', 'is not', null)
        .execute();
      expect(versions.map((v) => v.id)).toContain(round.id);
      const folders = await cluster.renditionFolders();
      expect(folders.sort()).toEqual(versions.map((v) => v.thumbnail_key!.split('/')[1]).sort());
    } finally {
      await slow.close();
    }
  }, 60_000);
});
