import { sql, type Kysely } from 'kysely';
import { notNull, timestampType, withId } from '../columns';

/**
 * Assets, their rounds and the uploads that bring them (projects-side §3, issue 10).
 *
 * An asset's name is unique in its place (the project's root or one folder) regardless of case:
 * `place_key` is the folder id or 0 for the root, so one unique index serves both databases.
 * An upload in progress reserves its name in its place the same way (a partial unique index over
 * the uploads still running), so two uploads of one name at once cannot both become assets.
 * A round keeps the stored original and, once its preview job ran, the renditions' storage keys;
 * it is processing while `preview_state` is 'processing'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await withId(db, db.schema.createTable('assets'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('folder_id', 'integer', (c) => c.references('folders.id').onDelete('cascade'))
    .addColumn('place_key', 'integer', notNull)
    .addColumn('name', 'text', notNull)
    .addColumn('name_key', 'text', notNull)
    /** 'image' or 'document' (folders count them apart). */
    .addColumn('kind', 'text', notNull)
    .addColumn('current_version_id', 'integer')
    .addColumn('versions_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('approve', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('rush_priority_set_at', ts)
    .addColumn('unresolved_comments_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .addColumn('last_activity_at', ts, notNull)
    .addUniqueConstraint('assets_place_name', ['project_id', 'place_key', 'name_key'])
    .addCheckConstraint('assets_approve', sql`approve in ('pending', 'confirmed')`)
    .execute();
  await db.schema.createIndex('assets_folder').on('assets').column('folder_id').execute();

  await withId(db, db.schema.createTable('asset_versions'))
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('number', 'integer', notNull)
    .addColumn('uploader_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    /** The file's name as the user gave it (display and download only, never a path). */
    .addColumn('file_name', 'text', notNull)
    /** The type its content was detected as (server/media/previews/fileType.ts). */
    .addColumn('file_type', 'text', notNull)
    .addColumn('size_bytes', 'bigint', notNull)
    .addColumn('original_key', 'text', notNull)
    .addColumn('preview_state', 'text', (c) => c.notNull().defaultTo('processing'))
    .addColumn('preview_error', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('page_count', 'integer')
    .addColumn('thumbnail_key', 'text')
    .addColumn('preview_key', 'text')
    .addColumn('preview_content_type', 'text')
    .addColumn('low_res_key', 'text')
    .addColumn('lqip', 'text')
    /** The storage prefix of a DeepZoom pyramid (`<prefix>/image.dzi`), for pictures over 12 MP. */
    .addColumn('tiles_key', 'text')
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .addUniqueConstraint('asset_versions_number', ['asset_id', 'number'])
    .addCheckConstraint(
      'asset_versions_preview_state',
      sql`preview_state in ('processing', 'ready', 'failed')`,
    )
    .execute();
  await db.schema.createIndex('asset_versions_project').on('asset_versions').column('project_id').execute();

  await db.schema
    .createTable('asset_uploads')
    /** The tus upload id (also the name of its partial file). */
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('folder_id', 'integer', (c) => c.references('folders.id').onDelete('cascade'))
    /** Set when the upload is a new round of this asset. */
    .addColumn('asset_id', 'integer', (c) => c.references('assets.id').onDelete('cascade'))
    .addColumn('place_key', 'integer', notNull)
    .addColumn('file_name', 'text', notNull)
    /** The name reserved in its place while a new asset's upload runs; null for a new round. */
    .addColumn('reserved_name_key', 'text')
    .addColumn('size_bytes', 'bigint', notNull)
    /** uploading, creating (the bytes are in, the asset is being made), done or failed. */
    .addColumn('status', 'text', notNull)
    .addColumn('result_asset_id', 'integer')
    .addColumn('result_version_id', 'integer')
    .addColumn('error_code', 'text')
    .addColumn('error_message', 'text')
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .addCheckConstraint('asset_uploads_status', sql`status in ('uploading', 'creating', 'done', 'failed')`)
    .execute();
  await db.schema
    .createIndex('asset_uploads_reserved_name')
    .on('asset_uploads')
    .columns(['project_id', 'place_key', 'reserved_name_key'])
    .unique()
    .where(sql.ref('status'), 'in', sql`('uploading', 'creating')`)
    .execute();
  await db.schema
    .createIndex('asset_uploads_status')
    .on('asset_uploads')
    .columns(['status', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('asset_uploads').execute();
  await db.schema.dropTable('asset_versions').execute();
  await db.schema.dropTable('assets').execute();
}
