import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Config } from '../../config';
import {
  isKnownDead,
  ownerKey,
  parseOwnerKey,
  thisProcess,
  type ProcessIdentity,
} from '../../processIdentity';
import { runForRequest } from '../../requestContext';
import { describeError } from './embeddedQueue';
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

const DEFAULT_RETRY_LIMIT = 3;
const DEFAULT_RETRY_DELAY_SECONDS = 5;
const DEFAULT_TIME_LIMIT_SECONDS = 300;
/**
 * pg-boss fails an active job whose run outlasts `expire_in` (a worker that died mid-job). This
 * process fails its own slow runs at the time limit; the database waits this much longer, so it
 * never expires a run that is still being timed out here.
 */
const EXPIRY_GRACE_SECONDS = 2;
/** The newest failures only, as the embedded queue answers. */
const FAILED_LIST_LIMIT = 100;
const INTERNAL_PREFIX = '__pgboss__';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PgBossQueueOptions {
  url: string;
  /** The PostgreSQL schema pg-boss keeps its tables in. */
  schema: string;
  /** Jobs run at once by this process, across all names. */
  concurrency: number;
  log: Logger;
  /** How often an idle worker looks for jobs sent by other processes. */
  pollIntervalMs?: number;
  /** How often expired runs (dead workers) are failed, for all instances. */
  maintenanceIntervalSeconds?: number;
  /** How often one instance checks the cron schedules (at most 30: a slot is due for 60 s). */
  cronMonitorIntervalSeconds?: number;
  /** How often the cron's sends are turned into jobs. */
  cronWorkerIntervalSeconds?: number;
  /** Connections of pg-boss's pool. */
  poolSize?: number;
  /** The process the runs are held in the name of (this one; tests play another). */
  identity?: ProcessIdentity;
}

/** pg-boss's schema for an app schema: beside it (`<schema>_jobs`), or pg-boss's default. */
export function pgBossSchema(schema: string | undefined): string {
  return schema ? `${schema}_jobs` : 'pgboss';
}

export function pgBossQueueFromConfig(config: Config, log: Logger): PgBossJobQueue {
  return new PgBossJobQueue(pgBossQueueOptions(config, log));
}

/** The queue's settings from the app's: its database, its concurrency, faster checks in tests. */
export function pgBossQueueOptions(config: Config, log: Logger): PgBossQueueOptions {
  const { database } = config;
  if (database.dialect !== 'postgres') throw new Error('JOB_QUEUE=pg-boss needs PostgreSQL');
  const test = config.env === 'test';
  return {
    url: database.url,
    schema: pgBossSchema(database.schema),
    concurrency: config.jobs.concurrency,
    log,
    // Tests kill workers and wait for their jobs to come back, and wait for cron slots.
    maintenanceIntervalSeconds: test ? 1 : 10,
    cronMonitorIntervalSeconds: test ? 1 : 30,
    cronWorkerIntervalSeconds: test ? 1 : 5,
    pollIntervalMs: test ? 200 : 500,
  };
}

interface Row {
  id: string;
  name: string;
  data: JobPayload | null;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retry_count: number;
  started_on: string | Date | null;
  output: { message?: unknown; value?: { message?: unknown } } | null;
}

const STATES: Record<Row['state'], JobState> = {
  created: 'queued',
  retry: 'queued',
  active: 'active',
  completed: 'completed',
  cancelled: 'failed',
  failed: 'failed',
};

/**
 * The scaled-out queue: pg-boss 10 on the app's PostgreSQL, run by `npm run worker` processes on
 * any number of machines. pg-boss keeps the jobs (one queue per name, with its retry limit,
 * backoff and expiry), the cron schedules (one instance sends each slot) and the expiry of runs
 * whose worker died. This class adds what the interface promises beyond that:
 *
 * - singleton keys: a unique index over (name, singleton_key) of jobs waiting or running, so
 *   pg-boss's insert (ON CONFLICT DO NOTHING) answers null while one is queued, retrying or active,
 *   whichever instance sent it; its queue policies each cover only some of those states and would
 *   also hold keyless jobs to one at a time;
 * - one concurrency limit across all names: a single loop fetches as many jobs as there are free
 *   slots, name after name, instead of one pg-boss worker per name;
 * - the time limit: each run's AbortSignal is aborted at the limit and the run is failed (retried);
 * - dead predecessors: each run is noted with its process (`proofroom_job_owner`), and a process
 *   starting to work fails at once (to be retried) the runs of a process of its own pid space
 *   that is surely dead, instead of waiting for their expiry (server/processIdentity.ts);
 * - stopping with a grace: runs still going when it ends are put back as they were before they
 *   were fetched (pg-boss's own stop would fail them, spending a retry), for another worker.
 */
