import { sql, type Kysely } from 'kysely';
import { timestampType, withId } from '../columns';

/**
 * E-mail digests (issue 24 item 4). A digest is one e-mail to one user about one project: the
 * notifications it carries point at it (`notifications.digest_id`), set in the transaction that
 * claims them with `emailed_at`, so a notification is claimed by one digest only. `sent_at` is set
 * once the mail server took the message; `sending_until` is the lease of the send in progress, so
 * two workers never send the same digest and a killed one's digest is sent once its lease passed.
 * `notification_digest_runs` keeps how far the recurring run has looked for users' slots (a run
 * that missed minutes catches their 09:00s up).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable('notification_digests'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    /** 'digest' (the user's email_every) or 'mention' (within a minute). */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('sending_until', ts)
    .addColumn('sent_at', ts)
    .execute();
  await db.schema
    .createIndex('notification_digests_unsent')
    .on('notification_digests')
    .columns(['user_id', 'id'])
    .where(sql.ref('sent_at'), 'is', null)
    .execute();

  await db.schema.alterTable('notifications').addColumn('digest_id', 'integer').execute();
  await db.schema
    .createIndex('notifications_digest')
    .on('notifications')
    .column('digest_id')
    .where(sql.ref('digest_id'), 'is not', null)
    .execute();
  // The every-minute look for mentions to mail reads only these rows.
  await db.schema
    .createIndex('notifications_unsent_mentions')
    .on('notifications')
    .columns(['user_id', 'id'])
    .where(sql<boolean>`emailed_at is null and kind = 'mentions'`)
    .execute();

  await db.schema
    .createTable('notification_digest_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('covered_until', ts, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_digest_runs').execute();
  await db.schema.dropIndex('notifications_unsent_mentions').execute();
  await db.schema.dropIndex('notifications_digest').execute();
  await db.schema.alterTable('notifications').dropColumn('digest_id').execute();
  await db.schema.dropTable('notification_digests').execute();
}
