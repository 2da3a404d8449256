import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import {
  isKnownDead,
  ownerKey,
  parseOwnerKey,
  thisProcess,
  type ProcessIdentity,
} from '../../processIdentity';
import type { JobRow, JobsRepository, NewJob } from '../../db/repositories/jobs';
import { runForRequest } from '../../requestContext';
import { firstSlot, parseCron, slotAfter } from './cronSlots';
import { jobLogger, splitRequestId, withRequestId } from './jobRequests';
import type {
  JobDefinition,
  JobPayload,
  JobQueue,
  JobRecord,
  JobState,
  SendOptions,
  StopOptions,
} from './jobQueue';
import { settledWithin } from './settledWithin';

export interface EmbeddedQueueOptions {
  /** Jobs this process runs at once. */
  concurrency: number;
  /** How often the table is read for jobs sent by other processes, delayed jobs and schedules. */
  pollIntervalMs?: number;
  /**
   * Added to a job's time limit to make its lease: once the lease has passed, another process
   * takes the job back (the one running it died). Covers the time it takes to record an outcome.
   */
  leaseGraceSeconds?: number;
  /** The process the leases are taken in the name of (this one; tests play another). */
  identity?: ProcessIdentity;
}

export const JOB_DEFAULTS = { retryLimit: 3, retryDelaySeconds: 5, timeLimitSeconds: 300 } as const;
const FAILED_LIST_LIMIT = 100;
const ERROR_MAX_LENGTH = 2000;

/**
 * The job queue of the embedded mode: jobs are rows of the app database (the `jobs` table), run
 * by the processes that start it with `work: true`. Stored times come from the clock (tests move
 * it by hand); waiting uses real timers: a send wakes this process's loop at once, and the table
 * is read every `pollIntervalMs` for the rest. A run holds its job by a lease, so a job whose
 * process died runs again once the lease has passed; that is how queued and running jobs survive
 * a restart. Several processes may share the database: claims and schedule slots are taken by
 * guarded writes (server/db/repositories/jobs.ts).
 */
export class EmbeddedJobQueue implements JobQueue {
  private readonly definitions = new Map<string, JobDefinition>();
  /** The runs under way, by job id, with the attempt each holds. */
  private readonly running = new Map<number, { attempt: number; done: Promise<void> }>();
  /** Runs handed back at stop: whatever they end with is no longer theirs to record. */
  private readonly handedBack = new Set<number>();
  private stopped: Promise<{ handedBack: number }> | null = null;
  private readonly pollIntervalMs: number;
  private readonly leaseGraceSeconds: number;
  private readonly identity: ProcessIdentity;
  private working = false;
  private loop: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private listeners: (() => void)[] = [];

  constructor(
    private readonly jobs: JobsRepository,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly options: EmbeddedQueueOptions,
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.leaseGraceSeconds = options.leaseGraceSeconds ?? 30;
    this.identity = options.identity ?? thisProcess;
  }

  register<P extends JobPayload>(definition: JobDefinition<P>): void {
    this.definitions.set(definition.name, definition);
  }

  /**
   * Stores the job with the limits of its definition here (retries, delay, time limit): register
   * the names a process sends, or the job runs with the defaults.
   */
  async send(name: string, payload: JobPayload, options: SendOptions = {}): Promise<string | null> {
    const now = this.clock.now();
    const delayed = options.startAfter !== undefined && options.startAfter > now;
    const runAt = delayed && options.startAfter ? options.startAfter : now;
    const job = this.newJob(name, withRequestId(payload), runAt, options.singletonKey ?? null);
    const id = await this.jobs.insert(job);
    if (id !== null && !delayed) this.wake();
    return id === null ? null : String(id);
  }

  async schedule(name: string, cron: string, payload: JobPayload = {}): Promise<void> {
    const expression = parseCron(cron);
    await this.jobs.upsertSchedule({
      name,
      cron: expression,
      payload: JSON.stringify(payload),
      next_run_at: firstSlot(expression, this.clock.now()).toISOString(),
    });
    this.wake();
  }

  async start(options: { work: boolean }): Promise<void> {
    if (!options.work) return;
    this.stopped = null;
    await this.takeBackFromDead();
    this.working = true;
    this.wake();
  }

