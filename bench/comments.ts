import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { MARKUP_PALETTE } from '@common/api/comments';
import { seedAssets } from '../tests/api/assetSeeds';
import { buildWorkspace, PRICES } from '../tests/api/factories';
import { startTestApp } from '../tests/api/harness';
import { buildProject, buildProjectMember } from '../tests/api/projectFactories';
import { closeApp, countQueries, listenOnLoopback, measuredAnswer, median, type Served } from './servedApp';

/**
 * GET /assets/{id}/comments for an asset under heavy review: 500 comments, each second one
 * answered (250 replies), 2,000 markup lines of 40 points on 400 of them, written by two members
 * through POST /comments. The list is paged by thread: the call measured is its first page, the
 * 100 oldest comments with their 50 replies. 50 connections with autocannon, beside a bare Fastify route sending the
 * same bytes in the same run. The app runs in a child process (one core for it, one for the load).
 *
 * Run: `npm run bench:comments`. BENCH_DB=sqlite|postgres|both (both), BENCH_SECONDS per run (4),
 * BENCH_REPEATS (3); BENCH_READ_CACHE=off builds every answer (the read cache keeps it otherwise,
 * while nothing changes).
 */

const CONNECTIONS = 50;
const COMMENTS = 500;
const SHAPES_PER_MARKED_COMMENT = 5;
const MARKED_EVERY = 5; // 4 in 5 comments carry markup: 400 × 5 = 2,000 lines
const self = fileURLToPath(import.meta.url);

/** A wavy freehand line of 40 relative points, different for each comment and shape. */
function line(seed: number) {
  const x0 = 0.05 + ((seed * 0.137) % 0.75);
  const y0 = 0.05 + ((seed * 0.271) % 0.9);
  return {
    points: Array.from({ length: 40 }, (_, i) => ({
      x: Number((x0 + i * 0.004).toFixed(4)),
      y: Number((y0 + 0.02 * Math.sin(i / 4 + seed)).toFixed(4)),
    })),
    stroke_color: MARKUP_PALETTE[seed % MARKUP_PALETTE.length],
    stroke_size: 1 + (seed % 8),
    is_relative: true,
  };
}

async function serve(): Promise<void> {
  const started = performance.now();
  const t = await startTestApp({ API_RATE_LIMIT_PER_MINUTE: '100000000' });
  const { owner, client, workspace } = await buildWorkspace(t.baseUrl, t.ctx, {
    priceId: PRICES.teamMonthly,
  });
  const project = await buildProject(client, workspace.id, { name: 'Campaign' });
  const teammate = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
  const [assetId] = await seedAssets(t.ctx, { projectId: project.id, uploaderId: owner.id }, [
    { name: 'HERO_0001.tif', fileType: 'tiff' },
  ]);
  for (let i = 0; i < COMMENTS; i++) {
    const author = i % 3 === 0 ? teammate.client : client;
    const markup =
      i % MARKED_EVERY === 0
        ? []
        : Array.from({ length: SHAPES_PER_MARKED_COMMENT }, (_, s) =>
            line(i * SHAPES_PER_MARKED_COMMENT + s),
          );
    const made = await author.post('/comments', {
      asset_id: assetId,
      text: `Note ${i + 1}: soften the highlight on the left cheek and keep the skin texture.`,
      ...(markup.length > 0 ? { markup } : { global_comment: true }),
    });
    if (made.status !== 201) throw new Error(`comment ${i}: ${made.status} ${JSON.stringify(made.body)}`);
    if (i % 2 === 0) {
      const reply = await (author === client ? teammate.client : client).post('/comments', {
        asset_id: assetId,
        parent_id: made.body.response.id,
        text: 'Done in the next round.',
      });
      if (reply.status !== 201) throw new Error(`reply ${i}: ${reply.status}`);
    }
  }
  const seededSeconds = (performance.now() - started) / 1000;

  // BENCH_READ_CACHE=off: every answer is built, as the first call after a change to the data is.
  if (process.env.BENCH_READ_CACHE === 'off') {
    const json = t.ctx.readCache.json.bind(t.ctx.readCache);
    t.ctx.readCache.json = (key, _version, build) => json(key, null, build);
  }
  const queries = countQueries(t.ctx.db);
  const path = `/api/v1/assets/${assetId}/comments`;
  const cookie = teammate.client.cookieHeader;
  const answer = await measuredAnswer('comments', `${t.baseUrl}${path}`, cookie, queries);
  const bare = Fastify();
  bare.get(path, (_request, reply) => reply.type(answer.type).send(answer.body));
  process.send?.({
    appUrl: t.baseUrl,
    bareUrl: await listenOnLoopback(bare),
    cookie,
    routes: [
      { name: `page 1 of ${COMMENTS} comments`, path, queries: answer.queries, bytes: answer.body.length },
    ],
    seededSeconds,
  } satisfies Served & { seededSeconds: number });

  const stop = async () => {
    await bare.close();
    await t.close(); // drops the PostgreSQL schema
    process.exit(0);
  };
  process.on('message', () => void stop());
  process.once('disconnect', () => void stop());
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * Autocannon's figures for `url`. The bare route lives in the app's process, so each run ends
 * only once the app has answered what was still in flight: a call made after them comes back.
 */
async function cannon(url: string, cookie: string, seconds: number): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { cookie } });
  await fetch(new URL('/api/v1/status', url));
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function start(
  database: string,
): Promise<{ child: ChildProcess; served: Served & { seededSeconds: number } }> {
  const child = fork(self, ['--serve'], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, TEST_DB: database },
  });
  return new Promise((done, fail) => {
    child.once('message', (served) => done({ child, served: served as Served & { seededSeconds: number } }));
    child.once('exit', (code) => fail(new Error(`app process ended with ${code}`)));
  });
}

