import { distanceToSegment, type Point } from './simplifyLine';

export interface HitShape {
  points: readonly Point[];
  /** The stroke's width in the same units as the points. */
  width: number;
}

/**
 * The top-most shape under `point` for the selection tool: within half its stroke plus `slack`
 * (a few pixels, so thin lines can be picked). Later shapes are drawn over earlier ones, so they
 * win. -1 when none is near.
 */
export function shapeAt(shapes: readonly HitShape[], point: Point, slack: number): number {
  for (let i = shapes.length - 1; i >= 0; i--) {
    const { points, width } = shapes[i]!;
    const reach = width / 2 + slack;
    for (let j = 1; j < points.length; j++) {
      if (distanceToSegment(point, points[j - 1]!, points[j]!) <= reach) return i;
    }
  }
  return -1;
}
