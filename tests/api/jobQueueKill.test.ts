import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedJobQueue } from '@server/adapters/queue/embeddedQueue';
import { systemClock } from '@server/clock';
import { JobsRepository } from '@server/db/repositories/jobs';
import { ownerKey, thisProcess } from '@server/processIdentity';
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
 * record anything) leaves its job active under its lease. The next worker of the same machine
 * knows it is dead (its pid is gone) and takes the job back at once; a live worker's job is never
 * taken, and a job held on another machine comes back only when its lease passes. The contract
 * runs the killed-worker scenario with the rescue in this process; here every worker is a process.
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
    return { database, jobs, sender, markerDir, worker };
  }

  /** A job sent, and held by a first worker whose run hangs; answers the job's row as it is held. */
  async function held(env: Awaited<ReturnType<typeof setUp>>) {
    const id = (await env.sender.send(KILLABLE_JOB.name, { markerDir: env.markerDir })) as string;
    const doomed = env.worker('hang');
    await waitFor(
      () => markers(env.markerDir, 'started').length === 1,
      20_000,
      'the first worker to start the job',
    );
    const row = await env.jobs.byId(Number(id));
    expect(row).toMatchObject({ state: 'active', attempts: 1 });
    return { id: Number(id), doomed, row: row! };
  }

  async function completedByAnother(env: Awaited<ReturnType<typeof setUp>>, id: number) {
    env.worker('complete');
    await waitFor(
      async () => (await env.jobs.byId(id))?.state === 'completed',
      20_000,
      'the second worker to run the job',
    );
    const done = await env.jobs.byId(id);
    expect(done).toMatchObject({ state: 'completed', attempts: 2, last_error: null, lease_owner: null });
    const [first, second] = markers(env.markerDir, 'started');
    expect(markers(env.markerDir, 'started')).toHaveLength(2);
    expect(first).toMatch(/-1$/);
    expect(second).toMatch(/-2$/);
    // Two processes: the second attempt ran in the second worker.
    expect(first?.split('-')[1]).not.toBe(second?.split('-')[1]);
    expect(markers(env.markerDir, 'done')).toEqual([second?.replace('started', 'done')]);
    expect(await env.sender.failed()).toEqual([]);
    return done!;
  }

  /** A lease as long as a preview's (180 s and the grace): far past the end of the test. */
  const LONG_LEASE_MS = 210_000;

  it('is taken back at once by the next worker of the same machine, which knows the first is dead', async () => {
    const env = await setUp();
    const { id, doomed, row } = await held(env);
    const leaseMs = Date.parse(row.lease_until ?? '') - Date.parse(row.started_at ?? '');
    // The time limit and the grace: 3 s, and the child's 1 s.
    expect(leaseMs).toBe((KILLABLE_JOB.timeLimitSeconds + 1) * 1000);
    expect(row.lease_owner).toMatch(new RegExp(`\\|${doomed.process.pid}\\|`));
    await killWorker(doomed);
    // A preview's lease: the restarted process must not wait for it.
    const leaseUntil = new Date(Date.now() + LONG_LEASE_MS).toISOString();
    await env.database.db.updateTable('jobs').set({ lease_until: leaseUntil }).where('id', '=', id).execute();

    const done = await completedByAnother(env, id);
    expect(Date.parse(done.started_at ?? '')).toBeLessThan(Date.parse(leaseUntil));
  }, 50_000);

  it('is left to a live process: a worker starting beside it does not take its job', async () => {
    const env = await setUp();
    const id = Number(await env.sender.send(KILLABLE_JOB.name, { markerDir: env.markerDir }));
    // Held by this test's own process, alive on this machine.
    const owner = ownerKey({ ...thisProcess, instance: 'alive' });
    const leaseUntil = new Date(Date.now() + LONG_LEASE_MS).toISOString();
    await env.database.db
      .updateTable('jobs')
      .set({ state: 'active', attempts: 1, lease_owner: owner, lease_until: leaseUntil })
      .where('id', '=', id)
      .execute();

    // A worker has looked for dead owners by the time it is ready.
    await env.worker('complete').ready;
    expect(await env.jobs.byId(id)).toMatchObject({
      state: 'active',
      attempts: 1,
      lease_owner: owner,
      lease_until: leaseUntil,
    });
    expect(markers(env.markerDir, 'started')).toEqual([]);
  }, 50_000);

  it('of a worker on another machine comes back only once its lease has passed', async () => {
    const env = await setUp();
    const { id, doomed, row } = await held(env);
    await killWorker(doomed);
    // The same job as if a process of another machine held it: nothing here can tell it is dead.
    const elsewhere = `0another0host|${doomed.process.pid}|elsewhere`;
    await env.database.db.updateTable('jobs').set({ lease_owner: elsewhere }).where('id', '=', id).execute();

    const done = await completedByAnother(env, id);
    expect(Date.parse(done.started_at ?? '')).toBeGreaterThanOrEqual(Date.parse(row.lease_until ?? ''));
  }, 50_000);
});
