import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { JobDefinition } from '@server/adapters/queue/jobQueue';
import { PgBossJobQueue, pgBossSchema } from '@server/adapters/queue/pgBossQueue';
import { createDatabase, dropSchema } from '@server/db/database';
import { POSTGRES_URL } from './harness';

const log = pino({ level: 'silent' });

/**
 * What pg-boss does not give as such and the adapter adds: singleton keys held while a job waits
 * or runs, across instances; one concurrency limit across names; cron slots sent once.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('pg-boss queue', () => {
  const schemas = new Set<string>();
  let schema = '';
  const opened: PgBossJobQueue[] = [];

  /** Each test on its own pg-boss schema: cron checks and maintenance are per schema. */
  function useNewSchema() {
    schema = pgBossSchema(`test_${randomBytes(6).toString('hex')}`);
    schemas.add(schema);
  }

  function queueOf(definitions: JobDefinition[], concurrency = 4): PgBossJobQueue {
    if (!schema) useNewSchema();
    const queue = new PgBossJobQueue({
      url: POSTGRES_URL,
      schema,
      concurrency,
      log,
      pollIntervalMs: 200,
      maintenanceIntervalSeconds: 1,
      cronMonitorIntervalSeconds: 1,
      cronWorkerIntervalSeconds: 1,
    });
    for (const definition of definitions) queue.register(definition);
    opened.push(queue);
    return queue;
  }

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((q) => q.stop()));
    schema = '';
  });

  afterAll(async () => {
    const db = createDatabase({ dialect: 'postgres', url: POSTGRES_URL, schema: undefined });
    for (const name of schemas) await dropSchema(db, name);
    await db.destroy();
  });

  it('holds a singleton key while its job waits or runs, for every instance', async () => {
    const name = `single-${randomBytes(3).toString('hex')}`;
    const release = gate();
    const started = gate();
    const job: JobDefinition = {
      name,
      run: async () => {
        started.open();
        await release.promise;
      },
    };
    const sender = queueOf([job]);
    const worker = queueOf([job]);
    await sender.start({ work: false });

    const first = await sender.send(name, { n: 1 }, { singletonKey: 'k' });
    expect(first).toEqual(expect.any(String));
    expect(await sender.send(name, { n: 2 }, { singletonKey: 'k' })).toBeNull();
    // Another key, or no key, is another job.
    expect(await sender.send(name, { n: 3 }, { singletonKey: 'other' })).toEqual(expect.any(String));

    await worker.start({ work: true });
    await started.promise;
    await waitFor(async () => (await worker.job(first as string))?.state === 'active');
    expect(await worker.send(name, { n: 4 }, { singletonKey: 'k' })).toBeNull();

    release.open();
    await worker.idle();
    expect(await worker.job(first as string)).toMatchObject({ state: 'completed', attempts: 1 });
    const again = await sender.send(name, { n: 5 }, { singletonKey: 'k' });
    expect(again).toEqual(expect.any(String));
    expect(again).not.toBe(first);
    await worker.idle();
  });

  it('runs at most `concurrency` jobs at once across all names', async () => {
    const suffix = randomBytes(3).toString('hex');
    let running = 0;
    let most = 0;
    const run = async () => {
      running += 1;
      most = Math.max(most, running);
      await sleep(150);
      running -= 1;
    };
    const names = [`a-${suffix}`, `b-${suffix}`, `c-${suffix}`];
    const queue = queueOf(
      names.map((name) => ({ name, run })),
      2,
    );
    await queue.start({ work: true });
    const ids = await Promise.all(names.flatMap((name) => [1, 2, 3].map(() => queue.send(name, {}))));
    await queue.idle();
    expect(most).toBe(2);
    for (const id of ids) expect((await queue.job(id as string))?.state).toBe('completed');
  });

  it('aborts a run at its time limit and keeps the failure', async () => {
    const name = `slow-${randomBytes(3).toString('hex')}`;
    let aborted = false;
    const queue = queueOf([
      {
        name,
        timeLimitSeconds: 1,
        retryLimit: 0,
        run: (_payload, { signal }) =>
          new Promise<void>((resolve) =>
            signal.addEventListener('abort', () => {
              aborted = true;
              resolve();
            }),
          ),
      },
    ]);
    await queue.start({ work: true });
    const id = (await queue.send(name, { x: 1 })) as string;
    await queue.idle();
    expect(aborted).toBe(true);
    const record = await queue.job(id);
    expect(record).toMatchObject({ state: 'failed', attempts: 1, payload: { x: 1 } });
    expect(record?.error).toMatch(/time limit/);
    expect((await queue.failed(name)).map((j) => j.id)).toEqual([id]);
  });

  it('retries a failed run with the attempt number, then records the last error', async () => {
    const name = `flaky-${randomBytes(3).toString('hex')}`;
    const attempts: number[] = [];
    const queue = queueOf([
      {
        name,
        retryLimit: 2,
        retryDelaySeconds: 0,
        run: async (payload, job) => {
          attempts.push(job.attempt);
          throw new Error(`attempt ${job.attempt} of ${String(payload.label)}`);
        },
      },
    ]);
    await queue.start({ work: true });
    const id = (await queue.send(name, { label: 'x' })) as string;
    await waitFor(async () => (await queue.job(id))?.state === 'failed');
    expect(attempts).toEqual([1, 2, 3]);
    expect(await queue.job(id)).toMatchObject({ state: 'failed', attempts: 3, error: 'attempt 3 of x' });
  });

  it('sends each cron slot once across instances', async () => {
    const name = `cron-${randomBytes(3).toString('hex')}`;
    const runs: string[] = [];
    const definition: JobDefinition = {
      name,
      run: async (payload) => {
        runs.push(String(payload.tag));
      },
    };
    const one = queueOf([definition]);
    const two = queueOf([definition]);
    await one.schedule(name, '* * * * *', { tag: 'minute' });
    await one.start({ work: true });
    await two.start({ work: true });
    await two.schedule(name, '* * * * *', { tag: 'minute' });
    await waitFor(async () => runs.length > 0, 10_000);
    // Both instances poll the cron's sends every second; a second send would show within this wait.
    await sleep(2500);
    expect(runs).toEqual(['minute']);
    await expect(one.schedule(name, '*/5 * * * * *')).rejects.toThrow(/five cron fields/);
  });
});

function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 8000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('Timed out waiting');
    await sleep(50);
  }
}
