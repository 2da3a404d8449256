import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_PERIODS } from '@server/jobs/billingPeriodsJob';
import { scheduleRecurringJobs } from '@server/jobs';
import { workspaceOf } from './billingHelpers';
import { buildWorkspace, signedIn } from './factories';
import { startTestApp, type TestApp } from './harness';

/**
 * The billing period end is a recurring job (every minute, cron), set by each process: with two
 * instances on one database, each slot runs once, and a trial that has ended is suspended by it.
 * Two instances share PostgreSQL; on SQLite the second process is the worker (worker.test.ts), as
 * two connections to one SQLite file in one process would wait on each other synchronously.
 */
const instances = process.env.TEST_DB === 'postgres' ? 2 : 1;
describe('the billing period run as a recurring job', () => {
  let first: TestApp;
  let apps: TestApp[];
  beforeAll(async () => {
    first = await startTestApp();
    apps = [first];
    if (instances === 2) apps.push(await startTestApp({}, { reuse: first }));
  });
  afterAll(async () => {
    for (const app of apps.slice(1)) await app.close({ keepData: true });
    await first.close();
  });

  it('suspends an ended trial at the next slot, the slot run by one instance', async () => {
    const { owner, workspace } = await buildWorkspace(first.baseUrl, first.ctx);
    const expiresAt = new Date(workspace.subscription.free_trial_expires_at as string);
    for (const app of apps) {
      app.clock.set(new Date(expiresAt.getTime() + 5_000));
      await scheduleRecurringJobs(app.ctx.jobs);
    }
    // The next whole minute after the trial's end is the first slot that sees it ended.
    for (const app of apps) app.clock.advance(60_000);
    // The slot the schedule was declared in (10:00) and the next one (10:01), each run once.
    const slots = await waitFor(async () => {
      const rows = await first.ctx.db
        .selectFrom('jobs')
        .select(['state', 'singleton_key'])
        .where('name', '=', BILLING_PERIODS)
        .execute();
      return rows.length === 2 && rows.every((r) => r.state === 'completed') ? rows : undefined;
    });
    await Promise.all(apps.map((app) => app.ctx.jobs.idle()));
    const all = await first.ctx.db
      .selectFrom('jobs')
      .select('singleton_key')
      .where('name', '=', BILLING_PERIODS)
      .execute();
    expect(all.map((r) => r.singleton_key).sort()).toEqual(slots.map((r) => r.singleton_key).sort());
    expect(new Set(all.map((r) => r.singleton_key)).size).toBe(2);

    const client = await signedIn(first.baseUrl, owner);
    expect((await workspaceOf(client, workspace.id)).subscription).toMatchObject({ active: false });
  });
});

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
