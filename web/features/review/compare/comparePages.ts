import type { AssetView } from '@common/api/assets';
import { pageUrl, type PagedRound } from '@common/documentPages';

/** How many pages compare moves through: the longer round's (a round shorter shows a gap). */
export function comparedPageCount(kind: AssetView['kind'], a: PagedRound | null, b: PagedRound | null) {
  if (kind !== 'document') return 1;
  return Math.max(1, a?.page_count ?? 1, b?.page_count ?? 1);
}

/**
 * A round's page in compare: its address, 'missing' when the round has fewer pages, or null
 * when the round has no address for it (no preview yet, or pages it cannot draw).
 */
export function comparedPage(round: PagedRound, page: number): { url: string } | 'missing' | null {
  if (page > (round.page_count ?? 1)) return 'missing';
  const url = pageUrl(round, page);
  return url ? { url } : null;
}
