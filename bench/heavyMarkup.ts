import { fork, type ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { MARKUP_ASSET_POINTS_MAX, MARKUP_POINTS_MAX, MARKUP_TOTAL_POINTS_MAX } from '@common/api/comments';
import { buildAsset } from '../tests/api/assetFactories';
import { buildComment, heavyLine } from '../tests/api/commentFactories';
import { startTestApp } from '../tests/api/harness';
import { buildProjectCast } from '../tests/api/projectCast';
import { ask, closeApp, median } from './servedApp';

/**
 * Issue 22 item 2: how long the heaviest comment work holds up the server's other requests. A
 * project of ASSETS assets, each carrying all the markup an asset may (MARKUP_ASSET_POINTS_MAX
 * points: comments at the per-comment maximum), seeded through POST /comments; then at once: the
 * project's PDF and CSV reports, a PDF report of each of two assets (two members), and every page
 * of every asset's comment list. Meanwhile a third process asks GET /status every 10 ms and the
 * app measures its own event-loop delay. The reference, in the same run: the same probe with the
 * app idle.
 *
 * Run: `npm run bench:heavy-markup`. BENCH_DB=sqlite|postgres|both (both), BENCH_ASSETS (3),
 * BENCH_REPEATS (3).
 */

const self = fileURLToPath(import.meta.url);
const PROBE_EVERY_MS = 10;

interface Seeded {
  appUrl: string;
  cookies: string[];
  projectId: number;
  assetIds: number[];
  seededSeconds: number;
}

async function serve(): Promise<void> {
  const started = performance.now();
  const t = await startTestApp({ API_RATE_LIMIT_PER_MINUTE: '100000000' });
  const cast = await buildProjectCast(t.baseUrl, t.ctx);
  const picture = await sharp({
    create: { width: 3000, height: 2000, channels: 3, background: { r: 90, g: 110, b: 140 } },
  })
    .jpeg()
    .toBuffer();
  const lines = MARKUP_TOTAL_POINTS_MAX / MARKUP_POINTS_MAX;
  const assetIds: number[] = [];
  for (let a = 0; a < Number(process.env.BENCH_ASSETS ?? 3); a++) {
    const asset = await buildAsset(cast.owner.client, cast.project.id, {
      name: `Key visual ${a + 1}.jpg`,
      bytes: picture,
    });
    assetIds.push(asset.id);
    for (let c = 0; c < MARKUP_ASSET_POINTS_MAX / MARKUP_TOTAL_POINTS_MAX; c++)
      await buildComment(cast.owner.client, asset.id, {
        text: `Retouch pass ${c + 1}: follow the drawn lines.`,
        markup: Array.from({ length: lines }, (_, s) => heavyLine(a * 100 + c * lines + s)),
      });
  }
  await t.ctx.jobs.idle();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  process.send?.({
    appUrl: t.baseUrl,
    cookies: [
      cast.owner.client.cookieHeader,
      cast.collaborator.client.cookieHeader,
      cast.viewer.client.cookieHeader,
    ],
    projectId: cast.project.id,
    assetIds,
    seededSeconds: (performance.now() - started) / 1000,
  } satisfies Seeded);

  process.on('message', (message: { kind: string }) => {
    if (message.kind === 'loop-reset') {
      loop.reset();
      process.send?.({ ok: true });
    } else if (message.kind === 'loop-read') {
      process.send?.({ maxMs: loop.max / 1e6, p99Ms: loop.percentile(99) / 1e6 });
    } else if (message.kind === 'close') {
      void t.close().then(() => process.exit(0));
    }
  });
}

/** The bytes of a download, which must be a 200. */
async function download(url: string, cookie: string): Promise<number> {
  const answer = await fetch(url, { headers: { cookie } });
  const bytes = (await answer.arrayBuffer()).byteLength;
  if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
  return bytes;
}

/** Every page of an asset's comments, one after the other, as the review screen reads them. */
async function allComments(appUrl: string, assetId: number, cookie: string): Promise<number> {
  let bytes = 0;
  for (let page = 1; ; page++) {
    const answer = await fetch(`${appUrl}/api/v1/assets/${assetId}/comments?page=${page}`, {
      headers: { cookie },
    });
    const text = await answer.text();
    if (answer.status !== 200) throw new Error(`comments page ${page}: ${answer.status}`);
    bytes += text.length;
    if (
      (JSON.parse(text) as { meta?: { pagination?: { last_page?: boolean } } }).meta?.pagination
        ?.last_page !== false
    )
      return bytes;
  }
}

/**
 * In a process of its own (neither the app's nor the load's, whose JSON parsing would stall it):
 * GET /status every PROBE_EVERY_MS until told to stop, then each answer's wait.
 */
async function runProbe(appUrl: string): Promise<void> {
  let running = true;
  process.once('message', () => (running = false));
  const waits: number[] = [];
  process.send?.({ ready: true });
  while (running) {
    const started = performance.now();
    await (await fetch(`${appUrl}/api/v1/status`)).arrayBuffer();
    waits.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  process.send?.({ waits }, () => process.exit(0));
}

/** Runs `work` while the probe process asks: what it answered, and the probe's waits. */
async function probed<T>(appUrl: string, work: () => Promise<T>): Promise<{ result: T; waits: number[] }> {
  const child = fork(self, ['--probe', appUrl], { execArgv: ['--import', 'tsx'] });
  await new Promise((resolve) => child.once('message', resolve));
  const result = await work();
  const answer = (await ask(child, { stop: true })) as { waits: number[] };
  return { result, waits: answer.waits };
}

interface Run {
  seconds: number;
  bytes: number;
  statusMax: number;
  statusP99: number;
  loopMax: number;
}

async function measure(child: ChildProcess, seeded: Seeded, work: () => Promise<number>): Promise<Run> {
  await ask(child, { kind: 'loop-reset' });
  let seconds = 0;
  const { result: bytes, waits } = await probed(seeded.appUrl, async () => {
    const started = performance.now();
    const result = await work();
    seconds = (performance.now() - started) / 1000;
    return result;
  });
  const loop = (await ask(child, { kind: 'loop-read' })) as { maxMs: number };
  const sorted = [...waits].sort((a, b) => a - b);
  return {
    seconds,
    bytes,
    statusMax: sorted.at(-1) ?? 0,
    statusP99: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
    loopMax: loop.maxMs,
  };
}

function heavyWork(seeded: Seeded): Promise<number> {
  const { appUrl, projectId, assetIds, cookies } = seeded;
  const [owner, collaborator, viewer] = cookies as [string, string, string];
  const api = `${appUrl}/api/v1`;
  return Promise.all([
    download(`${api}/projects/${projectId}/comments/export?format=pdf`, owner),
    download(`${api}/assets/${assetIds[0]}/comments/export?format=pdf`, owner),
    download(`${api}/projects/${projectId}/comments/export?format=csv`, collaborator),
    download(`${api}/assets/${assetIds.at(-1)}/comments/export?format=pdf`, collaborator),
    (async () => {
      let bytes = 0;
      for (const id of assetIds) bytes += await allComments(appUrl, id, viewer);
      return bytes;
    })(),
  ]).then((sizes) => sizes.reduce((a, b) => a + b, 0));
}

function start(database: string): Promise<{ child: ChildProcess; seeded: Seeded }> {
  const child = fork(self, ['--serve'], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, TEST_DB: database },
  });
  return new Promise((done, fail) => {
    child.once('message', (seeded) => done({ child, seeded: seeded as Seeded }));
    child.once('exit', (code) => fail(new Error(`app process ended with ${code}`)));
  });
}

