import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { buildUser, buildWorkspace, PRICES, signedIn } from '../tests/api/factories';
import type { ApiClient } from '../tests/api/harness';
import { LiveStream } from '../tests/api/liveClient';
import { addProjectMember, buildProject } from '../tests/api/projectFactories';
import { Cluster } from '../tests/scaled/cluster';
import { startS3Server, type S3Server } from '../tests/storage/s3Server';
import { freePort } from '../tests/freePort';

/**
 * The load of a working studio on both ways to run, side by side: 200 users browsing projects and
 * asset lists, 50 posting comments, 20 uploading pictures, each with the live stream open, for
 * BENCH_MINUTES (5 by default) on loopback. Scaled out: two app processes (WORKER=false) and one
 * worker over PostgreSQL and a Ceph RADOS Gateway bucket, users spread over the two; embedded: one
 * process on SQLite and the local disk. Afterwards every acknowledged comment and upload is looked
 * up. Figures: errors by route and status, p50/p99 per route, requests per second.
 *
 *   npm run bench:load                 (BENCH_MINUTES=1 for a short run; BENCH_MODES=embedded)
 */
const ROOT = resolve(import.meta.dirname, '..');
const MINUTES = Number(process.env.BENCH_MINUTES ?? 5);
const MODES = (process.env.BENCH_MODES ?? 'scaled,embedded').split(',');
const BROWSERS = 200;
const COMMENTERS = 50;
const UPLOADERS = 20;
const PROJECTS = 4;
const ASSETS_PER_PROJECT = 12;
const PICTURES = [
  readFileSync('/work/shared/corpus/jpeg/exif-orientation-6_landscape.jpg'),
  readFileSync('/work/shared/corpus/png/16bit-grey-alpha_109x96.png'),
];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Think time between a user's calls: a person reads before they click. */
const think = (ms: number) => sleep(ms * (0.5 + Math.random()));

interface Running {
  urls: string[];
  stop(): Promise<void>;
}

interface Seeded {
  projects: { id: number; assetIds: number[] }[];
  clients: ApiClient[];
}

function start(entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, ...env, MALLOC_ARENA_MAX: '2' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function answering(url: string) {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${url}/api/v1/pricing_plans`).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${url} never answered`);
}

/** Seeds through an app in this process (the factories write rows), then closes it. */
async function seed(env: Record<string, string>, userCount: number): Promise<Seeded> {
  const config = loadConfig({ ...env, PORT: '0' });
  const built = await buildApp(config, { logger: false, webDir: join(env.DATA_DIR!, 'no-web') });
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const address = built.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const { client: owner, workspace } = await buildWorkspace(url, built.ctx, { priceId: PRICES.teamMonthly });
  const projects: Seeded['projects'] = [];
  for (let p = 0; p < PROJECTS; p++) {
    const project = await buildProject(owner, workspace.id, { name: `Campaign ${p + 1}` });
    const assetIds: number[] = [];
    for (let a = 0; a < ASSETS_PER_PROJECT; a++) {
      const form = new FormData();
      form.set('project_id', String(project.id));
      form.set(
        'file',
        new Blob([new Uint8Array(PICTURES[a % 2]!)]),
        `shot-${p}-${a}.${a % 2 ? 'png' : 'jpg'}`,
      );
      const answer = await owner.post('/assets', form);
      if (answer.status !== 201) throw new Error(`seed upload: ${answer.status}`);
      assetIds.push(answer.body.response.id);
    }
    projects.push({ id: project.id, assetIds });
  }
  const clients: ApiClient[] = [];
  for (let u = 0; u < userCount; u++) {
    const user = await buildUser(built.ctx);
    await addProjectMember(built.ctx, projects[u % PROJECTS]!.id, user.id, 'collaborator');
    clients.push(await signedIn(url, user));
  }
  await built.ctx.jobs.idle();
  await built.ctx.jobs.stop();
  built.app.server.closeAllConnections();
  await built.app.close();
  return { projects, clients };
}

async function scaledOut(): Promise<{ env: Record<string, string>; launch: () => Promise<Running> }> {
  const s3: S3Server = await startS3Server();
  const cluster = await Cluster.create(s3);
  const settings = { NODE_ENV: 'production', API_RATE_LIMIT_PER_MINUTE: '100000000', MALLOC_ARENA_MAX: '2' };
  const launch = async (): Promise<Running> => {
    const apps = await cluster.startApps(2, settings);
    cluster.startWorker(settings);
    return {
      urls: apps.map((app) => app.baseUrl),
      async stop() {
        await cluster.stop();
        await s3.stop();
      },
    };
  };
  return { env: cluster.environment(settings), launch };
}

