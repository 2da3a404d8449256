/** The fields of a round (a member's or a public link's) that address a document's pages. */
export interface PagedRound {
  image_url: string | null;
  page_url_template: string | null;
  page_count: number | null;
}

/**
 * A document's page: the first is the round's preview (shown at once, with its placeholder); the
 * others come from the server's page address, drawn there on their first view. Null past the last
 * page and while the round has no page addresses.
 */
export function pageUrl(round: PagedRound, page: number): string | null {
  if (page === 1) return round.image_url;
  if (!round.page_url_template || page < 1 || page > (round.page_count ?? 1)) return null;
  return round.page_url_template.replace('{page}', String(page));
}
