import type { Comment } from '@common/api/comments';

/**
 * The comments whose drawings show on the page on screen: every one on an image; on a document,
 * those on that page (a drawing stored without a page is on the first, as the server reads it).
 */
export function drawingsOnPage(
  comments: readonly Comment[],
  kind: 'image' | 'document',
  page: number,
): readonly Comment[] {
  if (kind !== 'document') return comments;
  return comments.filter((c) => c.markup.length > 0 && (c.page ?? 1) === page);
}
