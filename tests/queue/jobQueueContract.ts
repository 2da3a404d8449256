import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobPayload, JobQueue } from '@server/adapters/queue/jobQueue';
import { KILLABLE_JOB, killWorker, markers, startKillableWorker, type KillablePayload } from './killableJob';
import { gate, sleep, waitFor } from './waitFor';

export interface QueueFixture {
  /** A queue of the adapter on a database of its own, not started yet. */
  queue: JobQueue;
  /** Another queue on the same database, not started: another process, or this one restarted. */
  open(): Promise<JobQueue>;
  /**
   * The environment tests/queue/killableWorker.ts needs to open the same queue in a child process:
   * QUEUE_ADAPTER, DATABASE_URL and, for a schema of its own, DATABASE_SCHEMA.
   */
  workerEnv: Record<string, string>;
  /** Stops every queue opened and drops the database. */
  close(): Promise<void>;
}

export type MakeQueue = (options: { concurrency: number }) => Promise<QueueFixture>;

/** Slack for timers and for a database clock read apart from this process's. */
const TIMING_SLACK_MS = 100;

/**
 * What every job queue adapter does, in real time with short delays: each adapter's test file
 * calls this with a factory of fixtures on the database of the run. Waits poll the real state;
 * a fixed sleep only stands where the test shows that something does not happen.
 */
