import type { Db } from '../database';

/**
 * Which storage keys rows still name (the orphan sweep): every column that holds one, in one
 * place, so a new kind of stored file is added here with its column.
 */
export class StoredKeysRepository {
  constructor(private readonly db: Db) {}

  /** The keys among `keys` that some row names (an original, a rendition, a comment's file, an avatar, a logo, a cover). */
  async referenced(keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const list = [...keys];
    const rows = await this.db
      .selectFrom('asset_versions')
      .select('thumbnail_key as key')
      .where('thumbnail_key', 'in', list)
      .unionAll((db) =>
        db.selectFrom('asset_versions').select('original_key as key').where('original_key', 'in', list),
      )
      .unionAll((db) =>
        db.selectFrom('asset_versions').select('preview_key as key').where('preview_key', 'in', list),
      )
      .unionAll((db) =>
        db.selectFrom('asset_versions').select('low_res_key as key').where('low_res_key', 'in', list),
      )
      .unionAll((db) =>
        db.selectFrom('asset_versions').select('tiles_key as key').where('tiles_key', 'in', list),
      )
      .unionAll((db) =>
        db.selectFrom('comment_files').select('storage_key as key').where('storage_key', 'in', list),
      )
      .unionAll((db) => db.selectFrom('users').select('avatar_key as key').where('avatar_key', 'in', list))
      .unionAll((db) => db.selectFrom('workspaces').select('logo_key as key').where('logo_key', 'in', list))
      .unionAll((db) => db.selectFrom('projects').select('cover_key as key').where('cover_key', 'in', list))
      .execute();
    return new Set(rows.flatMap((row) => (row.key ? [row.key] : [])));
  }

  /** The ids among `ids` of uploads still running (their partial files are theirs). */
  async runningUploads(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('asset_uploads')
      .select('id')
      .where('id', 'in', [...ids])
      .where('status', 'in', ['uploading', 'creating'])
      .execute();
    return new Set(rows.map((row) => row.id));
  }
}
