import type { Selectable } from 'kysely';
import type { Db } from '../database';
import type { AssetUploadStatus, AssetUploadsTable } from '../schema';

export type AssetUploadRow = Selectable<AssetUploadsTable>;

/** The running uploads of one project, or of every project of one workspace. */
/** Projects and workspaces whose running uploads are asked for together. */
export interface OpenUploadScope {
  projectIds: number[];
  workspaceIds: number[];
}

/**
 * Uploads on their way to becoming assets or rounds. A running upload of a new asset reserves its
 * name in its place (a partial unique index) and its declared size in the workspace's storage.
 */
export class AssetUploadsRepository {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<AssetUploadRow | undefined> {
    return this.db.selectFrom('asset_uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A unique violation when a running upload already reserved this name in this place. */
  async create(row: AssetUploadRow): Promise<void> {
    await this.db.insertInto('asset_uploads').values(row).execute();
  }

  /** Another running upload reserved this name in this place. */
  async nameReserved(projectId: number, placeKey: number, nameKey: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('asset_uploads')
      .select('id')
      .where('project_id', '=', projectId)
      .where('place_key', '=', placeKey)
      .where('reserved_name_key', '=', nameKey)
      .where('status', 'in', ['uploading', 'creating'])
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Bytes declared by the workspace's running uploads: storage they will take. */
  async reservedBytes(workspaceId: number): Promise<number> {
    const row = await this.db
      .selectFrom('asset_uploads')
      .select((eb) => eb.fn.sum<number | string | null>('size_bytes').as('bytes'))
      .where('workspace_id', '=', workspaceId)
      .where('status', 'in', ['uploading', 'creating'])
      .executeTakeFirstOrThrow();
    return Number(row.bytes ?? 0);
  }

  /** Uploads still taking bytes, in a project or a workspace. */
  /** The running uploads into any of the projects, or into any project of the workspaces: one query. */
  listOpen({ projectIds, workspaceIds }: OpenUploadScope): Promise<AssetUploadRow[]> {
    if (projectIds.length === 0 && workspaceIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('asset_uploads')
      .selectAll()
      .where('status', '=', 'uploading')
      .where((eb) =>
        eb.or([
          ...(projectIds.length > 0 ? [eb('project_id', 'in', projectIds)] : []),
          ...(workspaceIds.length > 0 ? [eb('workspace_id', 'in', workspaceIds)] : []),
        ]),
      )
      .execute();
  }

  /** A running upload's reservation becomes `bytes`. */
  async reserve(id: string, bytes: number): Promise<void> {
    await this.db
      .updateTable('asset_uploads')
      .set({ size_bytes: bytes })
      .where('id', '=', id)
      .where('status', '=', 'uploading')
      .execute();
  }

  /**
   * Moves the upload from one status to another; false when it was not in `from` (another
   * request or process got there first).
   */
  async transition(
    id: string,
    from: AssetUploadStatus[],
    to: AssetUploadStatus,
    now: string,
    result: Partial<
      Pick<AssetUploadRow, 'result_asset_id' | 'result_version_id' | 'error_code' | 'error_message'>
    > = {},
  ): Promise<boolean> {
    const done = await this.db
      .updateTable('asset_uploads')
      .set({ status: to, updated_at: now, ...result })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) === 1;
  }

  /** Uploads in `status` not touched since `before`. */
  listStale(status: AssetUploadStatus, before: string, limit = 100): Promise<AssetUploadRow[]> {
    return this.db
      .selectFrom('asset_uploads')
      .selectAll()
      .where('status', '=', status)
      .where('updated_at', '<', before)
      .orderBy('updated_at')
      .limit(limit)
      .execute();
  }

  async touch(id: string, now: string): Promise<void> {
    await this.db.updateTable('asset_uploads').set({ updated_at: now }).where('id', '=', id).execute();
  }

  async delete(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('asset_uploads').where('id', 'in', ids).execute();
  }
}
