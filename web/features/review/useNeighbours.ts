import { useEffect, useMemo } from 'react';
import type { AssetView } from '@common/api/assets';
import { flatAssets, totalCount } from '@common/assetGrid/listPages';
import { listParams } from '@common/assetGrid/viewOptions';
import { useAssetList, useAssetsView } from '@web/features/assets';

export interface Neighbours {
  previous: AssetView | null;
  next: AssetView | null;
  /** 1-based place of the asset in its list, with the list's size; null while not found. */
  position: { index: number; total: number } | null;
}

/**
 * The assets before and after this one in its project's root or folder, in the order and with
 * the filters the user's grid shows them (their saved view options): the same list the grid
 * reads, so going back finds it in the cache. Pages are read on until the asset is found.
 */
export function useNeighbours(asset: Pick<AssetView, 'id' | 'project_id' | 'folder_id'>): Neighbours {
  const view = useAssetsView();
  const list = useAssetList(asset.project_id, asset.folder_id, listParams(view.options), view.ready);
  const assets = useMemo(() => flatAssets(list.data), [list.data]);
  const index = assets.findIndex((a) => a.id === asset.id);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  // Not found yet, or its next one is past the pages read so far: read one more page.
  const wantsMore = hasNextPage && !isFetchingNextPage && (index < 0 || index === assets.length - 1);
  useEffect(() => {
    if (wantsMore) void fetchNextPage();
  }, [wantsMore, fetchNextPage]);

  const previous = index > 0 ? (assets[index - 1] ?? null) : null;
  const next = index >= 0 ? (assets[index + 1] ?? null) : null;
  // The neighbours' previews are fetched ahead, so ← and → show the next picture at once.
  const ahead = [previous, next]
    .flatMap((a) => (a?.current_version.image_url ? [a.current_version.image_url] : []))
    .join('\n');
  useEffect(() => {
    for (const url of ahead.split('\n')) if (url) new Image().src = url;
  }, [ahead]);

  if (index < 0) return { previous: null, next: null, position: null };
  return { previous, next, position: { index: index + 1, total: totalCount(list.data) } };
}
