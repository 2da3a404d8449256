import type { Logger } from 'pino';
import type { Mailer } from '../adapters/mail/mailer';
import type { JobQueue } from '../adapters/queue/jobQueue';
import type { Clock } from '../clock';
import type { Downloads } from '../services/assets/downloads';
import type { EventDispatcher } from '../events/dispatcher';
import type { AccountService } from '../services/accounts/accounts';
import type { AssetPreviews } from '../services/assets/assetPreviews';
import type { PasswordResetService } from '../services/accounts/passwordResets';
import type { BillingPeriodService } from '../services/billing/billingPeriods';
import type { UploadSweep } from '../services/assets/uploadSweep';
import type { OrphanSweep } from '../services/assets/orphanSweep';
import type { NotificationDigestService } from '../services/notifications/notificationDigests';
import { BILLING_PERIODS, BILLING_PERIODS_CRON, billingPeriodsJob } from './billingPeriodsJob';
import { addressMailJob } from './addressMailJob';
import { DIGEST_RUN, DIGEST_RUN_CRON, digestDeliverJob, digestRunJob } from './digestJobs';
import { sendMailJob } from './mailJob';
import { SWEEP_ORPHANS, SWEEP_ORPHANS_CRON, orphanSweepJob } from './orphanSweepJob';
import { previewJob } from './previewJob';
import { REDELIVER_EVENTS, REDELIVER_EVENTS_CRON, redeliverEventsJob } from './redeliverEventsJob';
import { SWEEP_UPLOADS, SWEEP_UPLOADS_CRON, uploadSweepJob } from './uploadSweepJob';
import { removeZipJob, zipJob } from './zipJob';

export interface JobDependencies {
  /** The outbox or SMTP: what actually delivers a queued message. */
  mailDelivery: Mailer;
  billingPeriods: BillingPeriodService;
  events: EventDispatcher;
  assetPreviews: AssetPreviews;
  passwordResets: PasswordResetService;
  accounts: AccountService;
  uploadSweep: UploadSweep;
  /** Stored files no row names, removed once old (daily). */
  orphanSweep: OrphanSweep;
  clock: Clock;
  log: Logger;
  /** Downloads too large to stream: the zip job builds the archive and mails the link. */
  downloads: Downloads;
  /** E-mail digests of notifications (every minute; one delivery job per user). */
  notificationDigests: NotificationDigestService;
}

/**
 * Every job the app runs, declared on the queue of each process (web or worker) before it starts.
 * A new job: a file in server/jobs/ exporting its definition, registered here.
 */
export function registerJobs(queue: JobQueue, deps: JobDependencies): void {
  queue.register(sendMailJob(deps.mailDelivery));
  queue.register(billingPeriodsJob(deps.billingPeriods, deps.clock, deps.log));
  queue.register(redeliverEventsJob(deps.events));
  queue.register(previewJob(deps.assetPreviews));
  queue.register(uploadSweepJob(deps.uploadSweep));
  queue.register(orphanSweepJob(deps.orphanSweep));
  queue.register(
    addressMailJob({
      reset_link: (email) => deps.passwordResets.sendLink(email),
      access_code: (email) => deps.accounts.sendAccessCode(email),
    }),
  );
  queue.register(zipJob(deps.downloads));
  queue.register(removeZipJob(deps.downloads));
  queue.register(digestRunJob(deps.notificationDigests, deps.log));
  queue.register(digestDeliverJob(deps.notificationDigests));
}

/** The recurring jobs; set by the process entries (web and worker), not by the tests. */
export async function scheduleRecurringJobs(queue: JobQueue): Promise<void> {
  await queue.schedule(BILLING_PERIODS, BILLING_PERIODS_CRON);
  await queue.schedule(REDELIVER_EVENTS, REDELIVER_EVENTS_CRON);
  await queue.schedule(SWEEP_UPLOADS, SWEEP_UPLOADS_CRON);
  await queue.schedule(SWEEP_ORPHANS, SWEEP_ORPHANS_CRON);
  await queue.schedule(DIGEST_RUN, DIGEST_RUN_CRON);
}
