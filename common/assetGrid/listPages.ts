import type { AssetView } from '../api/assets';
import type { Pagination } from '../api/projects';

/**
 * The loaded pages of an asset list, and the changes a bulk action makes to them before the
 * server answers (projects-side §4: removed at start with the count reduced, restored on failure).
 */
export interface AssetPage {
  assets: AssetView[];
  pagination: Pagination | undefined;
}

export interface AssetPages {
  pages: AssetPage[];
  pageParams: unknown[];
}

/** The pages without `ids`; every page's total count goes down by how many were really there. */
export function withoutAssets<T extends AssetPages>(data: T, ids: ReadonlySet<number>): T {
  const removed = data.pages.reduce((n, page) => n + page.assets.filter((a) => ids.has(a.id)).length, 0);
  if (removed === 0) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      assets: page.assets.filter((a) => !ids.has(a.id)),
      pagination: page.pagination && {
        ...page.pagination,
        total_count: Math.max(0, page.pagination.total_count - removed),
      },
    })),
  };
}

/** The pages with `change` applied to the assets of `ids`; untouched pages keep their identity. */
export function patchAssets<T extends AssetPages>(
  data: T,
  ids: ReadonlySet<number>,
  change: (asset: AssetView) => AssetView,
): T {
  let touched = false;
  const pages = data.pages.map((page) => {
    if (!page.assets.some((a) => ids.has(a.id))) return page;
    touched = true;
    return { ...page, assets: page.assets.map((a) => (ids.has(a.id) ? change(a) : a)) };
  });
  return touched ? { ...data, pages } : data;
}

/** Puts fresh copies of assets (a server answer) in place of the listed ones. */
export function replaceAssets<T extends AssetPages>(data: T, fresh: readonly AssetView[]): T {
  const byId = new Map(fresh.map((a) => [a.id, a]));
  return patchAssets(data, new Set(byId.keys()), (a) => byId.get(a.id) ?? a);
}

/** Every asset of the loaded pages, in shown order. */
export function flatAssets(data: AssetPages | undefined): AssetView[] {
  return data?.pages.flatMap((page) => page.assets) ?? [];
}

/** The list's total as the server counts it (with optimistic removals applied), or what is loaded. */
export function totalCount(data: AssetPages | undefined): number {
  const first = data?.pages[0];
  return first?.pagination?.total_count ?? flatAssets(data).length;
}