export class PgBossJobQueue implements JobQueue {
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly queues = new Map<string, Promise<void>>();
  /** The runs under way, by job id. */
  private readonly running = new Map<string, { name: string; done: Promise<void> }>();
  /** Runs handed back at stop: whatever they end with is no longer theirs to record. */
  private readonly handedBack = new Set<string>();
  private readonly log: Logger;
  /** Sends, reads and takes jobs; opened by the first call that needs the database. */
  private connection: Promise<PgBoss> | null = null;
  private boss: PgBoss | null = null;
  /** Maintenance (expiry of dead workers' runs) and cron, in processes that work. */
  private supervisor: PgBoss | null = null;
  private starting: Promise<void> | null = null;
  private stopped: Promise<{ handedBack: number }> | null = null;
  /** Set by stop(): no more jobs are taken; `closed` once the connections are closed. */
  private stopping = false;
  private closed = false;
  private working = false;
  private loop: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  /** A wake-up that came while the loop was busy fetching: it looks again before sleeping. */
  private woken = false;
  private nextName = 0;
  /** A fetch under way: its jobs are active in the database but not yet in `running`. */
  private fetching: Promise<unknown> | null = null;

  constructor(private readonly options: PgBossQueueOptions) {
    this.log = options.log.child({ queue: 'pg-boss' });
  }

  register<P extends JobPayload>(definition: JobDefinition<P>): void {
    if (this.starting) throw new Error(`Job ${definition.name} registered after start`);
    if (this.definitions.has(definition.name)) throw new Error(`Job ${definition.name} registered twice`);
    this.definitions.set(definition.name, definition);
  }

  async start(options: { work: boolean }): Promise<void> {
    this.starting ??= this.begin(options.work);
    return this.starting;
  }

  private async begin(work: boolean): Promise<void> {
    const boss = await this.connect();
    for (const name of this.definitions.keys()) await this.queueOf(boss, name);
    if (!work) return;
    const supervisor = this.newBoss({
      max: 2,
      supervise: true,
      schedule: true,
      maintenanceIntervalSeconds: this.options.maintenanceIntervalSeconds ?? 10,
      cronMonitorIntervalSeconds: this.options.cronMonitorIntervalSeconds ?? 30,
      cronWorkerIntervalSeconds: this.options.cronWorkerIntervalSeconds ?? 5,
    });
    await supervisor.start();
    this.supervisor = supervisor;
    await this.takeBackFromDead(boss);
    this.working = true;
    this.loop = this.fetchLoop();
  }

  private newBoss(options: Partial<PgBoss.ConstructorOptions>): PgBoss {
    const boss = new PgBoss({
      connectionString: this.options.url,
      schema: this.options.schema,
      application_name: 'proofroom-jobs',
      ...options,
    });
    boss.on('error', (err) => this.log.error({ err }, 'pg-boss error'));
    return boss;
  }

  /** pg-boss without maintenance or cron: a process that only sends (work: false) runs nothing. */
  private connect(): Promise<PgBoss> {
    if (this.closed || (this.stopping && !this.connection))
      return Promise.reject(new Error('The job queue is stopped'));
    this.connection ??= (async () => {
      const boss = this.newBoss({ max: this.options.poolSize ?? 10, supervise: false, schedule: false });
      await boss.start();
      await this.createSingletonIndex(boss);
      this.boss = boss;
      return boss;
    })();
    return this.connection;
  }

  /**
   * Keys a job that waits (created, retry) or runs (active) to its name, and makes the table of
   * the processes running jobs: see the class comment.
   */
  private async createSingletonIndex(boss: PgBoss): Promise<void> {
    const { schema } = this.options;
    await boss.getDb().executeSql(
      `BEGIN;
       SELECT pg_advisory_xact_lock(hashtext('${schema}.proofroom_singleton'));
       CREATE UNIQUE INDEX IF NOT EXISTS proofroom_singleton ON ${schema}.job (name, singleton_key)
         WHERE singleton_key IS NOT NULL AND state < 'completed';
       CREATE TABLE IF NOT EXISTS ${schema}.proofroom_job_owner (
         job_id uuid PRIMARY KEY, name text NOT NULL, owner text NOT NULL);
       COMMIT;`,
      [],
    );
  }

