import type { Selectable } from 'kysely';
import type { Db } from '../database';
import type { AssetVersionsTable } from '../schema';

export type AssetVersionRow = Selectable<AssetVersionsTable>;

/** What a finished preview job writes on a round. */
export type PreviewFields = Pick<
  AssetVersionRow,
  | 'preview_error'
  | 'width'
  | 'height'
  | 'page_count'
  | 'thumbnail_key'
  | 'preview_key'
  | 'preview_content_type'
  | 'low_res_key'
  | 'lqip'
  | 'tiles_key'
> & { preview_state: 'ready' | 'failed' };

/** The rounds of assets: the stored original and, once made, its renditions. */
export class AssetVersionsRepository {
  constructor(private readonly db: Db) {}

  findById(id: number): Promise<AssetVersionRow | undefined> {
    return this.db.selectFrom('asset_versions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(ids: number[]): Promise<AssetVersionRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('asset_versions').selectAll().where('id', 'in', ids).execute();
  }

  /** An asset's rounds, the first first. */
  listForAsset(assetId: number): Promise<AssetVersionRow[]> {
    return this.db
      .selectFrom('asset_versions')
      .selectAll()
      .where('asset_id', '=', assetId)
      .orderBy('number')
      .execute();
  }

  /** The rounds of many assets, by asset then number. */
  listForAssets(assetIds: number[]): Promise<AssetVersionRow[]> {
    if (assetIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('asset_versions')
      .selectAll()
      .where('asset_id', 'in', assetIds)
      .orderBy('asset_id')
      .orderBy('number')
      .execute();
  }

  /** The stored files of every round of these projects. */
  listForProjects(projectIds: number[]): Promise<Pick<AssetVersionRow, 'original_key' | 'thumbnail_key'>[]> {
    if (projectIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('asset_versions')
      .select(['original_key', 'thumbnail_key'])
      .where('project_id', 'in', projectIds)
      .execute();
  }

  listForWorkspace(workspaceId: number): Promise<Pick<AssetVersionRow, 'original_key' | 'thumbnail_key'>[]> {
    return this.db
      .selectFrom('asset_versions as v')
      .innerJoin('projects as p', 'p.id', 'v.project_id')
      .select(['v.original_key', 'v.thumbnail_key'])
      .where('p.workspace_id', '=', workspaceId)
      .execute();
  }

  /** A unique violation when the asset already has a round of this number. */
  create(values: {
    assetId: number;
    projectId: number;
    number: number;
    uploaderId: number;
    fileName: string;
    fileType: string;
    sizeBytes: number;
    originalKey: string;
    now: string;
  }): Promise<AssetVersionRow> {
    return this.db
      .insertInto('asset_versions')
      .values({
        asset_id: values.assetId,
        project_id: values.projectId,
        number: values.number,
        uploader_id: values.uploaderId,
        file_name: values.fileName,
        file_type: values.fileType,
        size_bytes: values.sizeBytes,
        original_key: values.originalKey,
        created_at: values.now,
        updated_at: values.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async setPreview(id: number, fields: PreviewFields, now: string): Promise<void> {
    await this.db
      .updateTable('asset_versions')
      .set({ ...fields, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Back to processing (a retry of a failed preview). */
  async resetPreview(id: number, now: string): Promise<void> {
    await this.db
      .updateTable('asset_versions')
      .set({ preview_state: 'processing', preview_error: null, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('asset_versions').where('id', '=', id).execute();
  }
}
