import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import nodemailer from 'nodemailer';
import { pino } from 'pino';
import { SmtpMailer } from '@server/adapters/mail/smtpMailer';
import { createJobQueue } from '@server/adapters/queue';
import type { JobDefinition, JobQueue } from '@server/adapters/queue/jobQueue';
import { systemClock } from '@server/clock';
import { loadConfig, type Config } from '@server/config';
import { createDatabase, dropSchema, migrateToLatest, type Db } from '@server/db/database';
import { startSmtpServer } from '../tests/api/smtpServer';

/**
 * Job queue figures per adapter: embedded on SQLite, embedded on PostgreSQL, pg-boss on PostgreSQL.
 * - throughput of 10,000 no-op jobs (sent 32 at a time while the queue runs, until it is idle);
 * - throughput of 1,000 e-mail jobs delivered to a local SMTP server (smtp-server): by the app's SMTP
 *   mailer (server/adapters/mail/smtpMailer.ts, a connection per message), and by a pooled
 *   nodemailer transport (connections kept open, as many as jobs run at once);
 * - latency from send to start, jobs paced 20 ms apart: sent by the instance that runs them (a
 *   send wakes it), and sent by another instance that runs nothing (a web process beside a worker:
 *   the worker finds the job when it polls).
 * Each adapter runs JOB_CONCURRENCY jobs at once (default 4). Run: `npm run bench:jobs`.
 */
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NOOP_JOBS = Number(process.env.BENCH_NOOP_JOBS ?? 10_000);
const MAIL_JOBS = Number(process.env.BENCH_MAIL_JOBS ?? 1_000);
const LATENCY_JOBS = Number(process.env.BENCH_LATENCY_JOBS ?? 300);
const SENDERS = 32;
const PACE_MS = 20;
const log = pino({ level: 'silent' });

interface Setup {
  label: string;
  env: Record<string, string>;
}

interface Instance {
  queue: JobQueue;
  db: Db;
  config: Config;
}

const smtp = await startSmtpServer();
const FROM = 'Proofroom <bench@proofroom.local>';
const mailer = new SmtpMailer(`smtp://127.0.0.1:${smtp.port}`, FROM);
const pooled = nodemailer.createTransport({
  host: '127.0.0.1',
  port: smtp.port,
  pool: true,
  maxConnections: Number(process.env.JOB_CONCURRENCY ?? 4),
});
const started = new Map<number, number>();
const definitions: JobDefinition[] = [
  {
    name: 'bench-noop',
    run: async (payload) => {
      started.set(Number(payload.i), performance.now());
    },
  },
  {
    name: 'bench-mail',
    run: async (payload) => {
      const i = Number(payload.i);
      await mailer.send({ to: `reader${i}@example.test`, subject: `Bench ${i}`, text: `Message ${i}.` });
    },
  },
  {
    name: 'bench-mail-pooled',
    run: async (payload) => {
      const i = Number(payload.i);
      await pooled.sendMail({
        from: FROM,
        to: `reader${i}@example.test`,
        subject: `Bench ${i}`,
        text: `${i}.`,
      });
    },
  },
];

const setups: Setup[] = [
  { label: 'embedded, SQLite', env: { JOB_QUEUE: 'embedded', DATABASE_URL: 'sqlite' } },
  { label: 'embedded, PostgreSQL', env: { JOB_QUEUE: 'embedded', DATABASE_URL: POSTGRES_URL } },
  { label: 'pg-boss, PostgreSQL', env: { JOB_QUEUE: 'pg-boss', DATABASE_URL: POSTGRES_URL } },
  // BENCH_ONLY=pg-boss measures the adapters whose label holds it.
].filter((setup) => setup.label.includes(process.env.BENCH_ONLY ?? ''));

