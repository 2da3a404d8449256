/**
 * A worker process for the killed-worker test (tests/queue/jobQueueContract.ts): it opens the
 * queue named by QUEUE_ADAPTER on the database of DATABASE_URL (and DATABASE_SCHEMA), runs the
 * killable job, which leaves a marker file and then hangs (KILLABLE_MODE=complete: ends), and
 * prints "ready" once started. The test kills it with SIGKILL while the job runs.
 *
 *   QUEUE_ADAPTER=embedded DATABASE_URL=sqlite:///tmp/x/test.db node --import tsx tests/queue/killableWorker.ts
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pino } from 'pino';
import { EmbeddedJobQueue } from '@server/adapters/queue/embeddedQueue';
import type { JobQueue } from '@server/adapters/queue/jobQueue';
import { PgBossJobQueue, pgBossQueueOptions } from '@server/adapters/queue/pgBossQueue';
import { systemClock } from '@server/clock';
import { loadConfig, type Config } from '@server/config';
import { createDatabase } from '@server/db/database';
import { JobsRepository } from '@server/db/repositories/jobs';
import { KILLABLE_JOB, markerPath, type KillablePayload } from './killableJob';

const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' });

async function openQueue(adapter: string, config: Config): Promise<JobQueue> {
  switch (adapter) {
    case 'embedded':
      return new EmbeddedJobQueue(new JobsRepository(createDatabase(config.database)), systemClock, log, {
        concurrency: 1,
        leaseGraceSeconds: 1,
      });
    case 'pg-boss':
      // One job at a time, as above; its expiry is checked every second in tests (NODE_ENV=test).
      return new PgBossJobQueue({
        ...pgBossQueueOptions(config, log),
        concurrency: 1,
      });
    default:
      throw new Error(`killableWorker: no branch for QUEUE_ADAPTER=${adapter}`);
  }
}

const adapter = process.env.QUEUE_ADAPTER ?? 'embedded';
const mode = process.env.KILLABLE_MODE === 'complete' ? 'complete' : 'hang';
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: tmpdir(),
  SESSION_SECRET: randomBytes(32).toString('hex'),
  JOB_QUEUE: adapter,
});
const queue = await openQueue(adapter, config);
queue.register<KillablePayload>({
  ...KILLABLE_JOB,
  run: async (payload, job) => {
    writeFileSync(markerPath(payload.markerDir, 'started', job.attempt), new Date().toISOString());
    if (mode === 'complete') {
      writeFileSync(markerPath(payload.markerDir, 'done', job.attempt), new Date().toISOString());
      return;
    }
    // Hangs, deaf to its signal, until the process is killed.
    await new Promise(() => undefined);
  },
});
await queue.start({ work: true });
process.stdout.write('ready\n');
