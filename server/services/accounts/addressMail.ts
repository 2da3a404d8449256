/** The mail a call asks for by address (a reset link, a two-step code), known or not. */
export interface AddressMail {
  kind: 'reset_link' | 'access_code';
  email: string;
}

/** Queues it (server/jobs/addressMailJob.ts): the request does the same work for every address. */
export type QueueAddressMail = (mail: AddressMail) => Promise<void>;
