import { sql, type Kysely } from 'kysely';
import { timestampType } from '../columns';

/**
 * What the asset grid sorts, filters and marks (projects-side §3, §4, §9; issue 11).
 *
 * - The current round's number and file type are kept on the asset, so that a page of a large
 *   folder sorted by either is read in index order rather than joined and sorted whole.
 * - `position` is the manual order (PATCH /projects/{id}/set_assets_order); null until set.
 * - When the name, the label, the approval and the newest round last changed, and by whom, so that
 *   each member's "new" marks compare them with the time that member last saw the asset
 *   (`asset_user_states`), and never mark a change as new for the one who made it.
 * - Each member's view options of asset lists (sort, filter, item size, grid or list).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  const add = (name: string, type: 'integer' | 'text' | typeof ts, required = false) =>
    db.schema
      .alterTable('assets')
      .addColumn(name, type, (c) => (required ? c.notNull().defaultTo(type === 'text' ? '' : 0) : c))
      .execute();
  await db.schema
    .alterTable('assets')
    .addColumn('label_id', 'integer', (c) => c.references('labels.id').onDelete('set null'))
    .execute();
  await add('position', 'integer');
  await add('round_number', 'integer', true);
  await add('file_type', 'text', true);
  for (const change of ['round_added', 'name_changed', 'label_changed', 'approve_changed']) {
    await add(`${change}_at`, ts);
    await add(`${change}_by_id`, 'integer');
  }
  await add('rush_changed_by_id', 'integer');
  // Assets that exist already: their current round's number and type, and when it came.
  await sql`update assets set
      round_number = coalesce((select v.number from asset_versions v where v.id = assets.current_version_id), 0),
      file_type = coalesce((select v.file_type from asset_versions v where v.id = assets.current_version_id), ''),
      round_added_at = coalesce((select v.created_at from asset_versions v where v.id = assets.current_version_id), assets.created_at),
      round_added_by_id = (select v.uploader_id from asset_versions v where v.id = assets.current_version_id)`.execute(
    db,
  );
  await db.schema
    .createIndex('assets_place')
    .on('assets')
    .columns(['project_id', 'place_key', 'id'])
    .execute();
  await db.schema.createIndex('assets_label').on('assets').column('label_id').execute();

  await db.schema
    .createTable('asset_user_states')
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_seen_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('asset_user_states_pk', ['asset_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('asset_user_states_user')
    .on('asset_user_states')
    .columns(['user_id', 'asset_id'])
    .execute();

  await db.schema
    .alterTable('user_preferences')
    .addColumn('assets_view_options', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_preferences').dropColumn('assets_view_options').execute();
  await db.schema.dropTable('asset_user_states').execute();
  await db.schema.dropIndex('assets_label').execute();
  await db.schema.dropIndex('assets_place').execute();
  const added = ['label_id', 'position', 'round_number', 'file_type', 'rush_changed_by_id'];
  for (const change of ['round_added', 'name_changed', 'label_changed', 'approve_changed'])
    added.push(`${change}_at`, `${change}_by_id`);
  for (const name of added.reverse()) await db.schema.alterTable('assets').dropColumn(name).execute();
}
