import type { MarkupPoint, MarkupShape } from '@common/api/comments';
import { simplifyLine } from './simplifyLine';

/** A picture's size in its original's pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/** Screen pixels a simplified line may stray from the line drawn: below what the eye sees. */
const SIMPLIFY_SCREEN_PX = 0.75;
/** Digits kept of a relative coordinate: a tenth of a pixel on a 100,000 px side. */
const DIGITS = 6;

const round = (value: number) => Math.round(value * 10 ** DIGITS) / 10 ** DIGITS;
const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** A stored shape's points relative to the picture (0–1), whichever way it was stored. */
export function relativePoints(
  shape: Pick<MarkupShape, 'points' | 'is_relative'>,
  image: ImageSize,
): MarkupPoint[] {
  if (shape.is_relative) return shape.points;
  return shape.points.map((p) => ({ x: p.x / image.width, y: p.y / image.height }));
}

/** An SVG path through relative points (drawn in a group scaled to the picture). */
export function pathData(points: readonly MarkupPoint[]): string {
  if (points.length === 0) return '';
  const [first, ...rest] = points;
  return `M${first!.x} ${first!.y}${rest.map((p) => `L${p.x} ${p.y}`).join('')}`;
}

/**
 * The line a pointer drew (relative points, as many as the pointer gave) as it is kept: inside
 * the picture, simplified in the picture's pixels to within a fraction of a screen pixel at the
 * scale it was drawn, coordinates rounded. Null when fewer than two distinct points remain: a
 * click is not a line (the server refuses it too).
 */
export function finishStroke(
  drawn: readonly MarkupPoint[],
  image: ImageSize,
  scale: number,
  style: { color: string; size: number },
): MarkupShape | null {
  const inPixels = drawn.map((p) => ({ x: clamp01(p.x) * image.width, y: clamp01(p.y) * image.height }));
  const simple = simplifyLine(inPixels, SIMPLIFY_SCREEN_PX / Math.max(scale, 1e-6));
  const points: MarkupPoint[] = [];
  for (const p of simple) {
    const point = { x: round(p.x / image.width), y: round(p.y / image.height) };
    const last = points.at(-1);
    if (!last || last.x !== point.x || last.y !== point.y) points.push(point);
  }
  if (points.length < 2) return null;
  return { points, stroke_color: style.color, stroke_size: style.size, is_relative: true };
}

/** Screen pixels a typed shape must span when drawn (a box each way, an arrow from tail to head): less is a click. */
export const MIN_SHAPE_SCREEN_PX = 2;

/**
 * The arrow, rectangle or ellipse a drag drew from `start` to `end` (relative points) as it is
 * kept: two points inside the picture, rounded; an arrow's tail then head, a box's two opposite
 * corners. Null when it is too small to be meant at the scale it was drawn: a box needs a width and
 * a height, an arrow a length (the server refuses empty ones too).
 */
export function finishShape(
  type: 'arrow' | 'rectangle' | 'ellipse',
  start: MarkupPoint,
  end: MarkupPoint,
  image: ImageSize,
  scale: number,
  style: { color: string; size: number },
): MarkupShape | null {
  const a = { x: round(clamp01(start.x)), y: round(clamp01(start.y)) };
  const b = { x: round(clamp01(end.x)), y: round(clamp01(end.y)) };
  const dx = Math.abs(b.x - a.x) * image.width * scale;
  const dy = Math.abs(b.y - a.y) * image.height * scale;
  const meant =
    type === 'arrow'
      ? Math.hypot(dx, dy) >= MIN_SHAPE_SCREEN_PX && (a.x !== b.x || a.y !== b.y)
      : dx >= MIN_SHAPE_SCREEN_PX && dy >= MIN_SHAPE_SCREEN_PX && a.x !== b.x && a.y !== b.y;
  if (!meant) return null;
  return { type, points: [a, b], stroke_color: style.color, stroke_size: style.size, is_relative: true };
}