  private get owner(): string {
    return ownerKey(this.options.identity ?? thisProcess);
  }

  /** Fails (for a retry) the runs held by processes of this pid space that are surely dead. */
  private async takeBackFromDead(boss: PgBoss): Promise<void> {
    const identity = this.options.identity ?? thisProcess;
    const table = `${this.options.schema}.proofroom_job_owner`;
    const rows = await this.query<{ job_id: string; name: string; owner: string; active: boolean }>(
      `SELECT o.job_id, o.name, o.owner, (j.state = 'active') AS active
       FROM ${table} o LEFT JOIN ${this.options.schema}.job j ON j.id = o.job_id AND j.name = o.name
       WHERE o.owner LIKE $1`,
      [`${identity.space}|%`],
    );
    for (const row of rows) {
      const owner = parseOwnerKey(row.owner);
      if (!owner || !isKnownDead(owner, identity)) continue;
      if (row.active) {
        await boss.fail(row.name, row.job_id, { message: 'The process running it stopped before it ended' });
        this.log.warn(
          { owner: row.owner, job: row.name, id: row.job_id },
          'taking back the job of a dead process',
        );
      }
      await this.query(`DELETE FROM ${table} WHERE job_id = $1`, [row.job_id]);
    }
  }

  /** pg-boss's queue of a registered name, created (or brought up to date) once per process. */
  private queueOf(boss: PgBoss, name: string): Promise<void> {
    const definition = this.definitions.get(name);
    if (!definition) return Promise.reject(new Error(`Unknown job ${name}`));
    let created = this.queues.get(name);
    if (!created) {
      const settings = queueSettings(definition);
      created = retryDeadlock(() => boss.createQueue(name, settings))
        // createQueue keeps an existing queue as it was; a changed definition applies from now on.
        .then(() => boss.updateQueue(name, settings));
      created.catch(() => this.queues.delete(name));
      this.queues.set(name, created);
    }
    return created;
  }

