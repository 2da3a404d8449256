import type { SharedAsset, SharedAssetDetail } from '@common/api/sharedAssets';
import type { AssetRow } from '../../db/repositories/assets';
import type { ProjectRow } from '../../db/repositories/projects';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { notFound } from '../../errors';
import { listingOf, neighbourListingOf, type SharedProject } from '../../policies/sharedReach';
import { presentPagination } from '../../presenters/pagination';
import { presentSharedAsset } from '../../presenters/sharedAsset';
import { presentSharedThreads } from '../../presenters/sharedComment';
import { reachedAsset } from './reachedAsset';

export const SHARED_ASSETS_PER_PAGE = 100;

/** The repositories SharedAssetService uses. */
type SharedAssetRepositories = 'assetVersions' | 'comments' | 'folders' | 'sharedAssets';

/**
 * The assets of a project as the viewers of its public link see them (projects-side §2, §6): the
 * project SharedAccess resolved is the only one reachable, and only each asset's latest round; a
 * folder or selection link shows only what it reaches (policies/sharedReach.ts).
 */
export class SharedAssetService {
  constructor(private readonly uow: UnitOfWorkOf<SharedAssetRepositories>) {}

  /**
   * A page of the project's root or of one of its folders (another project's folder: 404), the
   * newest first; a folder link's root is its folder, a selection link's its selection.
   */
  async page(project: SharedProject, folderId: number | null, page: number) {
    if (folderId !== null) {
      const folder = await this.uow.read.folders.findById(folderId);
      if (folder?.project_id !== project.id) throw notFound();
    }
    const { rows, total } = await this.uow.read.sharedAssets.page(
      project.id,
      listingOf(project, folderId),
      page,
      SHARED_ASSETS_PER_PAGE,
    );
    return {
      assets: await this.present(project, rows),
      pagination: presentPagination(page, SHARED_ASSETS_PER_PAGE, total),
    };
  }

  /**
   * One asset of the project with its previous and next images in its place's list, and its
   * latest round's comments when the link shows them.
   */
  async get(project: SharedProject, assetId: number): Promise<SharedAssetDetail> {
    const asset = await reachedAsset(this.uow.read.sharedAssets, project, assetId);
    const [presented] = await this.present(project, [asset]);
    if (!presented) throw notFound();
    const { previous, next } = await this.uow.read.sharedAssets.imageNeighbours(
      asset,
      neighbourListingOf(project, asset),
    );
    // Listed shared assets always have a latest round.
    const latest = asset.current_version_id ?? 0;
    // The team's comments only where the link's settings show them (off by default).
    const comments =
      project.share_show_comments === 1
        ? presentSharedThreads(await this.uow.read.comments.list(asset.id, latest))
        : [];
    return { ...presented, previous_image_id: previous, next_image_id: next, comments };
  }

  private async present(project: ProjectRow, assets: AssetRow[]): Promise<SharedAsset[]> {
    const ids = assets.map((a) => a.current_version_id).filter((id): id is number => id !== null);
    const rounds = new Map((await this.uow.read.assetVersions.findMany(ids)).map((r) => [r.id, r]));
    return assets.flatMap((asset) => {
      const round = asset.current_version_id === null ? undefined : rounds.get(asset.current_version_id);
      return round ? [presentSharedAsset(project, asset, round)] : [];
    });
  }
}
