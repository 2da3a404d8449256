import { memo, useEffect, useRef, useState } from 'react';
import { useViewController, clearStageCanvas, drawOnViewFrames } from '@web/features/viewer';
import { markerCentre, type MarkerSpot } from './markerSpots';
import { MarkerSprites } from './markerSprites';
import classes from './Markup.module.css';

const DONE_ALPHA = 0.6;

/**
 * The drawn comments' numbered markers, painted on a canvas the size of the stage and drawn anew
 * on each frame of a zoom or pan: each marker is a sprite drawn once, so a frame copies a few
 * hundred small bitmaps where markers in the page were laid out and repainted with their shadows.
 * The pointer finds them with `markerAt` (MarkupLayer); the keyboard, with MarkerList. What it
 * drew is on `data-markers` (how many) and `data-lit`.
 */
export const MarkerCanvas = memo(function MarkerCanvas({
  spots,
  highlight,
}: {
  spots: readonly MarkerSpot[];
  highlight: number | null;
}) {
  const controller = useViewController();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [sprites] = useState(() => new MarkerSprites());

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    return drawOnViewFrames(controller, () => {
      const view = controller.getState();
      const ratio = clearStageCanvas(context, view.stage);
      const lit = highlight === null ? undefined : spots.find((s) => s.id === highlight);
      const place = (spot: MarkerSpot, isLit: boolean) => {
        const centre = markerCentre(spot, view.transform);
        const sprite = sprites.get(spot, isLit, ratio);
        const left = centre.x - sprite.width / 2;
        const top = centre.y - sprite.height / 2;
        if (left > view.stage.width || top > view.stage.height) return;
        if (left + sprite.width < 0 || top + sprite.height < 0) return;
        context.globalAlpha = spot.done && !isLit ? DONE_ALPHA : 1;
        // Whole device pixels keep the sprite's edges and number crisp.
        context.drawImage(sprite.image, Math.round(left * ratio), Math.round(top * ratio));
      };
      if (view.image) {
        for (const spot of spots) if (spot !== lit) place(spot, false);
        if (lit) place(lit, true);
      }
      context.globalAlpha = 1;
      canvas.dataset.markers = String(view.image ? spots.length : 0);
      if (lit) canvas.dataset.lit = String(lit.id);
      else delete canvas.dataset.lit;
    });
  }, [controller, spots, highlight, sprites]);

  return <canvas ref={canvasRef} className={classes.stored} data-testid="marker-canvas" aria-hidden />;
});
