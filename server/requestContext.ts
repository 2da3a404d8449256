import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The id of the request the code runs for, kept across its awaits (set by the request id plugin's
 * hook, and by the job queues around each run). The queues store it with each job sent, so a job's
 * log lines name the request that caused it, and the jobs it sends in turn name it too.
 */
const current = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` for the request `requestId`; undefined runs it for none (a job sent outside a request). */
export function runForRequest<T>(requestId: string | undefined, fn: () => T): T {
  return requestId === undefined ? current.exit(fn) : current.run({ requestId }, fn);
}

export function currentRequestId(): string | undefined {
  return current.getStore()?.requestId;
}