  /**
   * The jobs held by processes of this machine that are known dead (a predecessor that crashed
   * or was killed) are taken back at once instead of when their lease passes. Processes of other
   * machines are never judged: their jobs come back by their lease (docs/decisions.md).
   */
  private async takeBackFromDead(): Promise<void> {
    const now = this.clock.now().toISOString();
    for (const owner of await this.jobs.activeOwners(this.identity.space)) {
      const identity = parseOwnerKey(owner);
      if (!identity || !isKnownDead(identity, this.identity)) continue;
      const taken = await this.jobs.endLeases(owner, now);
      this.log.warn({ owner, jobs: taken }, 'job queue: taking back the jobs of a dead process');
    }
  }

  stop(options: StopOptions = {}): Promise<{ handedBack: number }> {
    this.stopped ??= this.end(options.graceMs);
    return this.stopped;
  }

  private async end(graceMs: number | undefined): Promise<{ handedBack: number }> {
    this.working = false;
    clearTimeout(this.timer);
    await this.loop;
    const runs = [...this.running.values()].map((run) => run.done);
    let handedBack = 0;
    if (!(await settledWithin(Promise.all(runs), graceMs))) {
      const now = this.clock.now().toISOString();
      for (const [id, run] of this.running) {
        this.handedBack.add(id);
        if (await this.jobs.handBack(id, run.attempt, now)) handedBack += 1;
      }
      this.log.warn({ jobs: handedBack }, 'job queue: stopped with runs under way, handed back');
    }
    this.notify();
    return { handedBack };
  }

  async job(id: string): Promise<JobRecord | null> {
    if (!/^\d{1,15}$/.test(id)) return null;
    const row = await this.jobs.byId(Number(id));
    return row ? toRecord(row) : null;
  }

  async failed(name?: string): Promise<JobRecord[]> {
    return (await this.jobs.failed(name, FAILED_LIST_LIMIT)).map(toRecord);
  }

  /**
   * Resolves once nothing runs in this process and nothing it could take is due (a queued job, a
   * job whose lease passed, a schedule's slot). A queue started without work runs nothing, so it
   * resolves at once.
   */
  async idle(): Promise<void> {
    for (;;) {
      const changed = this.nextChange();
      if (this.running.size === 0 && !this.loop) {
        if (!this.working || !(await this.jobs.hasDue(this.clock.now().toISOString()))) {
          if (this.running.size === 0 && !this.loop) return;
          continue;
        }
        this.wake();
      }
      await changed;
    }
  }

  /** Reads the table now (after a send, a finished run, a start), or after the run in progress. */
  private wake(): void {
    if (!this.working) return;
    this.again = true;
    this.loop ??= this.poll();
  }

  private async poll(): Promise<void> {
    clearTimeout(this.timer);
    while (this.again && this.working) {
      this.again = false;
      // Schedules and jobs apart: a schedule that cannot be read holds up no job.
      await this.queueDueSlots().catch((error: unknown) =>
        this.log.error({ err: error }, 'job queue: queueing the due schedules failed'),
      );
      await this.takeJobs().catch((error: unknown) =>
        this.log.error({ err: error }, 'job queue: taking jobs failed'),
      );
    }
    this.loop = null;
    if (this.working) this.timer = setTimeout(() => this.wake(), this.pollIntervalMs);
    this.notify();
  }

  private async queueDueSlots(): Promise<void> {
    const now = this.clock.now();
    for (const schedule of await this.jobs.dueSchedules(now.toISOString())) {
      const slot = schedule.next_run_at;
      const job = this.newJob(
        schedule.name,
        JSON.parse(schedule.payload) as JobPayload,
        now,
        `${schedule.name}@${slot}`,
      );
      const next = slotAfter(schedule.cron, now).toISOString();
      if (await this.jobs.claimScheduleSlot(schedule.name, slot, next, job))
        this.log.info({ job: schedule.name, slot }, 'job queue: scheduled job queued');
    }
  }

  private async takeJobs(): Promise<void> {
    while (this.working && this.running.size < this.options.concurrency) {
      const row = await this.jobs.claimNext(
        this.clock.now().toISOString(),
        this.leaseGraceSeconds,
        ownerKey(this.identity),
      );
      if (!row) return;
      const done: Promise<void> = this.run(row)
        .catch((error: unknown) =>
          this.log.error({ err: error, job: row.name, id: row.id }, 'job queue: recording a run failed'),
        )
        .finally(() => {
          this.running.delete(row.id);
          this.wake();
          this.notify();
        });
      this.running.set(row.id, { attempt: row.attempts, done });
    }
  }