  async send(name: string, payload: JobPayload, options: SendOptions = {}): Promise<string | null> {
    const boss = await this.connect();
    await this.queueOf(boss, name);
    const id = await boss.send(name, withRequestId(payload), {
      ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
    if (id && (!options.startAfter || options.startAfter.getTime() <= Date.now())) this.wake();
    return id;
  }

  async schedule(name: string, cron: string, payload: JobPayload = {}): Promise<void> {
    if (cron.trim().split(/\s+/).length !== 5) throw new Error(`A schedule has five cron fields: ${cron}`);
    const boss = await this.connect();
    await this.queueOf(boss, name);
    await boss.schedule(name, cron, payload, { tz: 'UTC' });
  }

  async stop(options: StopOptions = {}): Promise<{ handedBack: number }> {
    this.stopping = true;
    this.stopped ??= this.end(options.graceMs);
    return this.stopped;
  }

  private async end(graceMs: number | undefined): Promise<{ handedBack: number }> {
    await this.starting?.catch(() => undefined);
    this.wake();
    await this.loop;
    const runs = [...this.running.values()].map((run) => run.done);
    let handedBack = 0;
    if (!(await settledWithin(Promise.all(runs), graceMs))) {
      for (const [id, run] of this.running) {
        this.handedBack.add(id);
        if (await this.handBack(run.name, id)) handedBack += 1;
      }
      this.log.warn({ jobs: handedBack }, 'stopped with runs under way, handed back');
    }
    await this.supervisor?.stop({ graceful: true, wait: true, close: true });
    await this.connection?.catch(() => undefined);
    await this.boss?.stop({ graceful: true, wait: true, close: true });
    this.closed = true;
    return { handedBack };
  }

  /**
   * Puts an active run back as it was before its fetch, due now: the fetch counts a run that
   * started before as a retry (retry_count + 1 when started_on is set), so this undoes that count,
   * or forgets the start of a first run.
   */
  private async handBack(name: string, id: string): Promise<boolean> {
    const { schema } = this.options;
    const rows = await this.query<{ id: string }>(
      `UPDATE ${schema}.job SET
         state = (CASE WHEN retry_count > 0 THEN 'retry' ELSE 'created' END)::${schema}.job_state,
         started_on = CASE WHEN retry_count > 0 THEN started_on END,
         retry_count = GREATEST(retry_count - 1, 0),
         start_after = now()
       WHERE name = $1 AND id = $2 AND state = 'active'
       RETURNING id`,
      [name, id],
    );
    await this.query(`DELETE FROM ${schema}.proofroom_job_owner WHERE job_id = $1`, [id]);
    return rows.length === 1;
  }

  async job(id: string): Promise<JobRecord | null> {
    if (!UUID.test(id)) return null;
    const rows = await this.query(
      `SELECT ${COLUMNS} FROM ${this.options.schema}.job WHERE id = $1
       UNION ALL
       SELECT ${COLUMNS} FROM ${this.options.schema}.archive WHERE id = $1
       LIMIT 1`,
      [id],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async failed(name?: string): Promise<JobRecord[]> {
    const filter = name === undefined ? `name NOT LIKE '${INTERNAL_PREFIX}%'` : 'name = $1';
    const rows = await this.query(
      `SELECT ${COLUMNS}, completed_on FROM ${this.options.schema}.job WHERE state = 'failed' AND ${filter}
       UNION ALL
       SELECT ${COLUMNS}, completed_on FROM ${this.options.schema}.archive WHERE state = 'failed' AND ${filter}
       ORDER BY completed_on DESC, id
       LIMIT ${FAILED_LIST_LIMIT}`,
      name === undefined ? [] : [name],
    );
    return rows.map(toRecord);
  }

  async idle(): Promise<void> {
    // A process that runs nothing (work: false) has nothing to wait for.
    if (!this.working) return;
    const names = [...this.definitions.keys()];
    for (;;) {
      if (this.fetching) await this.fetching;
      if (this.running.size === 0) {
        const rows = await this.query<{ ready: boolean }>(
          `SELECT EXISTS (
             SELECT 1 FROM ${this.options.schema}.job
             WHERE name = ANY($1) AND state < 'active' AND start_after < now()
           ) AS ready`,
          [names],
        );
        // A fetch that began while the question was asked may hold the jobs it no longer saw.
        const settled = this.running.size === 0 && !this.fetching;
        if (settled && (!rows[0]?.ready || this.stopping)) return;
        // Jobs wait (sent by another process, or just due): look for them now, not at the next poll.
        if (settled) this.wake();
      }
      await Promise.race([...[...this.running.values()].map((run) => run.done), delay(50)]);
    }
  }

  /** Takes jobs while there are free slots, name after name; sleeps until woken or the next poll. */
  private async fetchLoop(): Promise<void> {
    const names = [...this.definitions.keys()];
    const pollMs = this.options.pollIntervalMs ?? 500;
    while (!this.stopping) {
      this.woken = false;
      let fetched = 0;
      for (let i = 0; i < names.length && !this.stopping; i++) {
        const free = this.options.concurrency - this.running.size;
        if (free <= 0) break;
        const name = names[(this.nextName + i) % names.length] as string;
        const fetching = this.fetch(name, free);
        this.fetching = fetching;
        const jobs = await fetching;
        this.fetching = null;
        for (const job of jobs) this.run(job);
        fetched += jobs.length;
      }
      this.nextName = (this.nextName + 1) % Math.max(1, names.length);
      if (this.stopping) break;
      const full = this.running.size >= this.options.concurrency;
      if ((fetched === 0 && !this.woken) || full) await this.sleep(full ? undefined : pollMs);
    }
  }

  private async fetch(name: string, batchSize: number): Promise<PgBoss.JobWithMetadata<JobPayload>[]> {
    if (!this.boss) return [];
    try {
      return await this.boss.fetch<JobPayload>(name, { batchSize, includeMetadata: true });
    } catch (err) {
      this.log.error({ err, job: name }, 'could not fetch jobs');
      return [];
    }
  }

  private run(job: PgBoss.JobWithMetadata<JobPayload>): void {
    const definition = this.definitions.get(job.name);
    if (!definition) return;
    const done = this.execute(definition, job)
      .catch((err: unknown) =>
        this.log.error({ err, job: job.name, id: job.id }, 'could not record job outcome'),
      )
      .finally(() => {
        this.running.delete(job.id);
        this.wake();
      });
    this.running.set(job.id, { name: job.name, done });
  }

  private async execute(definition: JobDefinition, job: PgBoss.JobWithMetadata<JobPayload>): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    const limit = definition.timeLimitSeconds ?? DEFAULT_TIME_LIMIT_SECONDS;
    const controller = new AbortController();
    const timedOut = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), {
        once: true,
      });
    });
    const timer = setTimeout(
      () => controller.abort(new Error(`${job.name} ran longer than its ${limit} s time limit`)),
      limit * 1000,
    );
    const attempt = job.retryCount + 1;
    const owners = `${this.options.schema}.proofroom_job_owner`;
    await boss.getDb().executeSql(
      `INSERT INTO ${owners} (job_id, name, owner) VALUES ($1, $2, $3)
         ON CONFLICT (job_id) DO UPDATE SET owner = excluded.owner`,
      [job.id, job.name, this.owner],
    );
    const { payload, requestId } = splitRequestId(job.data ?? {});
    const log = jobLogger(this.log, job.id, job.name, requestId);
    const startedAt = Date.now();
    try {
      // In the context of the request that sent it: the jobs it sends carry that request's id too.
      await runForRequest(requestId, () =>
        Promise.race([
          definition.run(payload, { id: job.id, attempt, signal: controller.signal, log }),
          timedOut,
        ]),
      );
    } catch (err) {
      if (this.handedBack.has(job.id)) return;
      // Worded as the embedded queue words it, so that failures read alike on either queue.
      const message = describeError(err);
      log.warn({ err, attempt }, 'job failed');
      await boss.fail(job.name, job.id, { message });
      return;
    } finally {
      clearTimeout(timer);
      if (!this.handedBack.has(job.id))
        await boss
          .getDb()
          .executeSql(`DELETE FROM ${owners} WHERE job_id = $1 AND owner = $2`, [job.id, this.owner]);
    }
    if (this.handedBack.has(job.id)) return;
    await boss.complete(job.name, job.id);
    log.info({ attempt, ms: Date.now() - startedAt }, 'job done');
  }

  private async query<T = Row>(text: string, values: unknown[]): Promise<T[]> {
    const boss = await this.connect();
    const result = await boss.getDb().executeSql(text, values);
    return result.rows as T[];
  }

  private sleep(ms: number | undefined): Promise<void> {
    return new Promise((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
  }

  private wake(): void {
    const wakeUp = this.wakeUp;
    this.wakeUp = null;
    this.woken = true;
    wakeUp?.();
  }
}

const COLUMNS = 'id, name, data, state, retry_count, started_on, output';

function queueSettings(definition: JobDefinition): PgBoss.Queue {
  const retryDelay = definition.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS;
  return {
    name: definition.name,
    policy: 'standard',
    retryLimit: definition.retryLimit ?? DEFAULT_RETRY_LIMIT,
    retryDelay,
    // pg-boss raises a zero delay to one second when backing off; no delay means retry at once.
    retryBackoff: retryDelay > 0,
    expireInSeconds: (definition.timeLimitSeconds ?? DEFAULT_TIME_LIMIT_SECONDS) + EXPIRY_GRACE_SECONDS,
  };
}

function toRecord(row: Row): JobRecord {
  const state = STATES[row.state];
  const message = row.output?.message ?? row.output?.value?.message;
  return {
    id: row.id,
    name: row.name,
    payload: splitRequestId(row.data ?? {}).payload,
    state,
    attempts: row.started_on ? row.retry_count + 1 : 0,
    error:
      state === 'failed'
        ? typeof message === 'string'
          ? message
          : row.state === 'cancelled'
            ? 'cancelled'
            : null
        : null,
  };
}

/**
 * pg-boss's createQueue run by two processes at once for one name may deadlock (each holds a lock
 * on the queue table the other's partition needs): PostgreSQL aborts one, which then finds the
 * queue made by the other.
 */
async function retryDeadlock(create: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (err) {
      const deadlock = (err as { code?: unknown }).code === '40P01';
      if (!deadlock || attempt >= 5) throw err;
      await delay(10 * attempt);
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
