import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { PgBossJobQueue, pgBossSchema } from '@server/adapters/queue/pgBossQueue';
import { createDatabase, dropSchema } from '@server/db/database';
import { describeJobQueueContract, type MakeQueue } from '../queue/jobQueueContract';
import { waitFor } from '../queue/waitFor';
import { POSTGRES_URL } from './harness';

const log = pino({ level: 'silent' });

/**
 * pg-boss queues on a schema of their own (`<schema>_jobs`, as DATABASE_SCHEMA=<schema> makes
 * them), with the short maintenance and cron intervals of NODE_ENV=test; dropped on close.
 */
async function pgBossQueues(concurrency: number) {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const opened: PgBossJobQueue[] = [];
  const open = () => {
    const queue = new PgBossJobQueue({
      url: POSTGRES_URL,
      schema: pgBossSchema(schema),
      concurrency,
      log,
      pollIntervalMs: 200,
      maintenanceIntervalSeconds: 1,
      cronMonitorIntervalSeconds: 1,
      cronWorkerIntervalSeconds: 1,
    });
    opened.push(queue);
    return queue;
  };
  return {
    open,
    env: { QUEUE_ADAPTER: 'pg-boss', DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema },
    async close() {
      await Promise.all(opened.map((queue) => queue.stop()));
      const db = createDatabase({ dialect: 'postgres', url: POSTGRES_URL, schema: undefined });
      await dropSchema(db, pgBossSchema(schema));
      await db.destroy();
    },
  };
}

const makePgBossQueue: MakeQueue = async ({ concurrency }) => {
  const queues = await pgBossQueues(concurrency);
  return {
    queue: queues.open(),
    open: () => Promise.resolve(queues.open()),
    workerEnv: queues.env,
    close: () => queues.close(),
  };
};

describe.skipIf(process.env.TEST_DB !== 'postgres')('pg-boss queue', () => {
  describeJobQueueContract('pg-boss', makePgBossQueue);

  /** What only this adapter shows: the key held across instances, its retries, its ids. */
  describe('pg-boss adapter', () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0)) await cleanup();
    });
    async function given(concurrency = 4) {
      const queues = await pgBossQueues(concurrency);
      cleanups.push(() => queues.close());
      return queues;
    }

    it('queues one job when two instances send one singleton key at once', async () => {
      const queues = await given();
      const [one, two] = [queues.open(), queues.open()];
      for (const queue of [one, two]) queue.register({ name: 'single', run: async () => undefined });
      await Promise.all([one.start({ work: false }), two.start({ work: false })]);
      const ids = await Promise.all(
        [1, 2, 3, 4].map((n) => (n % 2 ? one : two).send('single', { n }, { singletonKey: 'k' })),
      );
      expect(ids.filter((id) => id !== null)).toHaveLength(1);
    });

    it('retries at once when the retry delay is zero', async () => {
      const queues = await given();
      const queue = queues.open();
      const attempts: number[] = [];
      queue.register({
        name: 'flaky',
        retryLimit: 2,
        retryDelaySeconds: 0,
        run: async (_payload, job) => {
          attempts.push(job.attempt);
          if (job.attempt < 3) throw new Error(`attempt ${job.attempt}`);
        },
      });
      await queue.start({ work: true });
      const began = Date.now();
      const id = (await queue.send('flaky', {})) as string;
      await waitFor(async () => (await queue.job(id))?.state === 'completed', 5000, 'the third attempt');
      expect(attempts).toEqual([1, 2, 3]);
      // pg-boss's backoff would wait at least 1 s, then 2 s.
      expect(Date.now() - began).toBeLessThan(2500);
    });

    it('frees the slot of a run that ignores its time limit', async () => {
      const queues = await given(1);
      const queue = queues.open();
      queue.register({
        name: 'deaf',
        timeLimitSeconds: 1,
        retryLimit: 0,
        run: () => new Promise(() => undefined),
      });
      queue.register({ name: 'next', run: async () => undefined });
      const deaf = (await queue.send('deaf', {})) as string;
      const next = (await queue.send('next', {})) as string;
      await queue.start({ work: true });
      await waitFor(async () => (await queue.job(next))?.state === 'completed', 4000, 'the next job');
      const record = await queue.job(deaf);
      expect(record).toMatchObject({ state: 'failed', attempts: 1 });
      expect(record?.error).toMatch(/1 s time limit/);
    });

    it('keeps a readable message of a value thrown that is not an Error', async () => {
      const queues = await given();
      const queue = queues.open();
      const thrown: unknown = { code: 42 };
      queue.register({
        name: 'throws',
        retryLimit: 0,
        run: async () => {
          throw thrown;
        },
      });
      await queue.start({ work: true });
      const id = (await queue.send('throws', {})) as string;
      await queue.idle();
      expect(await queue.job(id)).toMatchObject({
        state: 'failed',
        error: 'The job threw a value that is not an Error: {"code":42}',
      });
    });

    it('answers string ids, null for ids it never gave, and refuses unknown names', async () => {
      const queues = await given();
      const queue = queues.open();
      queue.register({ name: 'known', run: async () => undefined });
      await queue.start({ work: false });
      expect(await queue.send('known', {})).toMatch(/^[0-9a-f-]{36}$/);
      expect(await queue.job('not-an-id')).toBeNull();
      expect(await queue.job('00000000-0000-4000-8000-000000000000')).toBeNull();
      await expect(queue.send('unknown', {})).rejects.toThrow(/Unknown job unknown/);
      await expect(queue.schedule('known', '*/5 * * * * *')).rejects.toThrow(/five cron fields/);
    });
  });
});
