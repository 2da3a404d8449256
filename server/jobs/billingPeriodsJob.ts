import type { Logger } from 'pino';
import type { JobDefinition } from '../adapters/queue/jobQueue';
import type { Clock } from '../clock';
import type { BillingPeriodService } from '../services/billing/billingPeriods';

export const BILLING_PERIODS = 'billing.periods';
/** Every minute; each slot runs on one instance only (the queue's schedule), and the run's own claims keep a period single. */
export const BILLING_PERIODS_CRON = '* * * * *';

/** The period-end run: renewals, trial expiry, cancellations and downgrades that are due. */
export function billingPeriodsJob(
  billingPeriods: BillingPeriodService,
  clock: Clock,
  log: Logger,
): JobDefinition {
  return {
    name: BILLING_PERIODS,
    retryLimit: 0,
    timeLimitSeconds: 600,
    run: async () => {
      const { results, failed } = await billingPeriods.runDue(clock.now());
      for (const result of results) log.info({ job: BILLING_PERIODS, ...result }, 'billing period ended');
      if (failed.length) log.warn({ job: BILLING_PERIODS, failed }, 'billing periods left for the next run');
    },
  };
}
