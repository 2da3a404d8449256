import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

/**
 * A committed comment reaching 1,000 open live streams (GET /events) held by two app instances over
 * PostgreSQL (issue 24): the delay from its commit to its arrival on each stream, and the servers'
 * memory per open stream. Each instance runs in a process of its own (bench/liveInstance.ts), half
 * of the streams on each; the comment is posted to the first, whose commit is timed by a commit
 * listener ahead of the dispatcher; the second hears it over LISTEN/NOTIFY. The clients run here,
 * reading each stream as it comes. Reference, same run: a bare Fastify + @fastify/sse process
 * (bench/liveBare.ts) holding as many streams and writing one message to all of them, timed from
 * the write: the cost of the fan-out alone, with no access, notifications, database or bus.
 *
 * Run: `npm run bench:live` (PostgreSQL at TEST_DATABASE_URL or 127.0.0.1:5432; BENCH_STREAMS,
 * BENCH_ROUNDS).
 */
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const WARMUP = 3;
const now = () => performance.timeOrigin + performance.now();
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

interface Memory {
  rss: number;
  heapUsed: number;
  streams: number;
}

const children: Child[] = [];
process.on('exit', () => {
  for (const c of children) c.process.kill();
});

/** A child process driven over IPC: requests answered by id, and the commit times it reports. */
class Child {
  private next = 0;
  private readonly waiting = new Map<number, (result: unknown) => void>();
  readonly committed = new Map<number, number>();
  ready: Promise<{ baseUrl: string; dataDir?: string; schema?: string }>;
  readonly process: ChildProcess;

