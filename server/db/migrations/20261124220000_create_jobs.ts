import { sql, type Kysely } from 'kysely';
import { notNull, timestampType, withId } from '../columns';

/**
 * The embedded job queue (server/adapters/queue/embeddedQueue.ts). A job is `queued` until its
 * `run_at`, then `active` while a process runs it: `lease_until` (its time limit and a grace) says
 * when another process may take it back if that process died. Retries go back to `queued` with a
 * later `run_at`; the last failure's message stays in `last_error`. A singleton key is unique per
 * name among waiting and running jobs, so two racing sends queue one. `job_schedules` holds the
 * cron schedules, each with the slot it fires next; a process claims a slot by moving
 * `next_run_at` on from the value it read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable('jobs'))
    .addColumn('name', 'text', notNull)
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('state', 'text', notNull)
    .addColumn('singleton_key', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retry_limit', 'integer', notNull)
    .addColumn('retry_delay_seconds', 'integer', notNull)
    .addColumn('time_limit_seconds', 'integer', notNull)
    .addColumn('run_at', ts, notNull)
    .addColumn('lease_until', ts)
    .addColumn('last_error', 'text')
    .addColumn('created_at', ts, notNull)
    .addColumn('started_at', ts)
    .addColumn('finished_at', ts)
    .addCheckConstraint('jobs_state', sql`state in ('queued', 'active', 'completed', 'failed')`)
    .execute();
  await db.schema
    .createIndex('jobs_singleton')
    .on('jobs')
    .columns(['name', 'singleton_key'])
    .unique()
    .where(sql.ref('state'), 'in', sql`('queued', 'active')`)
    .execute();
  await db.schema.createIndex('jobs_claim').on('jobs').columns(['state', 'run_at']).execute();

  await db.schema
    .createTable('job_schedules')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('cron', 'text', notNull)
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('next_run_at', ts, notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_schedules').execute();
  await db.schema.dropTable('jobs').execute();
}
