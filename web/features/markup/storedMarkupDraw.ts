import type { ViewState } from '@web/features/viewer';
import { commentLook, screenStrokeWidth, type StoredLine, type StoredMarkup } from './storedMarkup';

/** Each line's path in the picture's pixels, built once for the list it belongs to. */
const paths = new WeakMap<StoredLine, Path2D>();

function pathOf(line: StoredLine): Path2D {
  let path = paths.get(line);
  if (!path) {
    path = new Path2D();
    const [first, ...rest] = line.points;
    if (first) path.moveTo(first.x, first.y);
    for (const p of rest) path.lineTo(p.x, p.y);
    paths.set(line, path);
  }
  return path;
}

/** White glow behind the lit comment's lines, as wide as the line plus this many pixels. */
const HALO_EXTRA_PX = 6;

/**
 * Draws the stored lines for `view` on a cleared canvas the size of the stage (`ratio` device pixels to a
 * CSS pixel): one transform maps the picture's pixels to the screen; widths are set in screen
 * pixels divided by the scale, so a stroke's size follows the picture, not the zoom.
 */
export function drawStoredMarkup(
  context: CanvasRenderingContext2D,
  view: ViewState,
  markup: StoredMarkup,
  highlight: number | null,
  ratio: number,
): void {
  const { image, transform } = view;
  if (!image) return;
  const { scale, x, y } = transform;
  const shownLong = Math.max(image.width, image.height) * scale;
  context.setTransform(ratio * scale, 0, 0, ratio * scale, ratio * x, ratio * y);
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const comment of markup.comments) {
    const { lit, alpha } = commentLook(comment, highlight);
    context.globalAlpha = alpha;
    for (const line of comment.lines) {
      const width = screenStrokeWidth(line.size, shownLong);
      const path = pathOf(line);
      if (lit) {
        context.shadowColor = 'rgb(255 255 255 / 60%)';
        context.shadowBlur = 6 * ratio;
        context.strokeStyle = 'rgb(255 255 255 / 85%)';
        context.lineWidth = (width + HALO_EXTRA_PX) / scale;
        context.stroke(path);
        context.shadowColor = 'transparent';
        context.shadowBlur = 0;
      }
      context.strokeStyle = line.color;
      context.lineWidth = width / scale;
      context.stroke(path);
    }
  }
  context.globalAlpha = 1;
}
