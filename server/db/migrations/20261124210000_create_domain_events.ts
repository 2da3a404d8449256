import { sql, type Kysely } from 'kysely';
import { notNull, timestampType, withId } from '../columns';

/**
 * What happened, recorded in the transaction of the change (a rolled-back change leaves none), and
 * handed to the subscribers after commit: `claimed_until` is the lease of the process handling an
 * event, `handled_at` says every subscriber has run. Activity log entries name the event they came
 * from, so an event handled twice after a crash still writes one entry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable('domain_events'))
    .addColumn('type', 'text', notNull)
    .addColumn('workspace_id', 'integer')
    .addColumn('project_id', 'integer')
    .addColumn('actor_id', 'integer')
    .addColumn('subject_type', 'text')
    .addColumn('subject_id', 'integer')
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('occurred_at', ts, notNull)
    .addColumn('claimed_until', ts)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('handled_at', ts)
    .execute();
  await db.schema
    .createIndex('domain_events_unhandled')
    .on('domain_events')
    .column('id')
    .where(sql.ref('handled_at'), 'is', null)
    .execute();
  await db.schema.alterTable('activity_logs').addColumn('event_id', 'integer').execute();
  await db.schema
    .createIndex('activity_logs_event_id')
    .on('activity_logs')
    .column('event_id')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('activity_logs_event_id').execute();
  await db.schema.alterTable('activity_logs').dropColumn('event_id').execute();
  await db.schema.dropTable('domain_events').execute();
}
