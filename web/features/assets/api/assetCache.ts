import { folderKeys, projectKeys } from '@web/api/keys';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { AssetView } from '@common/api/assets';
import { patchAssets, replaceAssets, withoutAssets, type AssetPage } from '@common/assetGrid/listPages';
import { assetKeys } from './assets';
import { refreshProjectLists } from '@web/features/projects';

/**
 * The asset lists of a project as the cache holds them, changed before the server answers
 * (projects-side §4) and put back when it refuses.
 */
type ListData = InfiniteData<AssetPage>;
export type ListsSnapshot = [readonly unknown[], ListData | undefined][];

/** Stops list reads in flight, so an older answer cannot land over an optimistic change. */
export async function holdLists(queryClient: QueryClient, projectId: number): Promise<void> {
  await queryClient.cancelQueries({ queryKey: assetKeys.lists(projectId) });
}

export function snapshotLists(queryClient: QueryClient, projectId: number): ListsSnapshot {
  return queryClient.getQueriesData<ListData>({ queryKey: assetKeys.lists(projectId) });
}

export function restoreLists(queryClient: QueryClient, snapshot: ListsSnapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

export function removeFromLists(queryClient: QueryClient, projectId: number, ids: ReadonlySet<number>): void {
  queryClient.setQueriesData<ListData>({ queryKey: assetKeys.lists(projectId) }, (data) =>
    data ? withoutAssets(data, ids) : data,
  );
}

/** Applies `change` to the listed assets of `ids` and to their own cached copies. */
export function patchInLists(
  queryClient: QueryClient,
  projectId: number,
  ids: ReadonlySet<number>,
  change: (asset: AssetView) => AssetView,
): void {
  queryClient.setQueriesData<ListData>({ queryKey: assetKeys.lists(projectId) }, (data) =>
    data ? patchAssets(data, ids, change) : data,
  );
  for (const id of ids)
    queryClient.setQueryData<AssetView>(assetKeys.one(id), (asset) => (asset ? change(asset) : asset));
}

export function replaceInLists(
  queryClient: QueryClient,
  projectId: number,
  fresh: readonly AssetView[],
): void {
  queryClient.setQueriesData<ListData>({ queryKey: assetKeys.lists(projectId) }, (data) =>
    data ? replaceAssets(data, fresh) : data,
  );
  for (const asset of fresh) queryClient.setQueryData(assetKeys.one(asset.id), asset);
}

/**
 * After a rename: the answer's copy goes in at once, then the lists read again, since the new
 * name (and the activity it counts as) moves the asset in a list sorted by name, activity or
 * priority; the server's order is the one to show, not a guess at it.
 */
export async function settleRename(
  queryClient: QueryClient,
  projectId: number,
  fresh: AssetView | null,
): Promise<void> {
  if (fresh) replaceInLists(queryClient, projectId, [fresh]);
  await queryClient.invalidateQueries({ queryKey: assetKeys.lists(projectId) });
}

/** The assets of `ids` as the lists hold them now, to put their fields back after a refusal. */
export function listedAssets(queryClient: QueryClient, projectId: number, ids: ReadonlySet<number>) {
  const found = new Map<number, AssetView>();
  for (const [, data] of snapshotLists(queryClient, projectId))
    for (const page of data?.pages ?? [])
      for (const asset of page.assets) if (ids.has(asset.id)) found.set(asset.id, asset);
  return found;
}

/**
 * After assets left a list or joined another (delete, move): the lists read again (a page's
 * place in the list has shifted), and so do the project's counts, its folders' counts and
 * previews, and the project lists' marks. The project's own key is refreshed exactly, so its
 * asset lists are not read twice.
 */
export async function refreshAfterRemoval(queryClient: QueryClient, projectId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId), exact: true }),
    queryClient.invalidateQueries({ queryKey: folderKeys.list(projectId) }),
    queryClient.invalidateQueries({ queryKey: assetKeys.lists(projectId) }),
    refreshProjectLists(queryClient),
  ]);
}

/** After a mark changed (approval, flag, label, seen): the project and the project lists' marks. */
export async function refreshProjectMarks(queryClient: QueryClient, projectId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId), exact: true }),
    refreshProjectLists(queryClient),
  ]);
}
