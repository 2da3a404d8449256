import type { AssetRound } from '@common/api/assets';
import type { Comment } from '@common/api/comments';
import { THUMB_STROKE_PX, thumbPaths } from './carriedChecklist';
import classes from './Feedback.module.css';

const WIDTH = 76;

/**
 * The earlier round's thumbnail with the comment's drawing on it and its number, so the checklist
 * shows where the feedback was without leaving the current round.
 */
export function MarkupThumb({
  comment,
  round,
  marker,
}: {
  comment: Comment;
  round: AssetRound | undefined;
  marker: { number: number; color: string };
}) {
  const size = round?.width && round.height ? { width: round.width, height: round.height } : null;
  const height = size ? Math.round(Math.min(76, Math.max(40, (WIDTH * size.height) / size.width))) : 56;
  const box = size ?? { width: 1, height: 1 };
  const src = round?.thumbnail_url ?? round?.lqip_url ?? null;
  return (
    <div
      className={classes.thumb}
      style={{ width: WIDTH, height }}
      title={`Drawing ${marker.number} on Round ${comment.round_number}`}
      data-testid="carried-thumb"
    >
      {src && <img src={src} alt="" className={classes.thumbImage} loading="lazy" />}
      <svg
        viewBox={`0 0 ${box.width} ${box.height}`}
        preserveAspectRatio="none"
        className={classes.thumbLines}
        aria-hidden
      >
        {comment.markup.map((shape, index) => {
          const { stroke, fill } = thumbPaths(shape, size, box.width / WIDTH);
          return (
            <g key={index} data-testid="carried-shape">
              <path
                d={stroke}
                fill="none"
                stroke={shape.stroke_color}
                strokeWidth={THUMB_STROKE_PX}
                strokeLinecap="round"
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
              />
              {fill && <path d={fill} fill={shape.stroke_color} />}
            </g>
          );
        })}
      </svg>
      <span
        className={classes.thumbNumber}
        style={{ borderColor: marker.color }}
        data-testid="carried-marker"
      >
        {marker.number}
      </span>
    </div>
  );
}
