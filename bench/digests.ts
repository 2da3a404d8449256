import { fork, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import nodemailer from 'nodemailer';
import type { NotificationKind } from '@common/api/notifications';
import { DIGEST_RUN } from '@server/jobs/digestJobs';
import { buildWorkspace, PRICES } from '../tests/api/factories';
import { startTestApp, type TestApp } from '../tests/api/harness';
import { buildProject } from '../tests/api/projectFactories';

/**
 * A digest run for 10,000 users with 20 new notifications each (issue 24): time, peak memory and
 * messages per second to a local SMTP server (smtp-server, in a child process).
 *
 * The app runs as it does in production but for the clock (set to a quarter hour): users on
 * 'every 15 minutes', each a member of one of 10 projects, 20 unsent notifications each (the
 * seven kinds a digest carries; mentions go out within the minute, in mails of their own). Measured: from queueing the recurring run to the queue being
 * idle: the run finds the users, queues one delivery job each, and the deliveries claim, render
 * and send 10,000 messages (one per user and project) through the app's SMTP mailer (pooled).
 * Reference, in the same run and to the same server: nodemailer sending 10,000 plain messages
 * over a pooled transport with as many messages in flight as the queue runs jobs at once.
 * Peak memory: the process's RSS, sampled every 20 ms, above its level before each phase.
 *
 * Run: `npm run bench:digests`. BENCH_DB=sqlite|postgres|both (both), BENCH_USERS (10000),
 * BENCH_PER_USER (20), JOB_CONCURRENCY (the queue's, default as configured).
 */
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const PER_USER = Number(process.env.BENCH_PER_USER ?? 20);
const PROJECTS = 10;
const KINDS: NotificationKind[] = [
  'comments',
  'replies',
  'markups',
  'uploaded_assets',
  'tasks',
  'flagged',
  'approved_assets',
];
const SLOT = new Date('2026-12-01T10:15:00Z');

function startSink(): Promise<{
  child: ChildProcess;
  port: number;
  count(): Promise<{ messages: number; bytes: number }>;
}> {
  const child = fork(new URL('./smtpSink.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
  });
  return new Promise((resolve) => {
    child.once('message', (message: { port: number }) => {
      resolve({
        child,
        port: message.port,
        count: () =>
          new Promise((done) => {
            child.once('message', (m) => done(m as { messages: number; bytes: number }));
            child.send('count');
          }),
      });
    });
  });
}

/** Peak RSS while `work` runs, above the RSS before it. */
async function measured<T>(work: () => Promise<T>) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { result, ms, beforeMb: before / 2 ** 20, peakMb: peak / 2 ** 20 };
}

async function seed(t: TestApp) {
  const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx, { priceId: PRICES.teamMonthly });
  const projects: number[] = [];
  for (let i = 0; i < PROJECTS; i++) projects.push((await buildProject(client, workspace.id)).id as number);
  const db = t.ctx.db;
  const now = new Date(SLOT.getTime() - 5 * 60_000).toISOString();
  const BATCH = 500;
  const userIds: number[] = [];
  for (let start = 0; start < USERS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, USERS - start) }, (_, i) => ({
      name: `Reader ${start + i}`,
      email: `reader${start + i}@bench.test`,
      password_hash: 'x',
      avatar_key: null,
      created_at: now,
      updated_at: now,
    }));
    const ids = (await db.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id);
    await db
      .insertInto('user_preferences')
      .values(ids.map((id) => ({ user_id: id, email_every: 'every_quarter_hour' })))
      .execute();
    await db
      .insertInto('project_members')
      .values(
        ids.map((id, i) => ({
          project_id: projects[(start + i) % PROJECTS]!,
          user_id: id,
          role: 'viewer',
          created_at: now,
        })),
      )
      .execute();
    userIds.push(...ids);
  }
  let event = 0;
  const NOTIFICATION_BATCH = 200;
  for (let start = 0; start < userIds.length; start += NOTIFICATION_BATCH / PER_USER) {
    const rows = userIds.slice(start, start + NOTIFICATION_BATCH / PER_USER).flatMap((userId, u) => {
      const projectId = projects[(start + u) % PROJECTS]!;
      return Array.from({ length: PER_USER }, (_, i) => {
        event += 1;
        const kind = KINDS[i % KINDS.length]!;
        return {
          user_id: userId,
          project_id: projectId,
          event_id: event,
          actor_id: null,
          kind,
          title: `Ann ${kind.replace('_', ' ')} ${i}`,
          message: `Ann did something on |still-${i}.png|`,
          asset_id: null,
          related_object_type: 'Project',
          related_object_id: projectId,
          related_parent_id: null,
          url: `/projects/${projectId}`,
          quoted_comment: i % 2 ? 'Could we make the sky a little brighter, and the logo bigger?' : null,
          created_at: now,
          seen_at: null,
          opened_at: null,
          pinned_at: null,
          emailed_at: null,
        };
      });
    });
    await t.ctx.uow.read.notificationDigests.insertNotifications(rows);
  }
  return userIds.length * PER_USER;
}