async function main(): Promise<void> {
  const which = process.env.BENCH_DB ?? 'both';
  const databases = which === 'both' ? ['sqlite', 'postgres'] : [which];
  const repeats = Number(process.env.BENCH_REPEATS ?? 3);
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  console.log(
    `GET /status every ${PROBE_EVERY_MS} ms from a second process; ${repeats} runs each, medians (the longest of all runs in brackets)\n` +
      '| database | work | seconds | MB sent | /status longest wait | /status p99 | app event-loop longest delay |\n' +
      '| --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const database of databases) {
    const { child, seeded } = await start(database);
    console.error(
      `${database}: ${seeded.assetIds.length} assets of ${MARKUP_ASSET_POINTS_MAX} points seeded through the API in ${seeded.seededSeconds.toFixed(0)} s`,
    );
    await heavyWork(seeded); // warm-up, not counted
    for (const [name, work] of [
      ['idle (reference)', () => new Promise<number>((resolve) => setTimeout(() => resolve(0), 3000))],
      ['exports + lists', () => heavyWork(seeded)],
    ] as const) {
      const runs: Run[] = [];
      for (let r = 0; r < repeats; r++) runs.push(await measure(child, seeded, work));
      const m = (pick: (run: Run) => number) => median(runs.map(pick));
      const worst = (pick: (run: Run) => number) => Math.max(...runs.map(pick));
      console.log(
        `| ${database} | ${name} | ${m((r) => r.seconds).toFixed(1)} | ${(m((r) => r.bytes) / 1e6).toFixed(1)} | ${ms(m((r) => r.statusMax))} (${ms(worst((r) => r.statusMax))}) | ${ms(m((r) => r.statusP99))} | ${ms(m((r) => r.loopMax))} (${ms(worst((r) => r.loopMax))}) |`,
      );
    }
    await closeApp(child);
  }
}

if (process.argv[2] === '--serve') await serve();
else if (process.argv[2] === '--probe') await runProbe(process.argv[3]!);
else await main();
