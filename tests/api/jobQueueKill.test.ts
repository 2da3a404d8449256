import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedJobQueue } from '@server/adapters/queue/embeddedQueue';
import { systemClock } from '@server/clock';
import { JobsRepository } from '@server/db/repositories/jobs';
import { silentLog } from '../queue/embeddedFixture';
import {
  KILLABLE_JOB,
  killWorker,
  markers,
  startKillableWorker,
  type KillablePayload,
  type WorkerProcess,
} from '../queue/killableJob';
import { createTestDatabase, type TestDatabase } from '../queue/testDatabase';
import { waitFor } from '../queue/waitFor';

/**
 * The embedded queue across processes: a worker process killed mid-job (SIGKILL: no chance to
 * record anything) leaves its job active under its lease; another worker process takes it back
 * once the lease has passed, not before, and runs it once. The contract runs the same scenario
 * with the rescue in this process; here both workers are processes of their own.
 */
describe('embedded queue: a worker process killed mid-job', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setUp() {
    const database: TestDatabase = await createTestDatabase();
    const markerDir = mkdtempSync(join(tmpdir(), 'proofroom-killed-'));
    cleanups.push(async () => {
      await database.close();
      rmSync(markerDir, { recursive: true, force: true });
    });
    const jobs = new JobsRepository(database.db);
    const sender = new EmbeddedJobQueue(jobs, systemClock, silentLog, { concurrency: 1 });
    sender.register<KillablePayload>({ ...KILLABLE_JOB, run: async () => undefined });
    const env = { QUEUE_ADAPTER: 'embedded', ...database.env };
    const worker = (mode: 'hang' | 'complete') => {
      const started: WorkerProcess = startKillableWorker(env, mode);
      cleanups.push(() => killWorker(started));
      return started;
    };
    return { jobs, sender, markerDir, worker };
  }

  it('is taken back by another worker process once its lease has passed, and runs once', async () => {
    const { jobs, sender, markerDir, worker } = await setUp();
    const id = (await sender.send(KILLABLE_JOB.name, { markerDir })) as string;

    const doomed = worker('hang');
    await waitFor(
      () => markers(markerDir, 'started').length === 1,
      20_000,
      'the first worker to start the job',
    );
    const held = await jobs.byId(Number(id));
    expect(held).toMatchObject({ state: 'active', attempts: 1 });
    const leaseMs = Date.parse(held?.lease_until ?? '') - Date.parse(held?.started_at ?? '');
    // The time limit and the grace: 3 s, and the child's 1 s.
    expect(leaseMs).toBe((KILLABLE_JOB.timeLimitSeconds + 1) * 1000);
    await killWorker(doomed);

    worker('complete');
    await waitFor(
      async () => (await jobs.byId(Number(id)))?.state === 'completed',
      20_000,
      'the second worker to run the job',
    );
    const done = await jobs.byId(Number(id));
    expect(done).toMatchObject({ state: 'completed', attempts: 2, last_error: null });
    // Not taken back before the lease passed.
    expect(Date.parse(done?.started_at ?? '')).toBeGreaterThanOrEqual(Date.parse(held?.lease_until ?? ''));
    const [first, second] = markers(markerDir, 'started');
    expect(markers(markerDir, 'started')).toHaveLength(2);
    expect(first).toMatch(/-1$/);
    expect(second).toMatch(/-2$/);
    // Two processes: the second attempt ran in the second worker.
    expect(first?.split('-')[1]).not.toBe(second?.split('-')[1]);
    expect(markers(markerDir, 'done')).toEqual([second?.replace('started', 'done')]);
    expect(await sender.failed()).toEqual([]);
  }, 50_000);
});
