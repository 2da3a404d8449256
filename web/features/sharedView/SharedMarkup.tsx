import { useMemo } from 'react';
import type { SharedComment } from '@common/api/sharedAssets';
import { MarkerCanvas, markerSpots, StoredMarkupCanvas, storedMarkup } from '@web/features/markup';
import { useViewController, useViewState } from '@web/features/viewer';

/**
 * The drawings of the shared round's comments on the page shown, to look at: the members' own
 * canvases (lines, then numbered markers) in the viewer's coordinates, so they follow every zoom
 * and pan. Nothing here takes the pointer: the stage pans beneath them.
 */
export function SharedMarkup({ comments, page }: { comments: readonly SharedComment[]; page: number }) {
  const controller = useViewController();
  const { image } = useViewState(controller);
  // A drawing without a page is on the first (an image has that one only).
  const drawn = useMemo(
    () => comments.filter((c) => c.markup.length > 0 && (c.page ?? 1) === page),
    [comments, page],
  );
  const stored = useMemo(() => (image ? storedMarkup(drawn, image) : null), [drawn, image]);
  const spots = useMemo(() => (image ? markerSpots(drawn, image) : []), [drawn, image]);
  if (!stored || drawn.length === 0) return null;
  return (
    <>
      <StoredMarkupCanvas markup={stored} highlight={null} />
      <MarkerCanvas spots={spots} highlight={null} />
    </>
  );
}
