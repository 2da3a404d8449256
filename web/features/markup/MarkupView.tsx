import { useMemo, useSyncExternalStore } from 'react';
import { useViewController } from '@web/features/viewer';
import { MarkerCanvas } from './MarkerCanvas';
import { markerSpots } from './markerSpots';
import { storedMarkup, type DrawnComment } from './storedMarkup';
import { StoredMarkupCanvas } from './StoredMarkupCanvas';

/**
 * Comments' drawings to look at, not to edit: the stored canvas and the numbered markers the
 * review's MarkupLayer draws, in the view around it (useViewController), so they follow its every
 * zoom and pan. Nothing here takes the pointer: the stage pans beneath them. The shared view and
 * compare's rounds draw their comments with it; `highlight` lights a comment pointed at elsewhere
 * (compare's comments panel).
 */
export function MarkupView({
  comments,
  highlight = null,
}: {
  comments: readonly DrawnComment[];
  highlight?: number | null;
}) {
  const controller = useViewController();
  // The picture's size only: a zoom or a pan redraws the canvases, not this.
  const image = useSyncExternalStore(controller.subscribe, () => controller.getState().image);
  const stored = useMemo(() => (image ? storedMarkup(comments, image) : null), [comments, image]);
  const spots = useMemo(() => (image ? markerSpots(comments, image) : []), [comments, image]);
  if (!stored || stored.comments.length === 0) return null;
  return (
    <>
      <StoredMarkupCanvas markup={stored} highlight={highlight} />
      <MarkerCanvas spots={spots} highlight={highlight} />
    </>
  );
}