  constructor(script: string, env: Record<string, string> = {}) {
    children.push(this);
    this.process = fork(here(script), [], {
      execArgv: ['--expose-gc', '--import', 'tsx'],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.ready = new Promise((resolve, reject) => {
      this.process.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
      this.process.on(
        'message',
        (m: { type: string; id?: number; result?: unknown; commentId?: number; at?: number }) => {
          if (m.type === 'ready') resolve(m as never);
          else if (m.type === 'reply') this.waiting.get(m.id!)?.(m.result);
          else if (m.type === 'committed') this.committed.set(m.commentId!, m.at!);
        },
      );
    });
  }

  request<T>(cmd: string, extra: Record<string, unknown> = {}): Promise<T> {
    const id = ++this.next;
    return new Promise<T>((resolve) => {
      this.waiting.set(id, (r) => resolve(r as T));
      this.process.send({ cmd, id, ...extra });
    });
  }
}

/* ------------------------------------------------------------------ clients */

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
/** Arrival time of each comment id, per stream. */
const streams: { arrivals: Map<number, number>; close(): void }[] = [];
const arrivalCounts = new Map<number, number>();
let onArrival: (() => void) | null = null;

function openStream(baseUrl: string, cookie?: string): Promise<(typeof streams)[number]> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/v1/events`,
      { agent, headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
        response.setEncoding('utf8');
        const stream = { arrivals: new Map<number, number>(), close: () => request.destroy() };
        let buffer = '';
        response.on('data', (chunk: string) => {
          const at = now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!block.includes('event: comment.created')) continue;
            const id = Number(/"object_id":(\d+)/.exec(block)?.[1]);
            stream.arrivals.set(id, at);
            arrivalCounts.set(id, (arrivalCounts.get(id) ?? 0) + 1);
            onArrival?.();
          }
        });
        response.on('error', () => undefined);
        resolve(stream);
      },
    );
    request.on('error', reject);
  });
}

async function openMany(count: number, open: (i: number) => Promise<(typeof streams)[number]>) {
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, j) => open(i + j)));
    streams.push(...batch);
  }
}

function closeAll() {
  for (const s of streams.splice(0)) s.close();
}

/** Resolves when every open stream has received the comment. */
function arrivedEverywhere(id: number, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`comment ${id}: ${arrivalCounts.get(id) ?? 0} of ${streams.length}`)),
      timeoutMs,
    );
    const check = () => {
      if ((arrivalCounts.get(id) ?? 0) >= streams.length) {
        clearTimeout(timer);
        onArrival = null;
        resolve();
      }
    };
    onArrival = check;
    check();
  });
}

function delaysOf(id: number, from: number): number[] {
  return streams.map((s) => s.arrivals.get(id)! - from);
}

/* ------------------------------------------------------------------ figures */

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const quantile = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(label: string, delays: number[], lasts: number[], perStream: { rss: number; heap: number }) {
  const d = sorted(delays);
  const l = sorted(lasts);
  console.log(
    `| ${label} | ${ms(quantile(d, 0.5))} | ${ms(quantile(d, 0.99))} | ${ms(quantile(l, 0.5))} | ${ms(d.at(-1)!)} | ${kb(perStream.rss)} | ${kb(perStream.heap)} |`,
  );
}

/**
 * Opens the streams once and closes them, so the memory measured next is that of the streams and
 * not of the allocator growing for the first time.
 */
async function warmUp(servers: Child[], open: (i: number) => Promise<(typeof streams)[number]>) {
  await openMany(STREAMS, open);
  closeAll();
  for (const server of servers)
    while ((await server.request<Memory>('memory')).streams > 0) await new Promise((r) => setTimeout(r, 50));
}

/* ------------------------------------------------------------------ reference */

const bare = new Child('./liveBare.ts');
const bareUrl = (await bare.ready).baseUrl;
console.error(`reference up at ${bareUrl}`);
await warmUp([bare], () => openStream(bareUrl));
const bareBefore = await bare.request<Memory>('memory');
await openMany(STREAMS, () => openStream(bareUrl));
const bareAfter = await bare.request<Memory>('memory');
console.error(`reference: ${bareAfter.streams} streams open`);
const bareDelays: number[] = [];
const bareLasts: number[] = [];
for (let round = 0; round < WARMUP + ROUNDS; round++) {
  const id = 1_000_000 + round;
  const arrival = arrivedEverywhere(id);
  const { at } = await bare.request<{ at: number }>('broadcast', { commentId: id });
  await arrival;
  if (round < WARMUP) continue;
  const delays = delaysOf(id, at);
  bareDelays.push(...delays);
  bareLasts.push(Math.max(...delays));
}
closeAll();
await bare.request('close');

/* ------------------------------------------------------------------ two instances */

const secret = randomBytes(32).toString('hex');
const a = new Child('./liveInstance.ts', { BENCH_SECRET: secret });
const first = await a.ready;
const b = new Child('./liveInstance.ts', {
  BENCH_SECRET: secret,
  BENCH_REUSE: JSON.stringify({ dataDir: first.dataDir, schema: first.schema }),
});
const second = await b.ready;
const seed = await a.request<{ cookies: string[]; author: string; assetId: number; projectId: number }>(
  'seed',
  {
    users: STREAMS,
    otherProjects: 5,
  },
);
console.error('instances up and seeded');
const openOne = (i: number) => openStream(i % 2 ? second.baseUrl : first.baseUrl, seed.cookies[i]);
await warmUp([a, b], openOne);
const before = [await a.request<Memory>('memory'), await b.request<Memory>('memory')];
await openMany(STREAMS, openOne);
const after = [await a.request<Memory>('memory'), await b.request<Memory>('memory')];

const delays: number[] = [];
const lasts: number[] = [];
for (let round = 0; round < WARMUP + ROUNDS; round++) {
  const answer = await fetch(`${first.baseUrl}/api/v1/comments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: seed.author },
    body: JSON.stringify({ asset_id: seed.assetId, text: `Round ${round}: warmer, please.` }),
  });
  if (answer.status !== 201) throw new Error(`comment: ${answer.status} ${await answer.text()}`);
  const id = ((await answer.json()) as { response: { id: number } }).response.id;
  await arrivedEverywhere(id);
  if (round < WARMUP) continue;
  const committedAt = a.committed.get(id);
  if (committedAt === undefined) throw new Error(`no commit time for comment ${id}`);
  const these = delaysOf(id, committedAt);
  delays.push(...these);
  lasts.push(Math.max(...these));
}

const perStream = (x: Memory[], y: Memory[]) => ({
  rss: x.reduce((sum, m, i) => sum + (m.rss - y[i]!.rss), 0) / STREAMS,
  heap: x.reduce((sum, m, i) => sum + (m.heapUsed - y[i]!.heapUsed), 0) / STREAMS,
});
console.log(
  `live stream: ${STREAMS} streams, ${ROUNDS} comments (after ${WARMUP} warm-up), streams held: ${after.map((m) => m.streams).join(' + ')}`,
);
console.log(
  '| server | median delay | p99 delay | median of the last stream | max | RSS per stream | heap per stream |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
report(
  'reference: bare Fastify + @fastify/sse, one process, write → receipt',
  bareDelays,
  bareLasts,
  perStream([bareAfter], [bareBefore]),
);
report('Proofroom, two instances over PostgreSQL, commit → receipt', delays, lasts, perStream(after, before));
const own = (list: number[], half: 0 | 1) =>
  list.filter((_, i) => Math.floor(i / STREAMS) >= 0 && (i % STREAMS) % 2 === half);
console.log(
  `  streams on the committing instance: median ${ms(quantile(sorted(own(delays, 0)), 0.5))}, p99 ${ms(quantile(sorted(own(delays, 0)), 0.99))}; on the other: median ${ms(quantile(sorted(own(delays, 1)), 0.5))}, p99 ${ms(quantile(sorted(own(delays, 1)), 0.99))}`,
);

closeAll();
await b.request('close');
await a.request('close');
process.exit(0);