  /** One run of a claimed job, its outcome recorded: done, retried later, or failed for good. */
  private async run(row: JobRow): Promise<void> {
    const attempt = row.attempts;
    const definition = this.definitions.get(row.name);
    if (!definition) {
      const error = `No handler is registered for job "${row.name}" (known: ${[...this.definitions.keys()].join(', ') || 'none'})`;
      await this.jobs.fail(row.id, attempt, error, this.clock.now().toISOString());
      this.log.error({ job: row.name, id: row.id }, error);
      return;
    }
    if (attempt > row.retry_limit + 1) {
      const error = `The process running attempt ${attempt - 1} stopped before it ended, and no retry is left${row.last_error ? ` (earlier: ${row.last_error})` : ''}`;
      await this.jobs.fail(row.id, attempt, error.slice(0, ERROR_MAX_LENGTH), this.clock.now().toISOString());
      this.log.error({ job: row.name, id: row.id }, error);
      return;
    }

    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        const error = new Error(`Job "${row.name}" ran past its time limit of ${row.time_limit_seconds} s`);
        controller.abort(error);
        reject(error);
      }, row.time_limit_seconds * 1000);
    });
    const { payload, requestId } = splitRequestId(JSON.parse(row.payload) as JobPayload);
    const log = jobLogger(this.log, String(row.id), row.name, requestId);
    const startedAt = Date.now();
    // In the context of the request that sent it: the jobs it sends carry that request's id too.
    const work = runForRequest(requestId, () =>
      Promise.resolve().then(() =>
        definition.run(payload, { id: String(row.id), attempt, signal: controller.signal, log }),
      ),
    );
    // A run that ends after its time limit has already been counted as failed.
    work.catch(() => undefined);
    let failure: { error: unknown } | null = null;
    try {
      await Promise.race([work, timedOut]);
    } catch (error) {
      failure = { error };
    } finally {
      clearTimeout(timer);
    }
    if (this.handedBack.has(row.id)) return;
    // A run that ended just as its time limit passed still counts as timed out.
    if (controller.signal.aborted) failure = { error: controller.signal.reason };
    if (failure) await this.recordFailure(row, describeError(failure.error), log);
    else {
      await this.jobs.complete(row.id, attempt, this.clock.now().toISOString());
      log.info({ attempt, ms: Date.now() - startedAt }, 'job queue: job done');
    }
  }

  private async recordFailure(row: JobRow, message: string, log: Logger): Promise<void> {
    const attempt = row.attempts;
    const error = message.slice(0, ERROR_MAX_LENGTH);
    const context = { attempt, error };
    if (attempt <= row.retry_limit) {
      const delayMs = row.retry_delay_seconds * 1000 * 2 ** (attempt - 1);
      const runAt = new Date(this.clock.now().getTime() + delayMs).toISOString();
      await this.jobs.retry(row.id, attempt, error, runAt);
      log.warn({ ...context, runAt }, 'job queue: run failed, retrying');
    } else {
      await this.jobs.fail(row.id, attempt, error, this.clock.now().toISOString());
      log.error(context, 'job queue: job failed, no retry left');
    }
  }

  private newJob(name: string, payload: JobPayload, runAt: Date, singletonKey: string | null): NewJob {
    const definition = this.definitions.get(name);
    return {
      name,
      payload: JSON.stringify(payload),
      singleton_key: singletonKey,
      retry_limit: definition?.retryLimit ?? JOB_DEFAULTS.retryLimit,
      retry_delay_seconds: definition?.retryDelaySeconds ?? JOB_DEFAULTS.retryDelaySeconds,
      time_limit_seconds: definition?.timeLimitSeconds ?? JOB_DEFAULTS.timeLimitSeconds,
      run_at: runAt.toISOString(),
      created_at: this.clock.now().toISOString(),
    };
  }

  private nextChange(): Promise<void> {
    return new Promise((resolve) => this.listeners.push(resolve));
  }

  private notify(): void {
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener();
  }
}

function toRecord(row: JobRow): JobRecord {
  return {
    id: String(row.id),
    name: row.name,
    payload: splitRequestId(JSON.parse(row.payload) as JobPayload).payload,
    state: row.state satisfies JobState,
    attempts: row.attempts,
    error: row.last_error,
  };
}

/** A readable message for whatever a handler threw, Error or not. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error || 'The job failed with an empty message';
  let text: string | undefined;
  try {
    text = JSON.stringify(error);
  } catch {
    text = undefined;
  }
  return `The job threw a value that is not an Error: ${text ?? String(error)}`;
}
