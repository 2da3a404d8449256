import type { StopOptions } from './adapters/queue/jobQueue';
import type { Config } from './config';
import { createContext, type AppContext } from './context';
import { migrateToLatest } from './db/database';
import { registerJobs, scheduleRecurringJobs } from './jobs';

export interface JobRunner {
  ctx: AppContext;
  /** Stops taking jobs, waits for those running (see `graceMs`), and closes the connections. */
  close(options?: StopOptions): Promise<{ handedBack: number }>;
}

/**
 * A worker process (`npm run worker`): the app's services without HTTP, its database brought up to
 * date, every job registered, the recurring ones scheduled, taking jobs at once.
 */
export async function startJobRunner(config: Config): Promise<JobRunner> {
  const ctx = createContext(config);
  await migrateToLatest(ctx.db, config.database);
  await ctx.bus.start();
  registerJobs(ctx.jobs, ctx);
  // A crashed predecessor's scratch folders and ended uploads' files; its jobs the queue takes back.
  await ctx.uploadSweep.sweepLeftovers();
  // Scheduled first: once it takes jobs, the process is ready to be stopped (server/worker.ts).
  await scheduleRecurringJobs(ctx.jobs);
  await ctx.jobs.start({ work: true });
  return {
    ctx,
    async close(options) {
      const stopped = await ctx.jobs.stop(options);
      await ctx.mailDelivery.close();
      await ctx.bus.close();
      await ctx.db.destroy();
      return stopped;
    },
  };
}