async function embedded(): Promise<{ env: Record<string, string>; launch: () => Promise<Running> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'proofroom-load-'));
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite://${join(dataDir, 'load.db')}`,
    API_RATE_LIMIT_PER_MINUTE: '100000000',
  };
  const launch = async (): Promise<Running> => {
    const port = await freePort();
    const app = start('server/main.ts', { ...env, PORT: String(port), HOST: '127.0.0.1' });
    const url = `http://127.0.0.1:${port}`;
    await answering(url);
    return {
      urls: [url],
      async stop() {
        app.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  };
  return { env, launch };
}

class Figures {
  readonly latencies = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  requests = 0;

  async time(route: string, call: () => Promise<{ status: number }>, ok = (s: number) => s < 300) {
    const started = performance.now();
    let status: number;
    try {
      status = (await call()).status;
    } catch {
      status = -1;
    }
    this.requests++;
    const list = this.latencies.get(route) ?? [];
    list.push(performance.now() - started);
    this.latencies.set(route, list);
    if (!ok(status)) this.errors.set(`${route} ${status}`, (this.errors.get(`${route} ${status}`) ?? 0) + 1);
    return status;
  }
}

async function runMix(seeded: Seeded, urls: string[], figures: Figures) {
  const until = Date.now() + MINUTES * 60_000;
  const comments: { id: number; asset: number; client: ApiClient }[] = [];
  const uploads: { id: number; client: ApiClient }[] = [];
  // Each user's cookie against the instance it is sent to (round-robin), as a load balancer would.
  const users = seeded.clients.map((client, i) => ({
    client: client.at(urls[i % urls.length]!),
    project: seeded.projects[i % PROJECTS]!,
    index: i,
  }));
  const streams = await Promise.all(
    users.map((u) => LiveStream.open(urls[u.index % urls.length]!, { client: u.client })),
  );
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

  const browse = async (u: (typeof users)[number]) => {
    while (Date.now() < until) {
      await figures.time('GET /projects/{id}', () => u.client.get(`/projects/${u.project.id}`));
      await think(1000);
      await figures.time('GET /projects/{id}/assets', () => u.client.get(`/projects/${u.project.id}/assets`));
      await think(1000);
      const asset = pick(u.project.assetIds);
      await figures.time('GET /assets/{id}', () => u.client.get(`/assets/${asset}`));
      await figures.time('GET /assets/{id}/comments', () => u.client.get(`/assets/${asset}/comments`));
      await think(2000);
    }
  };
  const comment = async (u: (typeof users)[number]) => {
    while (Date.now() < until) {
      const asset = pick(u.project.assetIds);
      let id = 0;
      await figures.time('POST /comments', async () => {
        const answer = await u.client.post('/comments', {
          asset_id: asset,
          text: `Note ${randomBytes(3).toString('hex')}`,
        });
        if (answer.status === 201) id = answer.body.response.id;
        return answer;
      });
      if (id) comments.push({ id, asset, client: u.client });
      await think(3000);
    }
  };
  const upload = async (u: (typeof users)[number]) => {
    for (let n = 0; Date.now() < until; n++) {
      const form = new FormData();
      form.set('project_id', String(u.project.id));
      const jpeg = n % 2 === 0;
      form.set(
        'file',
        new Blob([new Uint8Array(PICTURES[jpeg ? 0 : 1]!)]),
        `load-${u.index}-${n}.${jpeg ? 'jpg' : 'png'}`,
      );
      let id = 0;
      await figures.time('POST /assets', async () => {
        const answer = await u.client.post('/assets', form);
        if (answer.status === 201) id = answer.body.response.id;
        return answer;
      });
      if (id) uploads.push({ id, client: u.client });
      await think(8000);
    }
  };
  const started = performance.now();
  await Promise.all(
    users.map((u, i) => (i < BROWSERS ? browse(u) : i < BROWSERS + COMMENTERS ? comment(u) : upload(u))),
  );
  const seconds = (performance.now() - started) / 1000;
  const received = streams.reduce((sum, s) => sum + s.messages.length, 0);
  for (const s of streams) s.close();

  // Every acknowledged comment and upload is there.
  let missing = 0;
  const byAsset = new Map<number, typeof comments>();
  for (const c of comments) byAsset.set(c.asset, [...(byAsset.get(c.asset) ?? []), c]);
  for (const [asset, acknowledged] of byAsset) {
    const listed = await listedComments(acknowledged[0]!.client, asset);
    missing += acknowledged.filter((c) => !listed.has(c.id)).length;
  }
  for (const a of uploads) if ((await a.client.get(`/assets/${a.id}`)).status !== 200) missing++;
  return { seconds, received, comments: comments.length, uploads: uploads.length, missing };
}

/** Every comment id of the asset's list, page after page. */
async function listedComments(client: ApiClient, asset: number): Promise<Set<number>> {
  const ids = new Set<number>();
  for (let page = 1; ; page++) {
    const answer = await client.get(`/assets/${asset}/comments?page=${page}`);
    for (const comment of answer.body.response) ids.add(comment.id);
    if (page >= (answer.body.meta?.pagination?.pages ?? 1)) return ids;
  }
}

function quantile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

console.log(
  `Load mix: ${BROWSERS} browsing, ${COMMENTERS} commenting, ${UPLOADERS} uploading, each with a live stream, ${MINUTES} min per mode.`,
);
for (const mode of MODES) {
  const setup = mode === 'scaled' ? await scaledOut() : await embedded();
  const seeded = await seed(setup.env, BROWSERS + COMMENTERS + UPLOADERS);
  const running = await setup.launch();
  const figures = new Figures();
  try {
    const outcome = await runMix(seeded, running.urls, figures);
    const label =
      mode === 'scaled'
        ? 'scaled out (2 apps + 1 worker, PostgreSQL, S3)'
        : 'embedded (1 process, SQLite, disk)';
    console.log(
      `\n${label}: ${figures.requests} requests in ${outcome.seconds.toFixed(0)} s = ${(figures.requests / outcome.seconds).toFixed(1)}/s`,
    );
    console.log(
      `  errors: ${[...figures.errors.values()].reduce((a, b) => a + b, 0)} ${JSON.stringify(Object.fromEntries(figures.errors))}`,
    );
    console.log(`  stream messages received: ${outcome.received}`);
    console.log(
      `  acknowledged: ${outcome.comments} comments, ${outcome.uploads} uploads; missing afterwards: ${outcome.missing}`,
    );
    for (const [route, list] of figures.latencies) {
      list.sort((a, b) => a - b);
      console.log(
        `  ${route.padEnd(28)} n=${String(list.length).padStart(6)}  p50 ${quantile(list, 0.5).toFixed(1).padStart(7)} ms  p99 ${quantile(list, 0.99).toFixed(1).padStart(7)} ms`,
      );
    }
  } finally {
    await running.stop();
  }
}
process.exit(0);