async function run(database: 'sqlite' | 'postgres', sink: Awaited<ReturnType<typeof startSink>>) {
  process.env.TEST_DB = database;
  const t = await startTestApp({
    API_RATE_LIMIT_PER_MINUTE: '100000000',
    APP_URL: 'https://proofroom.bench',
    SMTP_URL: `smtp://127.0.0.1:${sink.port}?ignoreTLS=true`,
  });
  try {
    const seeded = performance.now();
    const notifications = await seed(t);
    const seedMs = performance.now() - seeded;
    const concurrency = t.ctx.config.jobs.concurrency;

    // Reference: 10,000 plain messages straight to the same server.
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: sink.port,
      pool: true,
      maxConnections: concurrency,
      ignoreTLS: true,
    });
    const refBefore = (await sink.count()).messages;
    const reference = await measured(async () => {
      let next = 0;
      const worker = async () => {
        while (next < USERS) {
          const i = next++;
          await transport.sendMail({
            from: 'Proofroom <bench@proofroom.bench>',
            to: `reader${i}@bench.test`,
            subject: `Plain ${i}`,
            text: `Message ${i}.`,
          });
        }
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
    });
    transport.close();
    const refSent = (await sink.count()).messages - refBefore;

    // The digest run at a quarter hour.
    await t.ctx.uow.read.notificationDigests.cover(
      DIGEST_RUN,
      new Date(SLOT.getTime() - 60_000).toISOString(),
    );
    t.clock.set(SLOT);
    const before = await sink.count();
    const digest = await measured(async () => {
      await t.ctx.jobs.send(DIGEST_RUN, {});
      await t.ctx.jobs.idle();
    });
    const after = await sink.count();
    const sent = after.messages - before.messages;
    const unsent = await t.ctx.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('emailed_at', 'is', null)
      .executeTakeFirstOrThrow();
    const failed = await t.ctx.jobs.failed();
    return {
      database,
      notifications,
      seedMs,
      concurrency,
      reference: { ...reference, sent: refSent },
      digest: {
        ...digest,
        sent,
        bytes: after.bytes - before.bytes,
        unsent: Number(unsent.n),
        failedJobs: failed.length,
      },
    };
  } finally {
    await t.close();
  }
}

const which = process.env.BENCH_DB ?? 'both';
const sink = await startSink();
const results = [];
for (const database of ['sqlite', 'postgres'] as const) {
  if (which !== 'both' && which !== database) continue;
  const r = await run(database, sink);
  results.push(r);
  console.log(JSON.stringify(r));
}
console.log('\n| database | what | messages | time | messages/s | RSS before | peak RSS | peak − before |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  const row = (what: string, m: { ms: number; beforeMb: number; peakMb: number; sent: number }) =>
    console.log(
      `| ${r.database} | ${what} | ${m.sent} | ${(m.ms / 1000).toFixed(1)} s | ${Math.round(m.sent / (m.ms / 1000))} | ${m.beforeMb.toFixed(0)} MB | ${m.peakMb.toFixed(0)} MB | ${(m.peakMb - m.beforeMb).toFixed(0)} MB |`,
    );
  row('reference: nodemailer, plain', r.reference);
  row(`digest run (${r.notifications} notifications)`, r.digest);
  console.log(
    `  ${r.database}: seeded in ${(r.seedMs / 1000).toFixed(1)} s; concurrency ${r.concurrency}; unsent after ${r.digest.unsent}; failed jobs ${r.digest.failedJobs}; ${(r.digest.bytes / r.digest.sent / 1024).toFixed(1)} KiB per digest`,
  );
}
sink.child.send('stop');
