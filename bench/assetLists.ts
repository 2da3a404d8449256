import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { ASSET_SORT_VALUES } from '@common/api/assetLists';
import { seedAssets, type SeedAsset } from '../tests/api/assetSeeds';
import { buildWorkspace, PRICES } from '../tests/api/factories';
import { startTestApp } from '../tests/api/harness';
import { buildProject, buildProjectMember } from '../tests/api/projectFactories';
import {
  ask,
  closeApp,
  countQueries,
  listenOnLoopback,
  measuredAnswer,
  median,
  type Route,
  type Served as AppServed,
} from './servedApp';

/**
 * One page of 100 assets out of a folder of 10,000, in each sort of §9 and with two filters, at
 * 50 connections with autocannon, each beside a bare Fastify route sending the same bytes in the
 * same run; each app route twice: its answer built on every call (BENCH_READ_CACHE's "off" of
 * bench/reads.ts, what the first call after any change costs) and kept by the read cache. The
 * app runs in a child process (one core for it, one for the load). The assets are written
 * straight to the database (tests/api/assetSeeds.ts); the caller is a collaborator who has seen
 * nine in ten of them; a fifth of them were placed by hand (PATCH set_assets_order, timed).
 *
 * Run: `npm run bench:asset-lists`. BENCH_DB=sqlite|postgres|both (both), BENCH_SECONDS per run
 * (4), BENCH_REPEATS (3), BENCH_ASSETS (10000).
 */

const CONNECTIONS = 50;
const self = fileURLToPath(import.meta.url);

interface Served extends AppServed {
  seededSeconds: number;
  orderSeconds: number;
}

type Message = { kind: 'close' } | { kind: 'cache'; on: boolean };

// ---------------------------------------------------------------- the app process

/** Every sort of a fifth of the assets apart, by a fixed scramble of their number. */
const scramble = (i: number, n: number) => (i * 7919) % n;

function assetsOf(count: number): SeedAsset[] {
  const start = Date.UTC(2026, 9, 1);
  const types = ['jpeg', 'jpeg', 'png', 'tiff', 'pdf'] as const;
  return Array.from({ length: count }, (_, i) => {
    const fileType = types[i % types.length]!;
    return {
      name: `IMG_${String(scramble(i, count)).padStart(5, '0')}.${fileType === 'jpeg' ? 'jpg' : fileType}`,
      kind: fileType === 'pdf' ? 'document' : 'image',
      fileType,
      roundNumber: i % 4,
      approve: i % 3 === 0 ? 'confirmed' : 'pending',
      rushPrioritySetAt: i % 50 === 0 ? new Date(start + i * 60_000).toISOString() : null,
      unresolvedCommentsCount: i % 7,
      createdAt: new Date(start + i * 1000).toISOString(),
      lastActivityAt: new Date(start + scramble(i, count) * 1000).toISOString(),
    };
  });
}

async function serve(): Promise<void> {
  const started = performance.now();
  const count = Number(process.env.BENCH_ASSETS ?? 10_000);
  const t = await startTestApp({ API_RATE_LIMIT_PER_MINUTE: '100000000' });
  const { owner, client, workspace } = await buildWorkspace(t.baseUrl, t.ctx, {
    priceId: PRICES.teamMonthly,
  });
  const project = await buildProject(client, workspace.id, { name: 'Big shoot' });
  const folder = (await client.post(`/projects/${project.id}/folders`, { name: 'Day 1' })).body.response;
  const teammate = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
  const ids = await seedAssets(
    t.ctx,
    { projectId: project.id, folderId: folder.id, uploaderId: owner.id },
    assetsOf(count),
  );
  const labels = (await client.get(`/projects/${project.id}/labels`)).body.response as { id: number }[];
  await t.ctx.db
    .updateTable('assets')
    .set({ label_id: labels[0]!.id })
    .where(
      'id',
      'in',
      ids.filter((_, i) => i % 5 === 0),
    )
    .execute();
  // The caller has seen nine in ten, after they came.
  const seen = ids.filter((_, i) => i % 10 !== 0);
  for (let i = 0; i < seen.length; i += 1000)
    await t.ctx.db
      .insertInto('asset_user_states')
      .values(
        seen.slice(i, i + 1000).map((id) => ({
          asset_id: id,
          user_id: teammate.user.id,
          last_seen_at: '2026-11-01T00:00:00.000Z',
        })),
      )
      .execute();
  const orderStarted = performance.now();
  const placed = await teammate.client.patch(`/projects/${project.id}/set_assets_order`, {
    asset_ids: ids.filter((_, i) => i % 5 === 1).reverse(),
    order: 'asc',
  });
  const orderSeconds = (performance.now() - orderStarted) / 1000;
  if (placed.status !== 200) throw new Error(`set_assets_order: ${placed.status}`);
  // What autovacuum leaves after a bulk load: fresh statistics and a visibility map.
  if (process.env.TEST_DB === 'postgres') await sql`vacuum analyze`.execute(t.ctx.db);
  const seededSeconds = (performance.now() - started) / 1000;

  const cache = t.ctx.readCache;
  const keep = cache.json.bind(cache);
  let cacheOn = true;
  cache.json = (key, version, build) => keep(key, cacheOn ? version : null, build);

  const queries = countQueries(t.ctx.db);

  const list = `/api/v1/folders/${folder.id}/assets`;
  const pages: [string, string][] = [
    ...ASSET_SORT_VALUES.map((sort): [string, string] => [`sort ${sort}`, `${list}?sort_by=${sort}`]),
    ['sort file_name, desc, page 100 (the last)', `${list}?sort_by=file_name&sort_order=desc&page=100`],
    [
      'filter approved images',
      `${list}?filters=${encodeURIComponent(JSON.stringify({ approve: 'confirmed', kind: 'image' }))}`,
    ],
    ['filter new for me', `${list}?filters=${encodeURIComponent(JSON.stringify({ new_for_me: true }))}`],
  ];
  const cookie = teammate.client.cookieHeader;
  const bare = Fastify();
  const bodies = new Map<string, { body: Buffer; type: string }>();
  const routes: Route[] = [];
  for (const [name, path] of pages) {
    cacheOn = false;
    const answer = await measuredAnswer(name, `${t.baseUrl}${path}`, cookie, queries);
    const listed = (JSON.parse(answer.body.toString()) as { response: unknown[] }).response.length;
    if (listed !== 100) throw new Error(`${name}: ${listed} assets, not 100`);
    routes.push({ name, path, queries: answer.queries, bytes: answer.body.length });
    bodies.set(path, answer);
  }
  // The bare route answers the same address, query included, with the same bytes.
  bare.get(list, (request, reply) => {
    const kept = bodies.get(request.url);
    return kept ? reply.type(kept.type).send(kept.body) : reply.code(404).send();
  });
  process.send?.({
    appUrl: t.baseUrl,
    bareUrl: await listenOnLoopback(bare),
    cookie,
    routes,
    seededSeconds,
    orderSeconds,
  } satisfies Served);

  const stop = async () => {
    await bare.close();
    await t.close(); // drops the PostgreSQL schema
    process.exit(0);
  };
  process.on('message', (message: Message) => {
    if (message.kind === 'close') void stop();
    else {
      cacheOn = message.on;
      process.send?.('done');
    }
  });
  process.once('disconnect', () => void stop());
}

