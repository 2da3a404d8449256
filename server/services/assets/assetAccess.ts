import { ASSET_TEXTS } from '@common/api/assets';
import type { AssetRow } from '../../db/repositories/assets';
import type { FolderRow } from '../../db/repositories/folders';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { AppError, invalidRecord, notFound } from '../../errors';
import type { ProjectAccess, ProjectView } from '../projects/projectAccess';

/** 'Asset Not Found' (§8): a deleted asset, and one the caller may not see, answer alike. */
export const assetNotFound = () => new AppError(404, 'not_found', ASSET_TEXTS.notFound);

/**
 * The one door to assets for signed-in users, on top of ProjectAccess: ids are checked in a batch,
 * and an asset that does not exist, or is in a project the caller may not see, or is not in the
 * project the call names, gets the same 404, so asset ids cannot be probed.
 */
export class AssetAccess {
  constructor(
    private readonly uow: UnitOfWorkOf<'assets' | 'folders'>,
    private readonly projects: ProjectAccess,
  ) {}

  async forAsset(userId: number, assetId: number): Promise<{ asset: AssetRow; view: ProjectView }> {
    const asset = await this.uow.read.assets.findById(assetId);
    if (!asset) throw assetNotFound();
    return { asset, view: await this.projectOf(asset.project_id, userId) };
  }

  /** A folder the caller sees, with its project (moves into it); 404 otherwise. */
  async forFolder(userId: number, folderId: number): Promise<{ folder: FolderRow; view: ProjectView }> {
    const folder = await this.uow.read.folders.findById(folderId);
    if (!folder) throw notFound();
    return { folder, view: await this.projects.forUser(folder.project_id, userId) };
  }

  /** Every one of `ids` must be an asset of the viewed project; answered in the order of `ids`. */
  async inProject(view: ProjectView, ids: readonly number[]): Promise<AssetRow[]> {
    const assets = await this.findAll(ids);
    if (assets.some((a) => a.project_id !== view.project.id)) throw assetNotFound();
    return assets;
  }

  /** Assets a call names without their project (POST /assets/add_label): all of one project the caller sees. */
  async forAssets(
    userId: number,
    ids: readonly number[],
  ): Promise<{ assets: AssetRow[]; view: ProjectView }> {
    const assets = await this.findAll(ids);
    const projectIds = [...new Set(assets.map((a) => a.project_id))];
    const views = await this.projects.forMany(projectIds, userId).catch(asAssetNotFound);
    if (views.length !== 1) throw invalidRecord({ assets_ids: [ASSET_TEXTS.oneProject] });
    return { assets, view: views[0]! };
  }

  private async findAll(ids: readonly number[]): Promise<AssetRow[]> {
    const unique = [...new Set(ids)];
    const rows = new Map((await this.uow.read.assets.findMany(unique)).map((a) => [a.id, a]));
    return unique.map((id) => {
      const asset = rows.get(id);
      if (!asset) throw assetNotFound();
      return asset;
    });
  }

  private projectOf(projectId: number, userId: number): Promise<ProjectView> {
    return this.projects.forUser(projectId, userId).catch(asAssetNotFound);
  }
}

function asAssetNotFound(error: unknown): never {
  if (error instanceof AppError && error.status === 404) throw assetNotFound();
  throw error;
}
