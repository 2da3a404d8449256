import type { z } from 'zod';
import {
  ASSET_LIST_TEXTS,
  ASSETS_PAGE_SIZE,
  assetFiltersSchema,
  type AssetFilters,
  type assetListQuerySchema,
  type AssetsViewOptions,
  type SortOrder,
} from '@common/api/assetLists';
import type { AssetView } from '@common/api/assets';
import type { Pagination } from '@common/api/projects';
import type { AssetListing } from '../../db/repositories/assetLists';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { invalidRecord, notFound } from '../../errors';
import { authorize } from '../../policies/projects';
import type { AssetPresenter } from '../../presenters/asset';
import { presentPagination } from '../../presenters/pagination';
import type { AssetsViewOptionsService } from './assetsViewOptions';
import { projectEvent } from '../projects/projectEvents';
import type { ProjectAccess } from '../projects/projectAccess';

export type AssetListQuery = z.infer<typeof assetListQuerySchema>;

/** The list asked for: a project's root, or one folder. */
export type AssetPlace = { projectId: number } | { folderId: number };

/**
 * GET /projects/{id}/assets and /folders/{id}/assets: one place's assets, filtered, sorted and
 * paginated by the database; and the project's manual order (PATCH /projects/{id}/set_assets_order).
 */
export class AssetLists {
  constructor(
    private readonly uow: UnitOfWorkOf<'assetLists' | 'folders'>,
    private readonly access: ProjectAccess,
    private readonly presenter: Pick<AssetPresenter, 'many'>,
    private readonly viewOptions: AssetsViewOptionsService,
  ) {}

  async list(
    userId: number,
    place: AssetPlace,
    query: AssetListQuery,
  ): Promise<{ assets: AssetView[]; pagination: Pagination }> {
    let projectId: number;
    let folderId: number | null = null;
    if ('folderId' in place) {
      const folder = await this.uow.read.folders.findById(place.folderId);
      if (!folder) throw notFound();
      projectId = folder.project_id;
      folderId = folder.id;
    } else projectId = place.projectId;
    const view = await this.access.forUser(projectId, userId);
    authorize(view, 'assets.see');
    const filters = parseAssetFilters(query.filters);
    if (Object.keys(filters).length > 0) authorize(view, 'assets.filter');

    const listing: AssetListing = { projectId, folderId, userId, filters };
    const lists = this.uow.read.assetLists;
    const [rows, total] = await Promise.all([
      lists.page(
        listing,
        query.sort_by,
        query.sort_order,
        ASSETS_PAGE_SIZE,
        (query.page - 1) * ASSETS_PAGE_SIZE,
      ),
      lists.count(listing),
    ]);
    return {
      assets: await this.presenter.many(rows, userId),
      pagination: presentPagination(query.page, ASSETS_PAGE_SIZE, total),
    };
  }

  /**
   * Puts the assets at the top of the project's manual order as the caller sees it, and switches
   * the caller's asset lists to that order. The order is the project's, shared by its members, so
   * it takes the right to change the assets' state (§6 assets.approve), which View Only lacks.
   */
  async setOrder(
    userId: number,
    projectId: number,
    assetIds: number[],
    order: SortOrder,
  ): Promise<AssetsViewOptions> {
    const view = await this.access.forUser(projectId, userId);
    authorize(view, 'assets.approve');
    const ids = [...new Set(assetIds)];
    await this.uow.transaction(async (tx) => {
      await tx.lock('projects', projectId);
      // An id of another project, or of no asset, answers as if the project held none of them.
      if ((await tx.assetLists.idsInProject(projectId, ids)).length !== ids.length) throw notFound();
      await tx.assetLists.placeFirst(projectId, ids, order);
      await tx.record(
        projectEvent(view.project, userId, 'assets.reordered', { data: { count: ids.length } }),
      );
    });
    return this.viewOptions.change(userId, { sort: 'manual', sort_ascending: order === 'asc' });
  }
}

/** The `filters` query: JSON of the asset filters, its length already capped by the query schema. */
export function parseAssetFilters(text: string | undefined): AssetFilters {
  if (!text) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalidRecord({ filters: [ASSET_LIST_TEXTS.filtersNotJson] });
  }
  const parsed = assetFiltersSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  throw invalidRecord({
    filters: parsed.error.issues.map((issue) =>
      ASSET_LIST_TEXTS.filtersInvalid(issue.path.join('.'), issue.message),
    ),
  });
}
