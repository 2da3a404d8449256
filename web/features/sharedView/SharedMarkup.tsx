import { useMemo } from 'react';
import type { SharedComment } from '@common/api/sharedAssets';
import { MarkupView } from '@web/features/markup';

/**
 * The drawings of the shared round's comments on the page shown, to look at: the members' own
 * canvases (lines, then numbered markers) in the viewer's coordinates, so they follow every zoom
 * and pan.
 */
export function SharedMarkup({ comments, page }: { comments: readonly SharedComment[]; page: number }) {
  // A drawing without a page is on the first (an image has that one only).
  const drawn = useMemo(
    () => comments.filter((c) => c.markup.length > 0 && (c.page ?? 1) === page),
    [comments, page],
  );
  return <MarkupView comments={drawn} />;
}
