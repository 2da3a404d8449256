import { useInfiniteQuery, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AssetView } from '@common/api/assets';
import type { Pagination } from '@common/api/projects';
import { api, apiEnvelope } from './client';
import { retryUnlessAccessError } from './project';
import { projectKeys, refreshProjectLists } from './projects';

/**
 * Assets as the project and folder pages and the asset page read them (projects-side §7
 * "Assets"). A round is processing until its image and thumbnail exist; there is no live stream
 * yet, so a list or an asset with a processing round asks again every 2 s until it has them.
 */
export const ASSET_POLL_MS = 2000;

export const assetKeys = {
  /** Under the project's key: invalidating the project refreshes its asset lists too. */
  list: (projectId: number, folderId: number | null) =>
    [...projectKeys.detail(projectId), 'assets', folderId ?? 'root'] as const,
  one: (assetId: number) => ['assets', assetId] as const,
};

export interface AssetPage {
  assets: AssetView[];
  pagination: Pagination | undefined;
}

function listPath(projectId: number, folderId: number | null, page: number): string {
  const owner = folderId === null ? `/projects/${projectId}` : `/folders/${folderId}`;
  return `${owner}/assets?page=${page}`;
}

/** GET /projects/{id}/assets or /folders/{id}/assets, 100 a page, page after page. */
export function useAssetList(projectId: number, folderId: number | null) {
  return useInfiniteQuery({
    queryKey: assetKeys.list(projectId, folderId),
    initialPageParam: 1,
    queryFn: async ({ pageParam }): Promise<AssetPage> => {
      const envelope = await apiEnvelope<AssetView[], { pagination?: Pagination }>(
        listPath(projectId, folderId, pageParam),
      );
      return { assets: envelope.response, pagination: envelope.meta?.pagination };
    },
    getNextPageParam: (page) =>
      page.pagination && !page.pagination.last_page ? page.pagination.current + 1 : undefined,
    enabled: projectId > 0,
    staleTime: 10_000,
    retry: retryUnlessAccessError,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.assets.some((asset) => asset.is_processing))
        ? ASSET_POLL_MS
        : false,
  });
}

/** GET /assets/{id}, asked again every 2 s while its current round is processing. */
export function useAsset(assetId: number) {
  return useQuery({
    queryKey: assetKeys.one(assetId),
    queryFn: () => api<AssetView>(`/assets/${assetId}`),
    enabled: Number.isInteger(assetId) && assetId > 0,
    staleTime: 10_000,
    retry: retryUnlessAccessError,
    refetchInterval: (query) => (query.state.data?.is_processing ? ASSET_POLL_MS : false),
  });
}

/**
 * An upload made an asset or a round: the project (counts, storage), its folders (counts,
 * previews), its asset lists, the asset itself and the project lists (covers, activity) ask again.
 */
export async function refreshAfterUpload(
  queryClient: QueryClient,
  projectId: number,
  assetId: number | null,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) }),
    assetId === null
      ? Promise.resolve()
      : queryClient.invalidateQueries({ queryKey: assetKeys.one(assetId) }),
    refreshProjectLists(queryClient),
  ]);
}