console.log(
  `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
    `Node ${process.version}; ${NOOP_JOBS} no-op jobs, ${MAIL_JOBS} e-mail jobs, ${LATENCY_JOBS} paced jobs`,
);
const rows: string[][] = [];
for (const setup of setups) {
  const dataDir = mkdtempSync(join(tmpdir(), 'proofroom-bench-jobs-'));
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const env = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...setup.env,
    ...(setup.env.DATABASE_URL === 'sqlite'
      ? { DATABASE_URL: `sqlite://${join(dataDir, 'bench.db')}` }
      : { DATABASE_SCHEMA: schema }),
  };
  const worker = await open(env, true);
  const sender = await open(env, false);
  try {
    started.clear();
    const noop = await throughput(worker.queue, 'bench-noop', NOOP_JOBS);
    started.clear();
    const mail = await delivered(() => throughput(worker.queue, 'bench-mail', MAIL_JOBS));
    const mailPooled = await delivered(() => throughput(worker.queue, 'bench-mail-pooled', MAIL_JOBS));
    const local = await latency(worker.queue, worker.queue);
    const apart = await latency(sender.queue, worker.queue);
    rows.push([
      setup.label,
      String(worker.config.jobs.concurrency),
      `${noop.perSecond} jobs/s (sent at ${noop.sentPerSecond}/s)`,
      `${mail.perSecond} jobs/s`,
      `${mailPooled.perSecond} jobs/s`,
      `${local.p50} / ${local.p99} ms`,
      `${apart.p50} / ${apart.p99} ms`,
    ]);
    console.log(rows.at(-1)?.join(' | '));
  } finally {
    await sender.queue.stop();
    await worker.queue.stop();
    if (worker.config.database.dialect === 'postgres') {
      await dropSchema(worker.db, `${schema}_jobs`);
      await dropSchema(worker.db, schema);
    }
    await sender.db.destroy();
    await worker.db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
await mailer.close();
pooled.close();
await smtp.close();

console.log();
console.log(
  '| adapter | concurrency | 10,000 no-op jobs | 1,000 e-mails, app mailer | 1,000 e-mails, pooled | send → start, same instance (p50 / p99) | send → start, sent by another instance (p50 / p99) |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);

async function open(env: Record<string, string>, work: boolean): Promise<Instance> {
  const config = loadConfig(env);
  const db = createDatabase(config.database);
  await migrateToLatest(db, config.database);
  const queue = createJobQueue(config, db, systemClock, log);
  for (const definition of definitions) queue.register(definition);
  await queue.start({ work });
  return { queue, db, config };
}

/** Sends `count` jobs, SENDERS at a time, while the queue runs them; timed until it is idle. */
async function throughput(queue: JobQueue, name: string, count: number) {
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (next < count) {
        const i = next++;
        await queue.send(name, { i });
      }
    }),
  );
  const sent = performance.now();
  await queue.idle();
  const seconds = (performance.now() - t0) / 1000;
  return {
    perSecond: Math.round(count / seconds),
    sentPerSecond: Math.round(count / ((sent - t0) / 1000)),
  };
}

/** Runs a batch of e-mail jobs and checks that every message arrived. */
async function delivered<T>(batch: () => Promise<T>): Promise<T> {
  const before = smtp.received.length;
  const result = await batch();
  const arrived = smtp.received.length - before;
  if (arrived !== MAIL_JOBS) throw new Error(`${arrived} e-mails arrived`);
  return result;
}

/** Sends LATENCY_JOBS no-op jobs PACE_MS apart through `sender`; `worker` runs them. */
async function latency(sender: JobQueue, worker: JobQueue) {
  started.clear();
  const sentAt = new Map<number, number>();
  for (let i = 0; i < LATENCY_JOBS; i++) {
    sentAt.set(i, performance.now());
    await sender.send('bench-noop', { i });
    await new Promise((resolve) => setTimeout(resolve, PACE_MS));
  }
  const until = Date.now() + 30_000;
  while (started.size < LATENCY_JOBS && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await worker.idle();
  const waits = [...sentAt].map(([i, at]) => (started.get(i) ?? Number.NaN) - at).sort((a, b) => a - b);
  if (waits.some(Number.isNaN)) throw new Error('Some paced jobs never started');
  const at = (p: number) => (waits[Math.min(waits.length - 1, Math.floor(p * waits.length))] ?? 0).toFixed(1);
  return { p50: at(0.5), p99: at(0.99) };
}