export function describeJobQueueContract(label: string, makeQueue: MakeQueue): void {
  describe(`job queue contract: ${label}`, () => {
    const fixtures: QueueFixture[] = [];
    async function given(concurrency = 4): Promise<QueueFixture> {
      const fixture = await makeQueue({ concurrency });
      fixtures.push(fixture);
      return fixture;
    }
    const stateOf = async (queue: JobQueue, id: string | null) =>
      id === null ? undefined : (await queue.job(id))?.state;

    afterEach(async () => {
      await Promise.all(fixtures.splice(0).map((fixture) => fixture.close()));
    });

    it('runs a job with its payload, once', async () => {
      const { queue } = await given();
      const runs: { payload: JobPayload; id: string; attempt: number }[] = [];
      queue.register({
        name: 'hello',
        run: async (payload, { id, attempt }) => void runs.push({ payload, id, attempt }),
      });
      await queue.start({ work: true });
      const payload = { text: 'héllo', n: 3, nested: { list: [1, 'two', null] } };
      const id = await queue.send('hello', payload);
      expect(id).toEqual(expect.any(String));
      await waitFor(async () => (await stateOf(queue, id)) === 'completed', 5000, 'the job to complete');
      expect(runs).toEqual([{ payload, id, attempt: 1 }]);
      expect(await queue.job(id as string)).toMatchObject({
        id,
        name: 'hello',
        payload,
        state: 'completed',
        attempts: 1,
      });
    });

    it('retries a failing job with a doubling delay, then fails it keeping the last error', async () => {
      const { queue } = await given();
      const runs: { attempt: number; at: number }[] = [];
      queue.register({
        name: 'flaky',
        retryLimit: 2,
        retryDelaySeconds: 1,
        run: async (payload, job) => {
          runs.push({ attempt: job.attempt, at: Date.now() });
          throw new Error(`failure ${job.attempt} of ${String(payload.label)}`);
        },
      });
      queue.register({ name: 'fine', run: async () => undefined });
      await queue.start({ work: true });
      const id = (await queue.send('flaky', { label: 'x' })) as string;
      const fine = (await queue.send('fine', {})) as string;
      await waitFor(async () => (await stateOf(queue, id)) === 'failed', 12_000, 'the job to fail');

      expect(runs.map((r) => r.attempt)).toEqual([1, 2, 3]);
      const [first, second, third] = runs.map((r) => r.at) as [number, number, number];
      expect(second - first).toBeGreaterThanOrEqual(1000 - TIMING_SLACK_MS);
      expect(third - second).toBeGreaterThanOrEqual(2000 - TIMING_SLACK_MS);
      const record = { id, name: 'flaky', payload: { label: 'x' }, state: 'failed', attempts: 3 };
      expect(await queue.job(id)).toMatchObject({ ...record, error: 'failure 3 of x' });
      expect(await queue.failed()).toEqual([expect.objectContaining({ ...record, error: 'failure 3 of x' })]);
      expect((await queue.failed('flaky')).map((j) => j.id)).toEqual([id]);
      expect(await queue.failed('fine')).toEqual([]);
      expect(await stateOf(queue, fine)).toBe('completed');
    }, 20_000);

    it('aborts a run at its time limit, counts it as failed and retries', async () => {
      const { queue } = await given();
      let abortedAfterMs: number | undefined;
      queue.register({
        name: 'slow',
        timeLimitSeconds: 1,
        retryLimit: 1,
        retryDelaySeconds: 1,
        run: async (_payload, { attempt, signal }) => {
          if (attempt > 1) return;
          const began = Date.now();
          await new Promise((resolve) => signal.addEventListener('abort', resolve));
          abortedAfterMs = Date.now() - began;
        },
      });
      await queue.start({ work: true });
      const id = (await queue.send('slow', {})) as string;
      await waitFor(async () => (await stateOf(queue, id)) === 'completed', 10_000, 'the retry');
      expect(abortedAfterMs).toBeGreaterThanOrEqual(1000 - TIMING_SLACK_MS);
      expect(abortedAfterMs).toBeLessThan(2500);
      expect(await queue.job(id)).toMatchObject({ state: 'completed', attempts: 2 });
    });

    it('never runs more jobs at once than its concurrency', async () => {
      const { queue } = await given(2);
      let running = 0;
      let most = 0;
      queue.register({
        name: 'busy',
        run: async () => {
          running += 1;
          most = Math.max(most, running);
          await sleep(250);
          running -= 1;
        },
      });
      const ids = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => queue.send('busy', { n })));
      await queue.start({ work: true });
      for (const id of ids)
        await waitFor(async () => (await stateOf(queue, id)) === 'completed', 8000, 'every job to complete');
      expect(most).toBe(2);
    });

    it('holds a singleton key while its job waits or runs, and frees it once done', async () => {
      const fixture = await given();
      const { queue } = fixture;
      const started = gate();
      const release = gate();
      const single = {
        name: 'single',
        run: async (payload: JobPayload) => {
          if (payload.n !== 1) return;
          started.open();
          await release.promise;
        },
      };
      queue.register(single);
      await queue.start({ work: false });
      const first = await queue.send('single', { n: 1 }, { singletonKey: 'k' });
      expect(first).toEqual(expect.any(String));
      expect(await queue.send('single', { n: 2 }, { singletonKey: 'k' })).toBeNull();
      // Another key, or none, is another job.
      expect(await queue.send('single', { n: 3 }, { singletonKey: 'other' })).toEqual(expect.any(String));
      expect(await queue.send('single', { n: 3 })).toEqual(expect.any(String));
      // Sends racing on one key queue one job.
      const racing = await Promise.all(
        [1, 2, 3, 4, 5].map((n) => queue.send('single', { n: 10 + n }, { singletonKey: 'race' })),
      );
      expect(racing.filter((id) => id !== null)).toHaveLength(1);

      const worker = await fixture.open();
      worker.register(single);
      await worker.start({ work: true });
      await started.promise;
      await waitFor(async () => (await stateOf(queue, first)) === 'active', 5000, 'the first job to run');
      expect(await queue.send('single', { n: 4 }, { singletonKey: 'k' })).toBeNull();

      release.open();
      await waitFor(async () => (await stateOf(queue, first)) === 'completed', 5000, 'the first job to end');
      const again = await queue.send('single', { n: 5 }, { singletonKey: 'k' });
      expect(again).toEqual(expect.any(String));
      expect(again).not.toBe(first);
      await waitFor(async () => (await stateOf(queue, again)) === 'completed', 5000, 'the next one to run');
    });

    it('does not start a delayed job before its time', async () => {
      const { queue } = await given();
      let ranAt: number | undefined;
      queue.register({ name: 'later', run: async () => void (ranAt = Date.now()) });
      await queue.start({ work: true });
      const startAfter = new Date(Date.now() + 1500);
      const id = await queue.send('later', {}, { startAfter });
      await sleep(700);
      expect(ranAt).toBeUndefined();
      expect(await stateOf(queue, id)).toBe('queued');
      await waitFor(async () => (await stateOf(queue, id)) === 'completed', 6000, 'the delayed job');
      expect(ranAt).toBeGreaterThanOrEqual(startAfter.getTime() - TIMING_SLACK_MS);
    });

    it('runs a cron slot once with two queues on one database', async () => {
      const fixture = await given();
      const runs: JobPayload[] = [];
      const tick = { name: 'tick', run: async (payload: JobPayload) => void runs.push(payload) };
      const one = fixture.queue;
      const two = await fixture.open();
      one.register(tick);
      two.register(tick);
      await expect(one.schedule('tick', '*/5 * * * * *')).rejects.toThrow(/five/);
      // Every minute fires; keep clear of the next minute so that one slot is in play.
      const second = new Date().getUTCSeconds();
      if (second > 45) await sleep((61 - second) * 1000);
      await one.schedule('tick', '* * * * *', { tag: 'minute' });
      await two.schedule('tick', '* * * * *', { tag: 'minute' });
      await Promise.all([one.start({ work: true }), two.start({ work: true })]);
      await waitFor(() => runs.length > 0, 8000, 'the slot to run');
      // Both instances keep looking for due slots: a second run would show within this wait.
      await sleep(2500);
      expect(runs).toEqual([{ tag: 'minute' }]);
    }, 40_000);

    it('runs nothing when started without work', async () => {
      const fixture = await given();
      const { queue } = fixture;
      let ran = 0;
      const job = { name: 'chore', run: async () => void (ran += 1) };
      queue.register(job);
      await queue.start({ work: false });
      const id = await queue.send('chore', {});
      await sleep(1200);
      await queue.idle();
      expect(ran).toBe(0);
      expect(await stateOf(queue, id)).toBe('queued');
      // The job was runnable: a working queue takes it.
      const worker = await fixture.open();
      worker.register(job);
      await worker.start({ work: true });
      await waitFor(async () => (await stateOf(queue, id)) === 'completed', 5000, 'the worker to run it');
      expect(ran).toBe(1);
    });

    it('idle() waits for the due jobs and the runs, not for later jobs', async () => {
      const { queue } = await given();
      const done: number[] = [];
      queue.register({
        name: 'short',
        run: async (payload) => {
          await sleep(200);
          done.push(Number(payload.n));
        },
      });
      await queue.start({ work: true });
      const ids = await Promise.all([1, 2, 3].map((n) => queue.send('short', { n })));
      const later = await queue.send('short', { n: 4 }, { startAfter: new Date(Date.now() + 60_000) });
      await queue.idle();
      expect(done.sort()).toEqual([1, 2, 3]);
      for (const id of ids) expect(await stateOf(queue, id)).toBe('completed');
      expect(await stateOf(queue, later)).toBe('queued');
    });

    it('keeps a queued job across a restart', async () => {
      const fixture = await given();
      const before: JobPayload[] = [];
      const after: JobPayload[] = [];
      fixture.queue.register({ name: 'kept', run: async (payload) => void before.push(payload) });
      await fixture.queue.start({ work: true });
      const id = await fixture.queue.send('kept', { n: 1 }, { startAfter: new Date(Date.now() + 1000) });
      await fixture.queue.stop();

      const restarted = await fixture.open();
      restarted.register({ name: 'kept', run: async (payload) => void after.push(payload) });
      await restarted.start({ work: true });
      await waitFor(
        async () => (await stateOf(restarted, id)) === 'completed',
        6000,
        'the job after restart',
      );
      expect(before).toEqual([]);
      expect(after).toEqual([{ n: 1 }]);
    });

    it('hands a run cut by the grace of a stop back to the queue, without spending an attempt', async () => {
      const fixture = await given();
      const started = gate();
      const release = gate();
      // No retry: a cut run counted as a failure would fail the job for good.
      fixture.queue.register({
        name: 'long',
        retryLimit: 0,
        run: async () => {
          started.open();
          await release.promise;
        },
      });
      await fixture.queue.start({ work: true });
      const id = (await fixture.queue.send('long', { n: 1 })) as string;
      await started.promise;
      const stopping = Date.now();
      expect(await fixture.queue.stop({ graceMs: 300 })).toEqual({ handedBack: 1 });
      expect(Date.now() - stopping).toBeGreaterThanOrEqual(300 - TIMING_SLACK_MS);
      // The cut run ending now records nothing: the job is no longer its.
      release.open();
      await sleep(200);
      const restarted = await fixture.open();
      expect(await restarted.job(id)).toMatchObject({ state: 'queued', attempts: 0, payload: { n: 1 } });

      const attempts: number[] = [];
      restarted.register({
        name: 'long',
        retryLimit: 0,
        run: async (_p, job) => void attempts.push(job.attempt),
      });
      await restarted.start({ work: true });
      await waitFor(async () => (await stateOf(restarted, id)) === 'completed', 6000, 'the job handed back');
      expect(attempts).toEqual([1]);
      expect(await restarted.job(id)).toMatchObject({ state: 'completed', attempts: 1 });
    });

    it('waits for the runs that end within the grace of a stop', async () => {
      const fixture = await given();
      const started = gate();
      fixture.queue.register({
        name: 'short',
        run: async () => {
          started.open();
          await sleep(200);
        },
      });
      await fixture.queue.start({ work: true });
      const id = (await fixture.queue.send('short', {})) as string;
      await started.promise;
      expect(await fixture.queue.stop({ graceMs: 5000 })).toEqual({ handedBack: 0 });
      const reader = await fixture.open();
      expect(await reader.job(id)).toMatchObject({ state: 'completed', attempts: 1 });
    });

    it('runs a job again, once, after the process running it was killed', async () => {
      const fixture = await given();
      const markerDir = mkdtempSync(join(tmpdir(), 'proofroom-killed-'));
      try {
        const sender = fixture.queue;
        sender.register<KillablePayload>({ ...KILLABLE_JOB, run: async () => undefined });
        await sender.start({ work: false });
        const id = (await sender.send(KILLABLE_JOB.name, { markerDir })) as string;

        const worker = startKillableWorker(fixture.workerEnv);
        try {
          await waitFor(
            () => markers(markerDir, 'started').length > 0,
            20_000,
            'the worker to start the job',
          );
          expect(await stateOf(sender, id)).toBe('active');
        } finally {
          await killWorker(worker);
        }

        const attempts: number[] = [];
        const rescuer = await fixture.open();
        rescuer.register<KillablePayload>({
          ...KILLABLE_JOB,
          run: async (_p, job) => void attempts.push(job.attempt),
        });
        await rescuer.start({ work: true });
        await waitFor(
          async () => (await stateOf(sender, id)) === 'completed',
          15_000,
          'the job to run again',
        );
        await rescuer.stop();
        expect(attempts).toEqual([2]);
        expect(markers(markerDir, 'started')).toHaveLength(1);
        expect(await sender.job(id)).toMatchObject({ state: 'completed', attempts: 2 });
      } finally {
        rmSync(markerDir, { recursive: true, force: true });
      }
    }, 45_000);
  });
}
