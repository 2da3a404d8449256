import { MARKUP_COLORS, MARKUP_SIZE_MAX, MARKUP_SIZE_MIN } from '@common/api/comments';

/**
 * The markup editor's settings (projects-side §9): sizes 1 to 8 behind a 0–100 % slider, the line
 * tool by default; every drawing tool (line, arrow, rectangle, ellipse) draws with the same colour
 * and size. Of the two defaults the spec reports, size 3 in green #2B9324 is used (see
 * docs/decisions.md, "Markup").
 */
export { MARKUP_SIZE_MAX, MARKUP_SIZE_MIN };
export const DEFAULT_MARKUP_COLOR = MARKUP_COLORS.green;
export const DEFAULT_MARKUP_SIZE = 3;

/** The drawing tools (each draws its kind of shape) and the selection tool. */
export type DrawingTool = 'line' | 'arrow' | 'rectangle' | 'ellipse';
export type MarkupTool = DrawingTool | 'select';
export const DRAWING_TOOLS: readonly DrawingTool[] = ['line', 'arrow', 'rectangle', 'ellipse'];
export const DEFAULT_MARKUP_TOOL: MarkupTool = 'line';

/** The slider's 0–100 % as a stroke size, 1 at 0 % and 8 at 100 %, in even steps. */
export function sizeFromPercent(percent: number): number {
  const clamped = Math.min(100, Math.max(0, percent));
  return MARKUP_SIZE_MIN + Math.round((clamped / 100) * (MARKUP_SIZE_MAX - MARKUP_SIZE_MIN));
}

/** Where a stroke size sits on the slider. */
export function percentFromSize(size: number): number {
  const clamped = Math.min(MARKUP_SIZE_MAX, Math.max(MARKUP_SIZE_MIN, Math.round(size)));
  return Math.round(((clamped - MARKUP_SIZE_MIN) / (MARKUP_SIZE_MAX - MARKUP_SIZE_MIN)) * 100);
}

/**
 * A stroke's width on screen. Sizes are kept relative to the image (size 1 is a thousandth of its
 * long side) so a drawing looks the same at every zoom and window size; never thinner than a pixel.
 */
export function strokeWidthPx(size: number, shownLongSidePx: number): number {
  return Math.max(1, (size * shownLongSidePx) / 1000);
}
