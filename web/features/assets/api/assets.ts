import { retryUnlessAccessError } from '@web/api/retry';
import { useInfiniteQuery, useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { AssetView } from '@common/api/assets';
import type { AssetFilters, AssetSort, SortOrder } from '@common/api/assetLists';
import type { Pagination } from '@common/api/projects';
import { flatAssets, type AssetPage } from '@common/assetGrid/listPages';
import { api, apiEnvelope } from '@web/api/client';
import { refreshProjectLists } from '@web/features/projects';
import { assetKeys, projectKeys } from '@web/api/keys';
import { useLiveStreamOpen } from '@web/api/liveStream';

/**
 * Assets as the project and folder pages and the asset page read them (projects-side §7
 * "Assets"). A round is processing until its image and thumbnail exist; the live stream's
 * `asset.round_processed` puts the finished asset in place (web/features/live/liveCache.ts). Only
 * while the stream is not open (connecting, lost, stopped) does a list or an asset with a
 * processing round ask again, slowly, as a safety net.
 */
export const ASSET_SAFETY_POLL_MS = 10_000;

/** What an asset list is asked for: the sort and its direction, and the filters. */
export interface AssetListParams {
  sort_by: AssetSort;
  sort_order: SortOrder;
  filters: AssetFilters;
}

export { assetKeys };

export type { AssetPage };

function listPath(projectId: number, folderId: number | null, params: AssetListParams, page: number) {
  const owner = folderId === null ? `/projects/${projectId}` : `/folders/${folderId}`;
  const query = new URLSearchParams({
    page: String(page),
    sort_by: params.sort_by,
    sort_order: params.sort_order,
  });
  if (Object.keys(params.filters).length > 0) query.set('filters', JSON.stringify(params.filters));
  return `${owner}/assets?${query.toString()}`;
}

async function fetchAssetPage(
  projectId: number,
  folderId: number | null,
  params: AssetListParams,
  page: number,
  signal?: AbortSignal,
): Promise<AssetPage> {
  const envelope = await apiEnvelope<AssetView[], { pagination?: Pagination }>(
    listPath(projectId, folderId, params, page),
    { signal },
  );
  return { assets: envelope.response, pagination: envelope.meta?.pagination };
}

const samePlace = (key: readonly unknown[], place: readonly unknown[]) =>
  place.every((part, i) => key[i] === part);

/** GET /projects/{id}/assets or /folders/{id}/assets, 100 a page, page after page. */
export function useAssetList(
  projectId: number,
  folderId: number | null,
  params: AssetListParams,
  enabled = true,
) {
  const live = useLiveStreamOpen();
  return useInfiniteQuery({
    queryKey: assetKeys.page(projectId, folderId, params),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => fetchAssetPage(projectId, folderId, params, pageParam, signal),
    getNextPageParam: (page) =>
      page.pagination && !page.pagination.last_page ? page.pagination.current + 1 : undefined,
    enabled: enabled && projectId > 0,
    staleTime: 10_000,
    // Another sort or filter of the same place keeps showing what it showed (and its toolbar, with
    // the filters popover open) until the new list comes; another place starts from its skeletons.
    placeholderData: (previous, previousQuery) =>
      previousQuery && samePlace(previousQuery.queryKey, assetKeys.list(projectId, folderId))
        ? previous
        : undefined,
    // A folder of 10,000 is 100 pages: comparing them all, deeply, on each page added costs more
    // than it saves (tiles are memoised by asset, and untouched pages keep their objects anyway).
    structuralSharing: false,
    retry: retryUnlessAccessError,
    // The stream brings finished previews; polling only while it is down (see ASSET_SAFETY_POLL_MS).
    refetchInterval: (query) =>
      !live && query.state.data?.pages.some((page) => page.assets.some((asset) => asset.is_processing))
        ? ASSET_SAFETY_POLL_MS
        : false,
  });
}

/** Pages Select all asks for at once. */
const PAGES_AT_ONCE = 4;

/**
 * The whole list, for Select all: the pages not loaded yet are asked for a few at a time and put
 * into the list's cache together, so the grid draws once rather than once a page (10,000 assets
 * are 99 more pages).
 */
export async function loadEveryPage(
  queryClient: QueryClient,
  projectId: number,
  folderId: number | null,
  params: AssetListParams,
): Promise<AssetView[]> {
  const key = assetKeys.page(projectId, folderId, params);
  const loaded = queryClient.getQueryData<InfiniteData<AssetPage, number>>(key);
  const last = loaded?.pages.at(-1)?.pagination;
  if (!loaded || !last || last.last_page) return flatAssets(loaded);
  const wanted = Array.from({ length: last.pages - last.current }, (_, i) => last.current + 1 + i);
  const fetched: AssetPage[] = [];
  for (let i = 0; i < wanted.length; i += PAGES_AT_ONCE) {
    const batch = wanted.slice(i, i + PAGES_AT_ONCE);
    fetched.push(
      ...(await Promise.all(batch.map((page) => fetchAssetPage(projectId, folderId, params, page)))),
    );
  }
  // Pages the grid loaded itself meanwhile (a scroll) stay; the fetched ones after them are added.
  const whole = queryClient.setQueryData<InfiniteData<AssetPage, number>>(key, (current) => {
    if (!current) return current;
    const after = wanted.flatMap((page, i) =>
      page > current.pages.length ? [{ page, data: fetched[i]! }] : [],
    );
    return {
      pages: [...current.pages, ...after.map((p) => p.data)],
      pageParams: [...current.pageParams, ...after.map((p) => p.page)],
    };
  });
  return flatAssets(whole);
}

/**
 * GET /assets/{id}; while its current round is processing and the live stream is not open, asked
 * again every ASSET_SAFETY_POLL_MS.
 */
export function useAsset(assetId: number) {
  const live = useLiveStreamOpen();
  return useQuery({
    queryKey: assetKeys.one(assetId),
    queryFn: () => api<AssetView>(`/assets/${assetId}`),
    enabled: Number.isInteger(assetId) && assetId > 0,
    staleTime: 10_000,
    retry: retryUnlessAccessError,
    refetchInterval: (query) => (!live && query.state.data?.is_processing ? ASSET_SAFETY_POLL_MS : false),
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
