import type { MarkupPoint, MarkupShape } from '@common/api/comments';
import type { SharedComment, SharedRound } from '@common/api/sharedAssets';
import classes from './SharedComments.module.css';

/** Screen pixels per stroke size on the preview (which is at most 2048 px on its long side). */
const PX_PER_SIZE = 1.25;

/** A point as a fraction of the picture's width and height. */
function relative(point: MarkupPoint, shape: MarkupShape, round: SharedRound): MarkupPoint | null {
  if (shape.is_relative) return point;
  if (!round.width || !round.height) return null;
  return { x: point.x / round.width, y: point.y / round.height };
}

/**
 * The drawings of the shared round's comments over its picture (the document's page shown),
 * each with its number at the start of its first line, in the picture's relative space so they sit
 * where they were drawn at any size.
 */
export function SharedMarkup({
  comments,
  round,
  page,
}: {
  comments: readonly SharedComment[];
  round: SharedRound;
  page: number;
}) {
  // A drawing without a page is on the first (an image has that one only).
  const drawn = comments.filter((c) => c.markup.length > 0 && (c.page ?? 1) === page);
  if (drawn.length === 0) return null;
  return (
    <>
      <svg
        className={classes.markup}
        viewBox="0 0 1 1"
        preserveAspectRatio="none"
        aria-hidden
        data-testid="shared-markup"
      >
        {drawn.flatMap((comment) =>
          comment.markup.map((shape, index) => (
            <polyline
              key={`${comment.id}-${index}`}
              points={shape.points
                .map((p) => relative(p, shape, round))
                .filter((p) => p !== null)
                .map((p) => `${p.x},${p.y}`)
                .join(' ')}
              fill="none"
              stroke={shape.stroke_color}
              strokeWidth={shape.stroke_size * PX_PER_SIZE}
              strokeLinecap="round"
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          )),
        )}
      </svg>
      {drawn.map((comment) => {
        const first = comment.markup[0]!;
        const at = first.points[0] && relative(first.points[0], first, round);
        if (!at) return null;
        return (
          <span
            key={comment.id}
            className={classes.marker}
            style={{ left: `${at.x * 100}%`, top: `${at.y * 100}%`, borderColor: first.stroke_color }}
            data-testid="shared-marker"
            aria-hidden
          >
            {comment.markup_number}
          </span>
        );
      })}
    </>
  );
}
