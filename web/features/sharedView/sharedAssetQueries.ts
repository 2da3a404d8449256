import { useEffect } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Pagination } from '@common/api/projects';
import type { SharedAsset, SharedAssetDetail } from '@common/api/sharedAssets';
import { api, apiEnvelope } from '@web/api/client';
import { sharedAssetKeys } from '@web/api/keys';
import { useLiveStreamOpen } from '@web/api/liveStream';
import { sharedRefusal } from '@web/features/sharing';

/**
 * The link's live stream (opened by the shared layout) brings finished previews
 * (`asset.round_processed`, web/features/live/liveCache.ts). Only while it is not open is a round
 * still being previewed asked for again, this often, as a safety net.
 */
const SAFETY_POLL_MS = 10_000;

/** Under the link's key: unlocking the link asks for these again with the rest. */
export { sharedAssetKeys };

const noRetryOnRefusal = (count: number, error: unknown) => sharedRefusal(error) === 'error' && count < 2;
const isProcessing = (asset: SharedAsset) => asset.current_version.preview_state === 'processing';

export interface SharedAssetPage {
  assets: SharedAsset[];
  pagination: Pagination | undefined;
}

/** GET /shared/{hash}/assets[?folder_id=]: the link's assets of the root or a folder, 100 a page. */
export function useSharedAssetList(hash: string, folderId: number | null) {
  const live = useLiveStreamOpen();
  return useInfiniteQuery({
    queryKey: sharedAssetKeys.list(hash, folderId),
    initialPageParam: 1,
    queryFn: async ({ pageParam }): Promise<SharedAssetPage> => {
      const query = new URLSearchParams({ page: String(pageParam) });
      if (folderId !== null) query.set('folder_id', String(folderId));
      const envelope = await apiEnvelope<SharedAsset[], { pagination?: Pagination }>(
        `/shared/${encodeURIComponent(hash)}/assets?${query.toString()}`,
      );
      return { assets: envelope.response, pagination: envelope.meta?.pagination };
    },
    getNextPageParam: (page) =>
      page.pagination && !page.pagination.last_page ? page.pagination.current + 1 : undefined,
    enabled: hash.length > 0 && (folderId === null || folderId > 0),
    retry: noRetryOnRefusal,
    staleTime: 30_000,
    refetchInterval: (query) =>
      !live && query.state.data?.pages.some((page) => page.assets.some(isProcessing))
        ? SAFETY_POLL_MS
        : false,
  });
}

const sharedAssetQuery = (hash: string, assetId: number) => ({
  queryKey: sharedAssetKeys.one(hash, assetId),
  queryFn: () => api<SharedAssetDetail>(`/shared/${encodeURIComponent(hash)}/assets/${assetId}`),
  staleTime: 30_000,
});

/**
 * GET /shared/{hash}/assets/{id}: one asset with its latest round and its neighbouring images.
 * Moving to a neighbour keeps the current answer on screen until the next one arrives.
 */
export function useSharedAsset(hash: string, assetId: number) {
  const live = useLiveStreamOpen();
  return useQuery({
    ...sharedAssetQuery(hash, assetId),
    enabled: hash.length > 0 && Number.isInteger(assetId) && assetId > 0,
    retry: noRetryOnRefusal,
    placeholderData: (previous) => previous,
    refetchInterval: (query) =>
      !live && query.state.data && isProcessing(query.state.data) ? SAFETY_POLL_MS : false,
  });
}

/** The previous and next images are fetched ahead, answer and preview, so ← → feel instant. */
export function usePrefetchNeighbours(hash: string, asset: SharedAssetDetail | undefined) {
  const queryClient = useQueryClient();
  const previous = asset?.previous_image_id ?? null;
  const next = asset?.next_image_id ?? null;
  useEffect(() => {
    for (const id of [next, previous]) {
      if (id === null) continue;
      queryClient.fetchQuery(sharedAssetQuery(hash, id)).then(
        (neighbour) => {
          const url = neighbour.current_version.image_url;
          if (url) new Image().src = url;
        },
        () => undefined,
      );
    }
  }, [queryClient, hash, previous, next]);
}
