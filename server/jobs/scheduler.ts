import type { Logger } from 'pino';
import type { AppContext } from '../context';

export const BILLING_PERIODS_EVERY_MS = 60_000;

export interface ScheduledJob {
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

/**
 * Runs jobs on a timer inside the web process: each once at start (catching up after a restart),
 * then every `everyMs`, never two runs of one job at a time. A failed run is logged and the next
 * one goes ahead. `stop()` clears the timers and waits for runs in progress.
 */
export class Scheduler {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private stopped = false;

  constructor(private readonly log: Logger) {}

  start(job: ScheduledJob): void {
    const tick = () => {
      if (this.stopped || this.running.has(job.name)) return;
      const run = job
        .run()
        .catch((error: unknown) => this.log.error({ err: error, job: job.name }, 'scheduled job failed'))
        .finally(() => this.running.delete(job.name));
      this.running.set(job.name, run);
    };
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    this.timers.push(timer);
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    await Promise.all(this.running.values());
  }
}

/** The web process's scheduler: the billing period end every minute (every instance may run it; claims keep it single). */
export function startScheduler(ctx: Pick<AppContext, 'billingPeriods' | 'clock' | 'log'>): Scheduler {
  const scheduler = new Scheduler(ctx.log);
  scheduler.start({
    name: 'billing-periods',
    everyMs: BILLING_PERIODS_EVERY_MS,
    run: async () => {
      const { results, failed } = await ctx.billingPeriods.runDue(ctx.clock.now());
      for (const result of results)
        ctx.log.info({ job: 'billing-periods', ...result }, 'billing period ended');
      if (failed.length) ctx.log.warn({ job: 'billing-periods', failed }, 'billing periods left for a retry');
    },
  });
  return scheduler;
}
