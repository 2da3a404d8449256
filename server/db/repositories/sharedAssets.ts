import type { Db } from '../database';
import { newestFirstPage, placeKeyOf, type AssetRow } from './assets';

/**
 * A list of a link's assets: one place (a folder, or the root when null), or a selection across
 * places (policies/sharedReach.ts decides which).
 */
export type SharedListing = { folderId: number | null } | { assetIds: number[] };

/**
 * The assets a link shows: those with a round, the newest first in each place, or in a selection
 * link's selection (the listing comes from policies/sharedReach.ts).
 */
export class SharedAssetsRepository {
  constructor(private readonly db: Db) {}

  private listed(projectId: number, listing: SharedListing) {
    const assets = this.db
      .selectFrom('assets')
      .where('project_id', '=', projectId)
      .where('current_version_id', 'is not', null);
    if ('folderId' in listing) return assets.where('place_key', '=', placeKeyOf(listing.folderId));
    // An empty selection (its assets all deleted) lists nothing.
    return assets.where('id', 'in', listing.assetIds.length > 0 ? listing.assetIds : [0]);
  }

  /** A page of a listing's assets, the newest first, and how many there are. */
  page(
    projectId: number,
    listing: SharedListing,
    page: number,
    perPage: number,
  ): Promise<{ rows: AssetRow[]; total: number }> {
    return newestFirstPage(this.listed(projectId, listing), page, perPage);
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
   * The images just before (newer) and just after (older) the asset in its listing, whose order is
   * (created_at desc, id desc).
   */
  async imageNeighbours(
    asset: Pick<AssetRow, 'id' | 'project_id' | 'created_at'>,
    listing: SharedListing,
  ): Promise<{ previous: number | null; next: number | null }> {
    const images = () => this.listed(asset.project_id, listing).where('kind', '=', 'image');
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
