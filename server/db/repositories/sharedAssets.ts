import type { Db } from '../database';
import { newestFirstPage, placeKeyOf, type AssetRow } from './assets';

/** The assets a public link shows: those with a round, the newest first in each place. */
export class SharedAssetsRepository {
  constructor(private readonly db: Db) {}

  private inPlace(projectId: number, folderId: number | null) {
    return this.db
      .selectFrom('assets')
      .where('project_id', '=', projectId)
      .where('place_key', '=', placeKeyOf(folderId))
      .where('current_version_id', 'is not', null);
  }

  /** A page of a place's assets, the newest first, and how many there are. */
  page(
    projectId: number,
    folderId: number | null,
    page: number,
    perPage: number,
  ): Promise<{ rows: AssetRow[]; total: number }> {
    return newestFirstPage(this.inPlace(projectId, folderId), page, perPage);
  }

  /** The asset, when it belongs to this project and has a round. */
  findInProject(projectId: number, assetId: number): Promise<AssetRow | undefined> {
    return this.db
      .selectFrom('assets')
      .selectAll()
      .where('id', '=', assetId)
      .where('project_id', '=', projectId)
      .where('current_version_id', 'is not', null)
      .executeTakeFirst();
  }

  /**
   * The images just before (newer) and just after (older) the asset in its place's list, whose
   * order is (created_at desc, id desc).
   */
  async imageNeighbours(
    asset: Pick<AssetRow, 'id' | 'project_id' | 'folder_id' | 'created_at'>,
  ): Promise<{ previous: number | null; next: number | null }> {
    const images = () => this.inPlace(asset.project_id, asset.folder_id).where('kind', '=', 'image');
    const previous = await images()
      .select('id')
      .where((eb) =>
        eb.or([
          eb('created_at', '>', asset.created_at),
          eb.and([eb('created_at', '=', asset.created_at), eb('id', '>', asset.id)]),
        ]),
      )
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst();
    const next = await images()
      .select('id')
      .where((eb) =>
        eb.or([
          eb('created_at', '<', asset.created_at),
          eb.and([eb('created_at', '=', asset.created_at), eb('id', '<', asset.id)]),
        ]),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return { previous: previous?.id ?? null, next: next?.id ?? null };
  }
}
