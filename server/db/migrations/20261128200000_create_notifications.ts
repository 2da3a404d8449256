import { sql, type Kysely } from 'kysely';
import { timestampType, withId } from '../columns';

/**
 * A member's notifications (projects-side §3 Notification, issue 24), made from committed domain
 * events: one row per event and recipient (unique, so that handling an event twice makes no second
 * one). `seen_at` is the spec's was_read (the panel marks a project's notifications seen),
 * `opened_at` a click on the item, `pinned_at` the pin, `emailed_at` its digest.
 *
 * Also: a member may mute a project (its notifications and e-mails stop, mentions still come), and
 * the browser tells the server its time zone, for the daily digest at 09:00 local time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable('notifications'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    /** One of the eight filters of projects-side §9 (common/api/notifications.ts NOTIFICATION_KINDS). */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    /** May hold one `|highlighted|` segment. */
    .addColumn('message', 'text', (c) => c.notNull())
    /** The asset whose thumbnail is the item's image; null for project-wide news. */
    .addColumn('asset_id', 'integer', (c) => c.references('assets.id').onDelete('set null'))
    .addColumn('related_object_type', 'text', (c) => c.notNull())
    .addColumn('related_object_id', 'integer', (c) => c.notNull())
    /** For a reply: its root comment, the thread that becomes active. */
    .addColumn('related_parent_id', 'integer')
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('quoted_comment', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('seen_at', ts)
    .addColumn('opened_at', ts)
    .addColumn('pinned_at', ts)
    .addColumn('emailed_at', ts)
    .execute();
  await db.schema
    .createIndex('notifications_event_user')
    .on('notifications')
    .columns(['event_id', 'user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('notifications_user_project')
    .on('notifications')
    .columns(['user_id', 'project_id', 'id'])
    .execute();
  await db.schema.createIndex('notifications_project').on('notifications').column('project_id').execute();
  await db.schema
    .createIndex('notifications_unsent')
    .on('notifications')
    .columns(['user_id', 'id'])
    .where(sql.ref('emailed_at'), 'is', null)
    .execute();

  await db.schema.alterTable('project_user_states').addColumn('notifications_muted_at', ts).execute();
  await db.schema
    .alterTable('user_preferences')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_preferences').dropColumn('time_zone').execute();
  await db.schema.alterTable('project_user_states').dropColumn('notifications_muted_at').execute();
  await db.schema.dropTable('notifications').execute();
}
