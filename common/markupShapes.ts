import { shapeTypeOf, type MarkupPoint, type MarkupShapeType } from './api/comments';

/** The box two opposite corners span. */
export function cornersBox(a: MarkupPoint, b: MarkupPoint) {
  return {
    left: Math.min(a.x, b.x),
    top: Math.min(a.y, b.y),
    right: Math.max(a.x, b.x),
    bottom: Math.max(a.y, b.y),
  };
}

/**
 * Where a drawing's numbered marker sits on its first shape: a line's first point, an arrow's tail
 * (its head points at what matters), a box's or an ellipse's top left corner. The app and the PDF
 * report both place it here, whatever corner the box was drawn from.
 */
export function markerPoint(type: MarkupShapeType, points: readonly MarkupPoint[]): MarkupPoint | null {
  const [a, b] = points;
  if (!a) return null;
  if (type === 'line' || type === 'arrow' || !b) return a;
  const box = cornersBox(a, b);
  return { x: box.left, y: box.top };
}

/** markerPoint of a shape whose points are already placed (on screen, on a page). */
export function shapeMarkerPoint(
  shape: { type?: MarkupShapeType | null },
  placed: readonly MarkupPoint[],
): MarkupPoint | null {
  return markerPoint(shapeTypeOf(shape), placed);
}
