import { shapeTypeOf, type Comment, type MarkupShapeType } from '@common/api/comments';
import type { Point } from '@web/features/viewer';
import { relativePoints, type ImageSize } from './markupGeometry';
import { strokeWidthPx } from './markupSettings';
import { shapeAt } from './shapeAt';
import { shapeOutline } from './shapeGeometry';

/** One stored shape, in the picture's pixels (one scale maps them to the screen, so strokes stay round). */
export interface StoredLine {
  commentId: number;
  type: MarkupShapeType;
  points: readonly Point[];
  /** What picks it: the line itself, an arrow's shaft, a box's sides, an ellipse's outline. */
  outline: readonly Point[];
  color: string;
  size: number;
  /** The line's bounds in the picture's pixels, for a quick miss before measuring segments. */
  box: { left: number; top: number; right: number; bottom: number };
}

export interface StoredComment {
  id: number;
  done: boolean;
  lines: readonly StoredLine[];
}

/** The round's drawn comments as the canvas draws them and the pointer picks them: built once per list. */
export interface StoredMarkup {
  comments: readonly StoredComment[];
  lines: readonly StoredLine[];
}

/** What drawing a comment's lines needs: a member's comment or one a public link shows. */
export type DrawnComment = Pick<Comment, 'id' | 'markup' | 'markup_number' | 'completed_at'>;

export function storedMarkup(comments: readonly DrawnComment[], image: ImageSize): StoredMarkup {
  const drawn: StoredComment[] = [];
  const lines: StoredLine[] = [];
  for (const comment of comments) {
    if (comment.markup.length === 0) continue;
    const own = comment.markup.map((shape): StoredLine => {
      const points = relativePoints(shape, image).map((p) => ({
        x: p.x * image.width,
        y: p.y * image.height,
      }));
      const type = shapeTypeOf(shape);
      const outline = shapeOutline(type, points);
      const xs = outline.map((p) => p.x);
      const ys = outline.map((p) => p.y);
      return {
        commentId: comment.id,
        type,
        points,
        outline,
        color: shape.stroke_color,
        size: shape.stroke_size,
        box: { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) },
      };
    });
    drawn.push({ id: comment.id, done: Boolean(comment.completed_at), lines: own });
    lines.push(...own);
  }
  return { comments: drawn, lines };
}

/**
 * A stroke's width in screen pixels for the picture's long side shown at `shownLongSidePx`: the
 * size-1 width (a thousandth of that side, at least a pixel) times the size, at least a pixel.
 */
export function screenStrokeWidth(size: number, shownLongSidePx: number): number {
  return Math.max(1, strokeWidthPx(1, shownLongSidePx) * size);
}

/** A stroke's width in the picture's pixels at `scale` (what screenStrokeWidth gives on screen). */
export function pictureStrokeWidth(size: number, longSide: number, scale: number): number {
  return screenStrokeWidth(size, longSide * scale) / scale;
}

/** How a comment's lines are drawn: one lit comment stands out, the others step back, done ones fade. */
export function commentLook(
  comment: StoredComment,
  highlight: number | null,
): { lit: boolean; alpha: number } {
  if (comment.id === highlight) return { lit: true, alpha: 1 };
  if (highlight !== null) return { lit: false, alpha: 0.35 };
  return { lit: false, alpha: comment.done ? 0.5 : 1 };
}

/**
 * The comment whose line is under `at` (picture pixels) at `scale`: within half the stroke plus
 * `slackPx` screen pixels; later lines are drawn over earlier ones, so they win. Null when none.
 */
export function commentAt(markup: StoredMarkup, at: Point, scale: number, longSide: number, slackPx: number) {
  for (let i = markup.lines.length - 1; i >= 0; i--) {
    const line = markup.lines[i]!;
    const width = pictureStrokeWidth(line.size, longSide, scale);
    const reach = width / 2 + slackPx / scale;
    const { box } = line;
    if (
      at.x < box.left - reach ||
      at.x > box.right + reach ||
      at.y < box.top - reach ||
      at.y > box.bottom + reach
    )
      continue;
    if (shapeAt([{ points: line.outline, width }], at, slackPx / scale) === 0) return line.commentId;
  }
  return null;
}
