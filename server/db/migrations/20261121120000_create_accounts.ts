import type { Kysely } from 'kysely';
import { notNull, timestampType, withId } from '../columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await withId(db, db.schema.createTable('users'))
    .addColumn('name', 'text', notNull)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', notNull)
    .addColumn('avatar_key', 'text')
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .execute();

  await withId(db, db.schema.createTable('user_preferences'))
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('is_2fa_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('asset_downloads_resolution', 'text', (c) => c.notNull().defaultTo('original'))
    .addColumn('email_every', 'text', (c) => c.notNull().defaultTo('once_per_day'))
    .addColumn('notification_alarms', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('email_alarms', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('projects_order', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', ts, notNull)
    .addColumn('expires_at', ts, notNull)
    .addColumn('last_seen_at', ts, notNull)
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await withId(db, db.schema.createTable('access_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', ts, notNull)
    .addColumn('used_at', ts)
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema.createIndex('access_codes_user_id').on('access_codes').column('user_id').execute();

  await withId(db, db.schema.createTable('password_reset_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', ts, notNull)
    .addColumn('used_at', ts)
    .addColumn('created_at', ts, notNull)
    .execute();

  await withId(db, db.schema.createTable('mail_outbox'))
    .addColumn('to_address', 'text', notNull)
    .addColumn('subject', 'text', notNull)
    .addColumn('text_body', 'text', notNull)
    .addColumn('html_body', 'text')
    .addColumn('eml_file', 'text', notNull)
    .addColumn('created_at', ts, notNull)
    .execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_started_at', ts, notNull)
    .addColumn('hits', 'integer', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'rate_limits',
    'mail_outbox',
    'password_reset_tokens',
    'access_codes',
    'sessions',
    'user_preferences',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
