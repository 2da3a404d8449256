import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { PgBossJobQueue, pgBossSchema } from '@server/adapters/queue/pgBossQueue';
import { createDatabase, dropSchema } from '@server/db/database';
import {
  KILLABLE_JOB,
  killWorker,
  markers,
  startKillableWorker,
  type KillablePayload,
  type WorkerProcess,
} from '../queue/killableJob';
import { waitFor } from '../queue/waitFor';
import { POSTGRES_URL } from './harness';

/**
 * pg-boss across processes: a worker killed mid-job leaves its job active until its expiry. The
 * next worker of the same machine knows the first is dead and fails the run at once, so that the
 * job is retried without waiting for the expiry (a preview's is 182 s).
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('pg-boss: a worker process killed mid-job', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('is retried at once by the next worker of the same machine', async () => {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const jobsSchema = pgBossSchema(schema);
    const markerDir = mkdtempSync(join(tmpdir(), 'proofroom-killed-'));
    const db = createDatabase({ dialect: 'postgres', url: POSTGRES_URL, schema: undefined });
    const sender = new PgBossJobQueue({
      url: POSTGRES_URL,
      schema: jobsSchema,
      concurrency: 1,
      log: pino({ level: 'silent' }),
    });
    cleanups.push(async () => {
      await sender.stop();
      await dropSchema(db, jobsSchema);
      await db.destroy();
      rmSync(markerDir, { recursive: true, force: true });
    });
    sender.register<KillablePayload>({ ...KILLABLE_JOB, run: async () => undefined });
    await sender.start({ work: false });
    const id = (await sender.send(KILLABLE_JOB.name, { markerDir })) as string;
    const env = { QUEUE_ADAPTER: 'pg-boss', DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema };
    const worker = (mode: 'hang' | 'complete') => {
      const started: WorkerProcess = startKillableWorker(env, mode);
      cleanups.push(() => killWorker(started));
      return started;
    };

    const doomed = worker('hang');
    await waitFor(() => markers(markerDir, 'started').length === 1, 20_000, 'the first worker to start');
    await killWorker(doomed);
    // A preview's expiry, far past the end of the test: only knowing the worker died brings it back.
    await sql`UPDATE ${sql.table(`${jobsSchema}.job`)} SET expire_in = interval '10 minutes' WHERE id = ${id}`.execute(
      db,
    );
    expect((await sender.job(id))?.state).toBe('active');

    worker('complete');
    await waitFor(
      async () => (await sender.job(id))?.state === 'completed',
      20_000,
      'the second worker to run the job again',
    );
    const [first, second] = markers(markerDir, 'started');
    expect(first).toMatch(/-1$/);
    expect(second).toMatch(/-2$/);
    expect(first?.split('-')[1]).not.toBe(second?.split('-')[1]);
    expect(markers(markerDir, 'done')).toEqual([second?.replace('started', 'done')]);
  }, 60_000);
});
