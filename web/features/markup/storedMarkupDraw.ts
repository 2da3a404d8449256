import type { ViewState } from '@web/features/viewer';
import { shapePaths } from './shapeGeometry';
import { commentLook, pictureStrokeWidth, type StoredLine, type StoredMarkup } from './storedMarkup';

/** Each shape's paths in the picture's pixels, built once for the width they were built at. */
const paths = new WeakMap<StoredLine, { width: number; stroke: Path2D; fill: Path2D | null }>();

/**
 * A stored shape's paths for a stroke `width` wide (picture pixels): the width changes with the
 * zoom only where a stroke is held at a pixel, so they are built again only then.
 */
function pathsOf(line: StoredLine, width: number, unit: number) {
  let built = paths.get(line);
  if (!built || Math.abs(built.width - width) > width * 1e-6) {
    const { stroke, fill } = shapePaths(line.type, line.points, { width, unit });
    built = { width, stroke: new Path2D(stroke), fill: fill ? new Path2D(fill) : null };
    paths.set(line, built);
  }
  return built;
}

/** White glow behind the lit comment's lines, as wide as the line plus this many pixels. */
const HALO_EXTRA_PX = 6;

/**
 * Draws the stored shapes (lines, arrows, boxes, ellipses: see shapePaths) for `view` on a cleared
 * canvas the size of the stage (`ratio` device pixels to a CSS pixel): one transform maps the picture's pixels to the screen; widths are set in screen
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
  const longSide = Math.max(image.width, image.height);
  // A size-1 stroke in the picture's pixels: arrowheads are sized from it and the stroke.
  const unit = pictureStrokeWidth(1, longSide, scale);
  context.setTransform(ratio * scale, 0, 0, ratio * scale, ratio * x, ratio * y);
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const comment of markup.comments) {
    const { lit, alpha } = commentLook(comment, highlight);
    context.globalAlpha = alpha;
    for (const line of comment.lines) {
      const width = pictureStrokeWidth(line.size, longSide, scale);
      const { stroke, fill } = pathsOf(line, width, unit);
      if (lit) {
        context.shadowColor = 'rgb(255 255 255 / 60%)';
        context.shadowBlur = 6 * ratio;
        context.strokeStyle = 'rgb(255 255 255 / 85%)';
        context.lineWidth = width + HALO_EXTRA_PX / scale;
        context.stroke(stroke);
        if (fill) context.stroke(fill);
        context.shadowColor = 'transparent';
        context.shadowBlur = 0;
      }
      context.strokeStyle = line.color;
      context.lineWidth = width;
      context.stroke(stroke);
      if (fill) {
        context.fillStyle = line.color;
        context.fill(fill);
      }
    }
  }
  context.globalAlpha = 1;
}
