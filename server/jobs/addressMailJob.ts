import type { JobDefinition, JobQueue } from '../adapters/queue/jobQueue';
import type { AddressMail, QueueAddressMail } from '../services/accounts/addressMail';

export const ADDRESS_MAIL = 'accounts.address_mail';

/**
 * Forgot-password and resend-code answer every address alike, also in time: the call queues this
 * job whatever the address, and the job looks it up and writes the token and the mail only for an
 * account. The request does the same work either way (the rate limits and one insert).
 */
export function addressMailJob(
  handlers: Record<AddressMail['kind'], (email: string) => Promise<void>>,
): JobDefinition<{
  kind: AddressMail['kind'];
  email: string;
}> {
  return {
    name: ADDRESS_MAIL,
    retryLimit: 3,
    run: async ({ kind, email }) => handlers[kind](email),
  };
}

export function queueAddressMail(jobs: JobQueue): QueueAddressMail {
  return async (mail) => {
    await jobs.send(ADDRESS_MAIL, { kind: mail.kind, email: mail.email });
  };
}
