import type { Logger } from 'pino';
import type { JobDefinition } from '../adapters/queue/jobQueue';
import {
  DIGEST_DELIVER,
  DIGEST_RUN,
  type DeliverKind,
  type NotificationDigestService,
} from '../services/notifications/notificationDigests';

export { DIGEST_DELIVER, DIGEST_RUN, DIGEST_RUN_CRON } from '../services/notifications/notificationDigests';

/**
 * Every minute (one instance per slot): queues a delivery per user whose mention, digest slot or
 * stalled digest is due. Its work is only finding and queueing, so a run that dies is redone by
 * the next one (its mark of how far it looked only moves at the end).
 */
export function digestRunJob(digests: NotificationDigestService, log: Logger): JobDefinition {
  return {
    name: DIGEST_RUN,
    retryLimit: 0,
    timeLimitSeconds: 300,
    run: async () => {
      const report = await digests.run();
      if (report.mentionUsers + report.digestUsers + report.stalledUsers > 0)
        log.info({ job: DIGEST_RUN, ...report }, 'e-mail digests queued');
    },
  };
}

/** A batch of users' claims and sends; retried when a send failed (the claims stay, the sends are redone). */
export function digestDeliverJob(
  digests: NotificationDigestService,
): JobDefinition<{ userIds: number[]; kind: DeliverKind }> {
  return {
    name: DIGEST_DELIVER,
    retryLimit: 9,
    retryDelaySeconds: 10,
    timeLimitSeconds: 300,
    run: async ({ userIds, kind }) => {
      await digests.deliverAll(userIds, kind);
    },
  };
}
