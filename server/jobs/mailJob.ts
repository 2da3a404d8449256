import type { JobDefinition, JobQueue } from '../adapters/queue/jobQueue';
import type { Mail, Mailer } from '../adapters/mail/mailer';

export const SEND_MAIL = 'mail.send';

/**
 * Every e-mail is a job: the request answers once the message is queued (in the database, so a
 * stop between the request and the send loses nothing), and a refused delivery is retried, for
 * about an hour and a half in all. A crash after the server accepted a message and before the job
 * is marked done sends it again: at least once, never lost.
 */
export function sendMailJob(delivery: Mailer): JobDefinition<Mail & Record<string, unknown>> {
  return {
    name: SEND_MAIL,
    retryLimit: 9,
    retryDelaySeconds: 10,
    timeLimitSeconds: 60,
    run: ({ to, subject, text, html, messageId, inReplyTo, references, headers }) =>
      delivery.send({
        to,
        subject,
        text,
        ...(html ? { html } : {}),
        ...(messageId ? { messageId } : {}),
        ...(inReplyTo ? { inReplyTo } : {}),
        ...(references ? { references } : {}),
        ...(headers ? { headers } : {}),
      }),
  };
}

/** The mailer services are given: it queues the message for `sendMailJob`. */
export class QueuedMailer implements Mailer {
  constructor(private readonly queue: JobQueue) {}

  async send(mail: Mail): Promise<void> {
    await this.queue.send(SEND_MAIL, { ...mail });
  }

  async close(): Promise<void> {}
}
