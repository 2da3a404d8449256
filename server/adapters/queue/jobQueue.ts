import type { Logger } from 'pino';

/**
 * Work done after the request: named jobs with a JSON payload. Two implementations behind this
 * interface: the embedded queue (a table of the app database, run by the web process) and pg-boss
 * (scaled out, run by `npm run worker`). Both pass tests/queue/jobQueueContract.ts.
 */
export type JobPayload = Record<string, unknown>;

export interface JobContext {
  id: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** Aborted when the job's time limit is reached. */
  signal: AbortSignal;
  /** Lines logged here name the job (`jobId`, `job`) and the request that sent it (`reqId`). */
  log: Logger;
}

export interface JobDefinition<P extends JobPayload = JobPayload> {
  name: string;
  run(payload: P, job: JobContext): Promise<void>;
  /** Retries after the first failure (default 3); the delay doubles each time from `retryDelaySeconds` (default 5). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A run longer than this fails and is retried (default 300). */
  timeLimitSeconds?: number;
}

export interface SendOptions {
  /** While a job with this key (and name) waits or runs, sending another is a no-op answering null. */
  singletonKey?: string;
  /** Not started before this time. */
  startAfter?: Date;
}

export interface StopOptions {
  /**
   * How long the runs under way may take to end; by default as long as they need. Those still
   * running then are handed back to the queue, for this or another process to run again, without
   * counting as an attempt; what they do after that is not recorded (the process is about to exit).
   */
  graceMs?: number;
}

export type JobState = 'queued' | 'active' | 'completed' | 'failed';

export interface JobRecord {
  id: string;
  name: string;
  payload: JobPayload;
  state: JobState;
  /** Runs so far. */
  attempts: number;
  /** The last failure's message, kept on a failed job. */
  error: string | null;
}

export interface JobQueue {
  /** Declares a job; every name is registered before `start`. */
  register<P extends JobPayload>(definition: JobDefinition<P>): void;
  /**
   * Queues a job; answers its id, or null when a singleton of that key is already queued or running.
   * Sent during a request, the job carries its id (server/requestContext.ts).
   */
  send(name: string, payload: JobPayload, options?: SendOptions): Promise<string | null>;
  /** Queues `name` on a cron schedule (five fields, UTC); each slot runs once across all instances. */
  schedule(name: string, cron: string, payload?: JobPayload): Promise<void>;
  /** Starts; with `work: false` the process only sends (a web process when workers run apart). */
  start(options: { work: boolean }): Promise<void>;
  /** Stops taking jobs and waits for those running (see `graceMs`); answers how many were handed back. */
  stop(options?: StopOptions): Promise<{ handedBack: number }>;
  job(id: string): Promise<JobRecord | null>;
  /** Failed jobs, newest first, with their errors. */
  failed(name?: string): Promise<JobRecord[]>;
  /** Resolves when nothing is queued for now or running in this process (tests and shutdown). */
  idle(): Promise<void>;
}
