import { PostgresAdapter, sql, type ExpressionBuilder, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../database';
import type { Database, JobSchedulesTable, JobsTable } from '../schema';

export type JobRow = Selectable<JobsTable>;
export type JobScheduleRow = Selectable<JobSchedulesTable>;
/** A job to queue: everything but its state and the columns its runs fill. */
export type NewJob = Pick<
  Insertable<JobsTable>,
  | 'name'
  | 'payload'
  | 'singleton_key'
  | 'retry_limit'
  | 'retry_delay_seconds'
  | 'time_limit_seconds'
  | 'run_at'
  | 'created_at'
>;

/** Waiting jobs that are due, and running jobs whose process let the lease pass (it died). */
function claimable(now: string) {
  return (eb: ExpressionBuilder<Database, 'jobs'>) =>
    eb.or([
      eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', now)]),
      eb.and([eb('state', '=', 'active'), eb('lease_until', '<=', now)]),
    ]);
}

/**
 * The embedded queue's tables. Every change of a job's state is a guarded update, so that several
 * processes on one database take each job once, and a process that lost a job (its lease passed
 * and another took it) cannot overwrite the outcome of the newer run.
 */
export class JobsRepository {
  constructor(private readonly db: Db) {}

  private get onPostgres(): boolean {
    return this.db.getExecutor().adapter instanceof PostgresAdapter;
  }

  /** Queues a job; null when a job of that name and singleton key is already queued or active. */
  async insert(job: NewJob): Promise<number | null> {
    const row = await this.db
      .insertInto('jobs')
      .values({
        ...job,
        state: 'queued',
        lease_until: null,
        last_error: null,
        started_at: null,
        finished_at: null,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /**
   * Takes the next claimable job, oldest due first, counting a run and holding it until its time
   * limit and `leaseGraceSeconds` have passed, under `owner`'s name. One statement: on PostgreSQL the candidate row is
   * locked and rows locked by other processes are skipped; on SQLite the statement holds the
   * database's write lock.
   */
  async claimNext(now: string, leaseGraceSeconds: number, owner: string): Promise<JobRow | undefined> {
    let next = this.db
      .selectFrom('jobs')
      .select('id')
      .where(claimable(now))
      .orderBy('run_at')
      .orderBy('id')
      .limit(1);
    if (this.onPostgres) next = next.forUpdate().skipLocked();
    const leaseSeconds = sql<number>`(time_limit_seconds + ${leaseGraceSeconds})`;
    const leaseUntil = this.onPostgres
      ? sql<string>`${now}::timestamptz + ${leaseSeconds} * interval '1 second'`
      : sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', ${now}, '+' || ${leaseSeconds} || ' seconds')`;
    return this.db
      .updateTable('jobs')
      .set((eb) => ({
        state: 'active',
        attempts: eb('attempts', '+', 1),
        started_at: now,
        finished_at: null,
        lease_until: leaseUntil,
        lease_owner: owner,
      }))
      .where('id', '=', next)
      .where(claimable(now))
      .returningAll()
      .executeTakeFirst();
  }

  /** Marks run `attempt` done; false when the job is no longer that run's (its lease passed). */
  async complete(id: number, attempt: number, at: string): Promise<boolean> {
    return this.finishRun(id, attempt, { state: 'completed', finished_at: at, last_error: null });
  }

  /** Puts the job back in the queue after a failed run, to run again at `runAt`. */
  async retry(id: number, attempt: number, error: string, runAt: string): Promise<boolean> {
    return this.finishRun(id, attempt, { state: 'queued', run_at: runAt, last_error: error });
  }

  /** Fails the job for good, keeping the error. */
  async fail(id: number, attempt: number, error: string, at: string): Promise<boolean> {
    return this.finishRun(id, attempt, { state: 'failed', finished_at: at, last_error: error });
  }

  /**
   * Puts run `attempt` back in the queue, due at `now` and not counted as an attempt: its process
   * stopped before the run ended. False when the job is no longer that run's.
   */
  async handBack(id: number, attempt: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ state: 'queued', run_at: now, attempts: attempt - 1, lease_until: null, lease_owner: null })
      .where('id', '=', id)
      .where('state', '=', 'active')
      .where('attempts', '=', attempt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async finishRun(
    id: number,
    attempt: number,
    values: Pick<JobRow, 'state' | 'last_error'> & Partial<Pick<JobRow, 'run_at' | 'finished_at'>>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set({ ...values, lease_until: null, lease_owner: null })
      .where('id', '=', id)
      .where('state', '=', 'active')
      .where('attempts', '=', attempt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The processes of one pid space (`<space>|…` owner keys) holding active jobs. */
  async activeOwners(space: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('jobs')
      .select('lease_owner')
      .distinct()
      .where('state', '=', 'active')
      .where('lease_owner', 'like', `${space}|%`)
      .execute();
    return rows.flatMap((row) => (row.lease_owner ? [row.lease_owner] : []));
  }

  /** The active jobs `owner` held end their lease now: a dead process's jobs, to be claimed again. */
  async endLeases(owner: string, now: string): Promise<number> {
    const result = await this.db
      .updateTable('jobs')
      .set({ lease_until: now })
      .where('state', '=', 'active')
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  byId(id: number): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Failed jobs, newest first, at most `limit`. */
  failed(name: string | undefined, limit: number): Promise<JobRow[]> {
    let query = this.db.selectFrom('jobs').selectAll().where('state', '=', 'failed');
    if (name !== undefined) query = query.where('name', '=', name);
    return query.orderBy('finished_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  /** Whether a job could be claimed or a schedule's slot is due at `now`. */
  async hasDue(now: string): Promise<boolean> {
    const job = await this.db
      .selectFrom('jobs')
      .select('id')
      .where(claimable(now))
      .limit(1)
      .executeTakeFirst();
    if (job) return true;
    const schedule = await this.db
      .selectFrom('job_schedules')
      .select('name')
      .where('next_run_at', '<=', now)
      .limit(1)
      .executeTakeFirst();
    return schedule !== undefined;
  }

  /**
   * Declares a schedule, or updates its cron and payload. The slot it fires next is kept while the
   * cron stays the same (every process declares its schedules at start), and replaced when it changes.
   */
  async upsertSchedule(schedule: JobScheduleRow): Promise<void> {
    await this.db
      .insertInto('job_schedules')
      .values(schedule)
      .onConflict((oc) =>
        oc.column('name').doUpdateSet((eb) => ({
          cron: eb.ref('excluded.cron'),
          payload: eb.ref('excluded.payload'),
          next_run_at: eb
            .case()
            .when('job_schedules.cron', '=', eb.ref('excluded.cron'))
            .then(eb.ref('job_schedules.next_run_at'))
            .else(eb.ref('excluded.next_run_at'))
            .end(),
        })),
      )
      .execute();
  }

  dueSchedules(now: string): Promise<JobScheduleRow[]> {
    return this.db
      .selectFrom('job_schedules')
      .selectAll()
      .where('next_run_at', '<=', now)
      .orderBy('next_run_at')
      .execute();
  }

  /**
   * Claims the slot `slot` of a schedule: moves its next slot on to `next` only if it still reads
   * `slot` (another process did not claim it first), and queues its job in the same transaction.
   * The transaction starts with the write, so SQLite takes its write lock before reading anything.
   */
  async claimScheduleSlot(name: string, slot: string, next: string, job: NewJob): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('job_schedules')
        .set({ next_run_at: next })
        .where('name', '=', name)
        .where('next_run_at', '=', slot)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return false;
      await new JobsRepository(trx).insert(job);
      return true;
    });
  }
}
