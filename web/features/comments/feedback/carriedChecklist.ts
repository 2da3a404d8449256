import { shapeTypeOf, type Comment } from '@common/api/comments';
import { shapePaths, type ShapePaths } from '@web/features/markup';

/** The comments of one earlier round in the checklist ('Feedback from Round N'). */
export interface CarriedGroup {
  round: number;
  comments: Comment[];
}

/** Groups the waiting comments by the round they were made on, the latest round first. */
export function groupByRound(list: readonly Comment[]): CarriedGroup[] {
  const groups = new Map<number, Comment[]>();
  for (const comment of list)
    groups.set(comment.round_number, [...(groups.get(comment.round_number) ?? []), comment]);
  return [...groups.entries()].sort(([a], [b]) => b - a).map(([round, comments]) => ({ round, comments }));
}

/** The marker a comment is drawn with: its markup number in its first line's colour, or none. */
export function markerOf(comment: Comment): { number: number; color: string } | null {
  if (comment.markup_number === null) return null;
  return { number: comment.markup_number, color: comment.markup[0]?.stroke_color ?? '#000000' };
}

export const CHECKLIST_TEXTS = {
  title: (round: number) => `Feedback from Round ${round}`,
  hint: (current: number) =>
    `Still open from an earlier round. Mark each as fixed in Round ${current}, or carry it over to keep it open here.`,
  left: (count: number) => (count === 1 ? '1 to check' : `${count} to check`),
  fixed: 'Fixed',
  fixedHint: 'It is fixed: complete the comment',
  carry: 'Carry over',
  carryHint: (current: number) => `Move it to Round ${current}, open, with its drawing in place`,
  carried: (current: number) => `Carried over to Round ${current}.`,
  noDrawing: 'No drawing',
  onPage: (number: number, page: number) => `#${number} on page ${page}`,
  show: 'Show',
  hide: 'Hide',
} as const;

/** The thumbnail's strokes, in CSS pixels whatever their size (arrowheads follow: four widths long). */
export const THUMB_STROKE_PX = 2;

/**
 * A shape's paths on the earlier round's thumbnail, in a box of the picture's pixels (0..1 when its
 * size is unknown); `unitsPerPx` is the box's units to a CSS pixel of the thumbnail.
 */
export function thumbPaths(
  shape: Comment['markup'][number],
  size: { width: number; height: number } | null,
  unitsPerPx: number,
): ShapePaths {
  const box = size ?? { width: 1, height: 1 };
  const points = shape.is_relative
    ? shape.points.map((p) => ({ x: p.x * box.width, y: p.y * box.height }))
    : shape.points;
  return shapePaths(shapeTypeOf(shape), points, { width: THUMB_STROKE_PX * unitsPerPx, unit: 0 });
}
