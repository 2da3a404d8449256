import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobPayload } from '@server/adapters/queue/jobQueue';
import { ManualClock } from '@server/clock';
import { JobsRepository } from '@server/db/repositories/jobs';
import { ownerKey } from '@server/processIdentity';
import { embeddedQueues, makeEmbeddedQueue } from '../queue/embeddedFixture';
import { describeJobQueueContract } from '../queue/jobQueueContract';
import { createTestDatabase, type TestDatabase } from '../queue/testDatabase';
import { gate, sleep, waitFor } from '../queue/waitFor';

/** The repository's claims in these tests are this test process's. */
const TEST_OWNER = ownerKey();

describeJobQueueContract('embedded', makeEmbeddedQueue);

/** What only the embedded queue shows: its rows, and times driven by the clock. */
describe('embedded queue', () => {
  let database: TestDatabase;
  let clock: ManualClock;
  let queues: ReturnType<typeof embeddedQueues>;
  let jobs: JobsRepository;
  const at = (iso: string) => new Date(`2026-11-21T${iso}Z`);

  beforeEach(async () => {
    database = await createTestDatabase();
    clock = new ManualClock(at('10:02:30'));
    queues = embeddedQueues(database, clock, { concurrency: 2, leaseGraceSeconds: 30 });
    jobs = new JobsRepository(database.db);
  });

  afterEach(async () => {
    await queues.stop();
    await database.close();
  });

  it('retries after 10, 20 and 40 s by the clock, then fails', async () => {
    const queue = queues.open();
    const attempts: number[] = [];
    queue.register({
      name: 'flaky',
      retryLimit: 3,
      retryDelaySeconds: 10,
      run: async (_payload, job) => {
        attempts.push(job.attempt);
        throw new Error('down');
      },
    });
    await queue.start({ work: true });
    const id = (await queue.send('flaky', {})) as string;
    await queue.idle();
    expect(attempts).toEqual([1]);
    for (const [delaySeconds, attempt] of [
      [10, 2],
      [20, 3],
      [40, 4],
    ] as const) {
      clock.advance(delaySeconds * 1000 - 1);
      await queue.idle();
      expect(attempts).toHaveLength(attempt - 1);
      clock.advance(1);
      await queue.idle();
      expect(attempts).toHaveLength(attempt);
    }
    expect(await queue.job(id)).toMatchObject({ state: 'failed', attempts: 4, error: 'down' });
  });

  it('runs a delayed job once the clock reaches its time', async () => {
    const queue = queues.open();
    let ran = 0;
    queue.register({ name: 'later', run: async () => void (ran += 1) });
    await queue.start({ work: true });
    const id = (await queue.send('later', {}, { startAfter: at('10:05:00') })) as string;
    clock.set(at('10:04:59.999'));
    await queue.idle();
    expect(ran).toBe(0);
    clock.set(at('10:05:00'));
    await queue.idle();
    expect(ran).toBe(1);
    expect(await queue.job(id)).toMatchObject({ state: 'completed' });
  });

  it('queues each cron slot once across two queues, and one catch-up slot after a gap', async () => {
    const runs: string[] = [];
    const tick = { name: 'tick', run: async () => void runs.push(clock.now().toISOString()) };
    const one = queues.open();
    const two = queues.open();
    for (const queue of [one, two]) {
      queue.register(tick);
      await queue.schedule('tick', '*/5 * * * *');
      await queue.start({ work: true });
    }
    const idle = () => Promise.all([one.idle(), two.idle()]);
    await idle();
    // 10:00 began more than a minute before the schedule was declared: the first slot is 10:05.
    expect(runs).toEqual([]);
    for (const [time, count] of [
      ['10:05:00', 1],
      ['10:09:59', 1],
      ['10:10:00.500', 2],
      ['11:10:00', 3],
    ] as const) {
      clock.set(at(time));
      await idle();
      expect(runs).toHaveLength(count);
    }
    const keys = await database.db.selectFrom('jobs').select('singleton_key').orderBy('id').execute();
    expect(keys.map((k) => k.singleton_key)).toEqual([
      'tick@2026-11-21T10:05:00.000Z',
      'tick@2026-11-21T10:10:00.000Z',
      'tick@2026-11-21T10:15:00.000Z',
    ]);
    expect(await scheduleRow('tick')).toMatchObject({ next_run_at: '2026-11-21T11:15:00.000Z' });
  });

  it('claims a schedule slot once, even after the job of that slot has ended', async () => {
    const queue = queues.open();
    await queue.schedule('tick', '*/5 * * * *');
    const slot = '2026-11-21T10:05:00.000Z';
    const job = (key: string) => ({
      name: 'tick',
      payload: '{}',
      singleton_key: key,
      retry_limit: 0,
      retry_delay_seconds: 1,
      time_limit_seconds: 60,
      run_at: slot,
      created_at: slot,
    });
    clock.set(new Date(slot));
    const now = clock.now().toISOString();
    expect(await jobs.claimScheduleSlot('tick', slot, '2026-11-21T10:10:00.000Z', job('first'))).toBe(true);
    const ran = await jobs.claimNext(now, 30, TEST_OWNER);
    expect(await jobs.complete(ran?.id ?? 0, 1, now)).toBe(true);
    // A process that read the schedule before the slot was claimed comes late.
    expect(await jobs.claimScheduleSlot('tick', slot, '2026-11-21T10:10:00.000Z', job('late'))).toBe(false);
    const keys = await database.db.selectFrom('jobs').select('singleton_key').execute();
    expect(keys).toEqual([{ singleton_key: 'first' }]);
  });

  it('keeps the next slot when a schedule is declared again, and replaces it when the cron changes', async () => {
    const queue = queues.open();
    await queue.schedule('digest', '0 8 * * *', { kind: 'daily' });
    expect(await scheduleRow('digest')).toMatchObject({ next_run_at: '2026-11-22T08:00:00.000Z' });
    clock.set(at('11:00:20'));
    await queue.schedule('digest', '0 8 * * *', { kind: 'morning' });
    expect(await scheduleRow('digest')).toMatchObject({
      next_run_at: '2026-11-22T08:00:00.000Z',
      payload: JSON.stringify({ kind: 'morning' }),
    });
    // A slot that began less than a minute ago still runs.
    await queue.schedule('digest', '0 * * * *');
    expect(await scheduleRow('digest')).toMatchObject({ next_run_at: '2026-11-21T11:00:00.000Z' });
    await expect(queue.schedule('digest', '0 25 * * *')).rejects.toThrow(/not valid/);
  });

  it('takes back a job whose process died once its lease has passed', async () => {
    const worker = queues.open();
    const attempts: number[] = [];
    worker.register({
      name: 'lost',
      timeLimitSeconds: 60,
      run: async (_p, job) => void attempts.push(job.attempt),
    });
    const id = (await worker.send('lost', {})) as string;
    // A process claims it and dies: its lease is the time limit and the grace.
    const claimed = await jobs.claimNext(clock.now().toISOString(), 30, TEST_OWNER);
    expect(claimed).toMatchObject({ state: 'active', attempts: 1, lease_until: '2026-11-21T10:04:00.000Z' });
    await worker.start({ work: true });
    clock.set(at('10:03:59.999'));
    await worker.idle();
    expect(attempts).toEqual([]);
    clock.set(at('10:04:00'));
    await worker.idle();
    expect(attempts).toEqual([2]);
    expect(await worker.job(id)).toMatchObject({ state: 'completed', attempts: 2 });
  });

  it('fails a job whose process died on its last attempt', async () => {
    const worker = queues.open();
    let ran = 0;
    worker.register({ name: 'once', retryLimit: 0, timeLimitSeconds: 10, run: async () => void (ran += 1) });
    const id = (await worker.send('once', {})) as string;
    await jobs.claimNext(clock.now().toISOString(), 30, TEST_OWNER);
    await worker.start({ work: true });
    clock.advance(40_000);
    await worker.idle();
    expect(ran).toBe(0);
    const record = await worker.job(id);
    expect(record?.state).toBe('failed');
    expect(record?.error).toMatch(/stopped before it ended, and no retry is left/);
  });

  it('ignores the outcome of a run that lost its job to a newer run', async () => {
    const queue = queues.open();
    const id = Number(await queue.send('any', {}));
    await jobs.claimNext(clock.now().toISOString(), 30, TEST_OWNER);
    clock.advance(400_000);
    const newer = await jobs.claimNext(clock.now().toISOString(), 30, TEST_OWNER);
    expect(newer).toMatchObject({ id, attempts: 2 });
    const now = clock.now().toISOString();
    expect(await jobs.complete(id, 1, now)).toBe(false);
    expect(await jobs.retry(id, 1, 'late', now)).toBe(false);
    expect(await jobs.fail(id, 2, 'the newer run failed', now)).toBe(true);
    expect(await queue.job(String(id))).toMatchObject({ state: 'failed', error: 'the newer run failed' });
  });

  it('gives each job to one of several racing claimers', async () => {
    const queue = queues.open();
    const ids = await Promise.all(Array.from({ length: 30 }, (_, n) => queue.send('many', { n })));
    const claimers = Array.from({ length: 6 }, () => new JobsRepository(database.connect()));
    const now = clock.now().toISOString();
    const taken = await Promise.all(
      claimers.map(async (claimer) => {
        const mine: number[] = [];
        for (
          let row = await claimer.claimNext(now, 30, TEST_OWNER);
          row;
          row = await claimer.claimNext(now, 30, TEST_OWNER)
        )
          mine.push(row.id);
        return mine;
      }),
    );
    const all = taken.flat().sort((a, b) => a - b);
    expect(all).toEqual(ids.map(Number).sort((a, b) => a - b));
  });

  it('fails a job nobody registered, and keeps readable messages of values thrown', async () => {
    const queue = queues.open();
    const thrown: Record<string, unknown> = {
      words: 'plain words',
      object: { code: 42 },
      nothing: undefined,
    };
    queue.register({
      name: 'throws',
      retryLimit: 0,
      run: async (payload: JobPayload) => {
        throw thrown[String(payload.kind)];
      },
    });
    await queue.start({ work: true });
    const nobody = (await queue.send('nobody', {})) as string;
    const kinds = Object.keys(thrown);
    const ids = await Promise.all(kinds.map((kind) => queue.send('throws', { kind })));
    await queue.idle();
    expect(await queue.job(nobody)).toMatchObject({
      state: 'failed',
      error: 'No handler is registered for job "nobody" (known: throws)',
    });
    const errors = await Promise.all(ids.map(async (id) => (await queue.job(id as string))?.error));
    expect(errors).toEqual([
      'plain words',
      'The job threw a value that is not an Error: {"code":42}',
      'The job threw a value that is not an Error: undefined',
    ]);
    expect(await queue.job('not-an-id')).toBeNull();
    expect(await queue.job('999999')).toBeNull();
  });

  it('frees the slot of a run that ignores its time limit', async () => {
    const queue = queues.open({ concurrency: 1 });
    queue.register({
      name: 'deaf',
      timeLimitSeconds: 1,
      retryLimit: 0,
      run: () => new Promise(() => undefined),
    });
    queue.register({ name: 'next', run: async () => undefined });
    const deaf = await queue.send('deaf', {});
    const next = await queue.send('next', {});
    await queue.start({ work: true });
    await waitFor(async () => (await queue.job(next as string))?.state === 'completed', 4000, 'the next job');
    const record = await queue.job(deaf as string);
    expect(record).toMatchObject({ state: 'failed', attempts: 1 });
    expect(record?.error).toMatch(/time limit of 1 s/);
  });

  it('stops taking jobs on stop(), after the running ones end', async () => {
    const queue = queues.open({ concurrency: 1 });
    const started = gate();
    const release = gate();
    queue.register({
      name: 'held',
      run: async () => {
        started.open();
        await release.promise;
      },
    });
    await queue.start({ work: true });
    const first = (await queue.send('held', {})) as string;
    await started.promise;
    let stopped = false;
    const stopping = queue.stop().then(() => (stopped = true));
    const second = (await queue.send('held', {})) as string;
    await sleep(100);
    expect(stopped).toBe(false);
    release.open();
    await stopping;
    expect(await queue.job(first)).toMatchObject({ state: 'completed' });
    await sleep(700);
    expect(await queue.job(second)).toMatchObject({ state: 'queued' });
  });

  it('runs a send of this process at once, without waiting for a poll', async () => {
    const lazy = queues.open({ pollIntervalMs: 60_000 });
    let ran = 0;
    lazy.register({ name: 'now', run: async () => void (ran += 1) });
    await lazy.start({ work: true });
    await sleep(100);
    await lazy.send('now', {});
    await waitFor(() => ran === 1, 1000, 'the job sent here');
  });

  it('finds the jobs sent by other queues by polling', async () => {
    const worker = queues.open({ pollIntervalMs: 200 });
    const sender = queues.open();
    let ran = 0;
    worker.register({ name: 'theirs', run: async () => void (ran += 1) });
    await worker.start({ work: true });
    await sleep(100);
    await sender.send('theirs', {});
    await waitFor(() => ran === 1, 2000, 'the job sent by another queue');
  });

  function scheduleRow(name: string) {
    return database.db.selectFrom('job_schedules').selectAll().where('name', '=', name).executeTakeFirst();
  }
});