// ---------------------------------------------------------------- the load process

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function cannon(url: string, cookie: string, seconds: number): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { cookie } });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function start(database: string): Promise<{ child: ChildProcess; served: Served }> {
  const child = fork(self, ['--serve'], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, TEST_DB: database },
  });
  return new Promise((done, fail) => {
    child.once('message', (served) => done({ child, served: served as Served }));
    child.once('exit', (code) => fail(new Error(`app process ended with ${code}`)));
  });
}

async function main(): Promise<void> {
  const which = process.env.BENCH_DB ?? 'both';
  const databases = which === 'both' ? ['sqlite', 'postgres'] : [which];
  const seconds = Number(process.env.BENCH_SECONDS ?? 4);
  const repeats = Number(process.env.BENCH_REPEATS ?? 3);

  for (const database of databases) {
    const { child, served } = await start(database);
    console.error(
      `${database}: seeded in ${served.seededSeconds.toFixed(0)} s; set_assets_order of a fifth of them took ${(served.orderSeconds * 1000).toFixed(0)} ms`,
    );
    const runs = new Map(
      served.routes.map((r) => [
        r.name,
        { built: [] as Figures[], kept: [] as Figures[], bare: [] as Figures[] },
      ]),
    );
    const app = (route: Route) => `${served.appUrl}${route.path}`;
    const bare = (route: Route) => `${served.bareUrl}${route.path}`;
    for (const route of served.routes) {
      await ask(child, { kind: 'cache', on: false });
      await cannon(app(route), served.cookie, 1); // warm-up, not counted
      await cannon(bare(route), served.cookie, 1);
    }
    for (let r = 0; r < repeats; r++)
      for (const route of served.routes) {
        const run = runs.get(route.name)!;
        await ask(child, { kind: 'cache', on: false });
        run.built.push(await cannon(app(route), served.cookie, seconds));
        run.bare.push(await cannon(bare(route), served.cookie, seconds));
        await ask(child, { kind: 'cache', on: true });
        run.kept.push(await cannon(app(route), served.cookie, seconds));
      }

    console.log(
      `\n${database}: ${CONNECTIONS} connections, ${repeats} runs of ${seconds} s each, medians\n` +
        '| route | queries | bytes | built req/s | built p50 | built p99 | kept req/s | kept p50 | kept p99 | bare req/s | bare p50 | bare p99 | errors |\n' +
        '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const route of served.routes) {
      const run = runs.get(route.name)!;
      const m = (list: Figures[], pick: (f: Figures) => number) => median(list.map(pick));
      const cells = (list: Figures[]) =>
        `${m(list, (f) => f.rps).toFixed(0)} | ${m(list, (f) => f.p50)} ms | ${m(list, (f) => f.p99)} ms`;
      const errors = [...run.built, ...run.kept, ...run.bare].reduce((n, f) => n + f.errors, 0);
      console.log(
        `| ${route.name} | ${route.queries} | ${route.bytes} | ${cells(run.built)} | ${cells(run.kept)} | ${cells(run.bare)} | ${errors} |`,
      );
    }
    await closeApp(child);
  }
}

if (process.argv[2] === '--serve') await serve();
else await main();