async function main(): Promise<void> {
  const which = process.env.BENCH_DB ?? 'both';
  const databases = which === 'both' ? ['sqlite', 'postgres'] : [which];
  const seconds = Number(process.env.BENCH_SECONDS ?? 4);
  const repeats = Number(process.env.BENCH_REPEATS ?? 3);
  console.log(
    `${CONNECTIONS} connections, ${repeats} runs of ${seconds} s each, medians\n` +
      '| database | queries | bytes | app req/s | app p50 | app p99 | bare req/s | bare p50 | bare p99 | p50 ratio | p99 ratio | errors |\n' +
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const database of databases) {
    const { child, served } = await start(database);
    console.error(`${database}: seeded through the API in ${served.seededSeconds.toFixed(0)} s`);
    const route = served.routes[0]!;
    const app: Figures[] = [];
    const bare: Figures[] = [];
    await cannon(`${served.appUrl}${route.path}`, served.cookie, 1); // warm-up, not counted
    await cannon(`${served.bareUrl}${route.path}`, served.cookie, 1);
    for (let r = 0; r < repeats; r++) {
      app.push(await cannon(`${served.appUrl}${route.path}`, served.cookie, seconds));
      bare.push(await cannon(`${served.bareUrl}${route.path}`, served.cookie, seconds));
    }
    const m = (list: Figures[], pick: (f: Figures) => number) => median(list.map(pick));
    const cells = (list: Figures[]) =>
      `${m(list, (f) => f.rps).toFixed(0)} | ${m(list, (f) => f.p50)} ms | ${m(list, (f) => f.p99)} ms`;
    const ratio = (pick: (f: Figures) => number) => (m(app, pick) / Math.max(1, m(bare, pick))).toFixed(2);
    const errors = [...app, ...bare].reduce((n, f) => n + f.errors, 0);
    console.log(
      `| ${database} | ${route.queries} | ${route.bytes} | ${cells(app)} | ${cells(bare)} | ${ratio((f) => f.p50)}× | ${ratio((f) => f.p99)}× | ${errors} |`,
    );
    await closeApp(child);
  }
}

if (process.argv[2] === '--serve') await serve();
else await main();
