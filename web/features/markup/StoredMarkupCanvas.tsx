import { memo, useEffect, useRef } from 'react';
import { useViewController, clearStageCanvas, oncePerFrame } from '@web/features/viewer';
import type { ViewState } from '@web/features/viewer';
import type { StoredMarkup } from './storedMarkup';
import { drawStoredMarkup } from './storedMarkupDraw';
import classes from './Markup.module.css';

/**
 * Up to this many points the lines are drawn anew on every frame of a zoom or pan. Above, the last
 * drawing is moved and scaled meanwhile (the time to draw them is spent in the raster, after the
 * script, so it is not measured here but set by the points).
 */
const POINTS_DRAWN_EVERY_FRAME = 8_000;
/** With more, the lines are drawn anew once the view has been still this long. */
const SETTLE_MS = 100;

/**
 * The round's stored lines on a canvas the size of the stage, under the draft and the pointer's
 * layer. It redraws once a frame at most, when the lines, the lit comment or the view change;
 * with many lines, a zoom or pan moves and scales the last drawing
 * (a CSS transform, no repaint of the lines) and it is drawn anew once the view settles. What it
 * drew is on its data attributes for tests and benchmarks: `data-comments`, `data-shapes`,
 * `data-lit` (the lit comment's id, when it has lines here).
 */
export const StoredMarkupCanvas = memo(function StoredMarkupCanvas({
  markup,
  highlight,
}: {
  markup: StoredMarkup;
  highlight: number | null;
}) {
  const controller = useViewController();
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    let settle = 0;
    let drawn: ViewState | null = null;

    const frames = oncePerFrame(() => {
      const view = controller.getState();
      const ratio = clearStageCanvas(context, view.stage);
      drawStoredMarkup(context, view, markup, highlight, ratio);
      drawn = view;
      canvas.style.transform = '';
      canvas.dataset.comments = String(markup.comments.length);
      canvas.dataset.shapes = String(markup.lines.length);
      if (highlight !== null && markup.comments.some((c) => c.id === highlight))
        canvas.dataset.lit = String(highlight);
      else delete canvas.dataset.lit;
    });
    const schedule = frames.schedule;
    const heavy = markup.lines.reduce((sum, line) => sum + line.points.length, 0) > POINTS_DRAWN_EVERY_FRAME;
    const onView = () => {
      const view = controller.getState();
      if (!drawn || !heavy || view.stage !== drawn.stage || view.image !== drawn.image) {
        schedule();
        return;
      }
      const before = drawn.transform;
      const k = view.transform.scale / before.scale;
      canvas.style.transform = `translate(${view.transform.x - before.x * k}px, ${view.transform.y - before.y * k}px) scale(${k})`;
      window.clearTimeout(settle);
      settle = window.setTimeout(schedule, SETTLE_MS);
    };

    schedule();
    const stop = controller.subscribe(onView);
    return () => {
      stop();
      frames.cancel();
      window.clearTimeout(settle);
    };
  }, [controller, markup, highlight]);

  return <canvas ref={canvasRef} className={classes.stored} data-testid="markup-canvas" aria-hidden />;
});
