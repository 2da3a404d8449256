import type { Comment } from '@common/api/comments';

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

/** A shape's points as SVG polyline points in 0..1 of the picture (absolute ones divided by its size). */
export function relativePolyline(
  shape: Comment['markup'][number],
  size: { width: number; height: number },
): string {
  return shape.points
    .map((p) => {
      const x = shape.is_relative ? p.x : p.x / size.width;
      const y = shape.is_relative ? p.y : p.y / size.height;
      return `${x.toFixed(4)},${y.toFixed(4)}`;
    })
    .join(' ');
}
