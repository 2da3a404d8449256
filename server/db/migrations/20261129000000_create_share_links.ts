import type { Kysely } from 'kysely';
import { timestampType, withId } from '../columns';

/**
 * Issue 26: links beside the project's one public link (projects.share_hash, the spec's, which
 * stays as it is). A link is view-only or lets guests review (`kind`), reaches the whole project,
 * one folder, or a selection of assets (`scope`), and carries the options of the public link.
 * Revoking a link deletes it: its hash then answers 404 and its guests' next call is refused,
 * while what they wrote stays (guests.link_id goes null).
 *
 * Guests are the people a review link was sent to: a name (and optionally an e-mail) given once,
 * remembered by a random token whose sha256 is kept here and whose value only their browser holds.
 *
 * Decisions are per reviewer and per round: a member's or a guest's 'approved' or
 * 'changes_requested' on one round of an asset. A new round has none, since they are keyed by round.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await withId(db, db.schema.createTable('share_links'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('scope', 'varchar(10)', (c) => c.notNull())
    .addColumn('folder_id', 'integer', (c) => c.references('folders.id').onDelete('cascade'))
    .addColumn('downloadable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('show_comments', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_hash', 'varchar(255)')
    .addColumn('expires_at', ts)
    .addColumn('created_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('share_links_project').on('share_links').column('project_id').execute();

  await db.schema
    .createTable('share_link_assets')
    .addColumn('link_id', 'integer', (c) => c.notNull().references('share_links.id').onDelete('cascade'))
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('share_link_assets_pk', ['link_id', 'asset_id'])
    .execute();
  await db.schema.createIndex('share_link_assets_asset').on('share_link_assets').column('asset_id').execute();

  await withId(db, db.schema.createTable('guests'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('link_id', 'integer', (c) => c.references('share_links.id').onDelete('set null'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)')
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_seen_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('guests_link').on('guests').column('link_id').execute();

  await db.schema
    .alterTable('comments')
    .addColumn('guest_id', 'integer', (c) => c.references('guests.id').onDelete('set null'))
    .execute();

  await withId(db, db.schema.createTable('asset_decisions'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('version_id', 'integer', (c) =>
      c.notNull().references('asset_versions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('guest_id', 'integer', (c) => c.references('guests.id').onDelete('cascade'))
    .addColumn('decision', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('asset_decisions_round_user')
    .on('asset_decisions')
    .columns(['version_id', 'user_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('asset_decisions_round_guest')
    .on('asset_decisions')
    .columns(['version_id', 'guest_id'])
    .unique()
    .execute();
  await db.schema.createIndex('asset_decisions_asset').on('asset_decisions').column('asset_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('asset_decisions').execute();
  await db.schema.alterTable('comments').dropColumn('guest_id').execute();
  await db.schema.dropTable('guests').execute();
  await db.schema.dropTable('share_link_assets').execute();
  await db.schema.dropTable('share_links').execute();
}
