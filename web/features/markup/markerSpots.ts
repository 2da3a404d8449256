import { toScreen, type Point, type ViewTransform } from '@web/features/viewer';
import { shapeTypeOf } from '@common/api/comments';
import { markerPoint } from '@common/markupShapes';
import { relativePoints, type ImageSize } from './markupGeometry';
import type { DrawnComment } from './storedMarkup';

/** A drawn comment's numbered marker, on its first shape (see markerPoint), in picture pixels. */
export interface MarkerSpot {
  id: number;
  number: number;
  color: string;
  done: boolean;
  x: number;
  y: number;
}

/** The marker's height on screen; a one-digit marker is round, longer numbers make it a pill. */
export const MARKER_HEIGHT = 24;
const MARKER_PADDING = 6;
/** The marker's coloured ring, inside its box. */
export const MARKER_BORDER = 3;
/** Width of a digit of the marker's bold 11 px tabular figures. */
const DIGIT_WIDTH = 6;

/** The marker's width in CSS pixels for its number. */
export function markerWidth(number: number): number {
  const text = String(number).length * DIGIT_WIDTH;
  return Math.max(MARKER_HEIGHT, text + 2 * (MARKER_PADDING + MARKER_BORDER));
}

export function markerSpots(comments: readonly DrawnComment[], image: ImageSize): MarkerSpot[] {
  const spots: MarkerSpot[] = [];
  for (const comment of comments) {
    const shape = comment.markup[0];
    const first = shape && markerPoint(shapeTypeOf(shape), relativePoints(shape, image));
    if (comment.markup_number === null || !shape || !first) continue;
    spots.push({
      id: comment.id,
      number: comment.markup_number,
      color: shape.stroke_color,
      done: Boolean(comment.completed_at),
      x: first.x * image.width,
      y: first.y * image.height,
    });
  }
  return spots;
}

/** Where the marker's centre is on the stage for the view's transform. */
export function markerCentre(spot: MarkerSpot, transform: ViewTransform): Point {
  return toScreen(transform, spot);
}

/**
 * The comment whose marker is under `at` (stage pixels): markers drawn later lie over earlier
 * ones, and the lit one over all, so those win. Null when none.
 */
export function markerAt(
  spots: readonly MarkerSpot[],
  transform: ViewTransform,
  at: Point,
  lit: number | null,
): number | null {
  const radius = MARKER_HEIGHT / 2;
  // A pill: within a radius of the line between its two round ends' centres.
  const hit = (spot: MarkerSpot) => {
    const centre = markerCentre(spot, transform);
    const reach = markerWidth(spot.number) / 2 - radius;
    const dx = Math.max(0, Math.abs(at.x - centre.x) - reach);
    return Math.hypot(dx, at.y - centre.y) <= radius;
  };
  const litSpot = lit === null ? undefined : spots.find((s) => s.id === lit);
  if (litSpot && hit(litSpot)) return litSpot.id;
  for (let i = spots.length - 1; i >= 0; i--) if (hit(spots[i]!)) return spots[i]!.id;
  return null;
}
