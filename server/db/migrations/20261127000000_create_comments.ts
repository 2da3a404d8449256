import type { Kysely } from 'kysely';
import { notNull, timestampType, withId } from '../columns';

/**
 * Comments, replies, their files, and each member's last sight of an asset's comments
 * (projects-side §3, §4; issue 12).
 *
 * - A reply has `parent_id` (a root comment; replies go with it). Its markup is '[]', it is never
 *   completed and carries no markup number.
 * - `round_number` is the number of the round commented on, kept beside `version_id`: the round may
 *   be deleted later (only the latest may), and its comments stay on the asset with their number,
 *   so the asset's and project's unresolved counts stay what the comments say.
 * - `markup_number` is 1, 2, 3… per asset for the comments that carry markup, given from the
 *   asset's `markup_numbers_used` in the creating transaction, so a number is never given twice
 *   even after a deletion.
 * - `project_id` is the asset's, kept so the project's 'new comments' flag reads one index.
 * - Comment files are stored through the storage adapter; the row holds the key, the safe name
 *   shown and sent, the detected type and the size.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await db.schema
    .alterTable('assets')
    .addColumn('markup_numbers_used', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable('comments'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('version_id', 'integer', notNull)
    .addColumn('round_number', 'integer', notNull)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('parent_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('text', 'text', notNull)
    /** JSON list of line shapes (common/api/comments.ts markupSchema). */
    .addColumn('markup', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('markup_number', 'integer')
    .addColumn('global_comment', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_edited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completed_at', ts)
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .addUniqueConstraint('comments_markup_number', ['asset_id', 'markup_number'])
    .execute();
  await db.schema.createIndex('comments_asset').on('comments').columns(['asset_id', 'id']).execute();
  await db.schema.createIndex('comments_parent').on('comments').column('parent_id').execute();
  await db.schema
    .createIndex('comments_project_created')
    .on('comments')
    .columns(['project_id', 'created_at'])
    .execute();

  await withId(db, db.schema.createTable('comment_files'))
    .addColumn('comment_id', 'integer', (c) => c.notNull().references('comments.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'text', notNull)
    .addColumn('content_type', 'text', notNull)
    .addColumn('size_bytes', 'bigint', notNull)
    .addColumn('storage_key', 'text', notNull)
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema.createIndex('comment_files_comment').on('comment_files').column('comment_id').execute();
  await db.schema.createIndex('comment_files_project').on('comment_files').column('project_id').execute();

  await db.schema
    .createTable('comment_user_states')
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_seen_at', ts, notNull)
    .addPrimaryKeyConstraint('comment_user_states_pk', ['asset_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('comment_user_states').execute();
  await db.schema.dropTable('comment_files').execute();
  await db.schema.dropTable('comments').execute();
  await db.schema.alterTable('assets').dropColumn('markup_numbers_used').execute();
}
