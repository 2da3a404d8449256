import {
  STRIP_ITEM_HEIGHT_PX,
  STRIP_ITEMS_WITHOUT_HEIGHT,
  STRIP_ROUNDING_THRESHOLD_PX,
} from '@common/api/notifications';

/**
 * How many projects the panel's strip shows at once (projects-side §2, §9): one per 71 px of the
 * height it has; a last item cut by at most 8 px (a remainder of 63 px or more) still counts as a
 * whole one. Before the strip has a height (not yet measured), at most 4 show. At least one always.
 */
export function stripCapacity(height: number | null | undefined): number {
  if (height === null || height === undefined || !Number.isFinite(height) || height <= 0)
    return STRIP_ITEMS_WITHOUT_HEIGHT;
  const whole = Math.floor(height / STRIP_ITEM_HEIGHT_PX);
  const rest = height - whole * STRIP_ITEM_HEIGHT_PX;
  return Math.max(1, whole + (rest >= STRIP_ROUNDING_THRESHOLD_PX ? 1 : 0));
}

/** The window of the strip: the first project shown, how many, and whether it pages up or down. */
export interface StripWindow {
  start: number;
  end: number;
  canPageUp: boolean;
  canPageDown: boolean;
}

/** The start kept within the list: never past the last full window, never below 0. */
export function clampStart(start: number, capacity: number, total: number): number {
  return Math.max(0, Math.min(start, total - capacity));
}

export function stripWindow(start: number, capacity: number, total: number): StripWindow {
  const first = clampStart(start, capacity, total);
  const end = Math.min(total, first + capacity);
  return { start: first, end, canPageUp: first > 0, canPageDown: end < total };
}

/** Up and down page by a whole window. */
export function pageUp(start: number, capacity: number, total: number): number {
  return clampStart(start - capacity, capacity, total);
}

export function pageDown(start: number, capacity: number, total: number): number {
  return clampStart(start + capacity, capacity, total);
}

/** The start that brings `index` into the window, moving as little as it can. */
export function startShowing(index: number, start: number, capacity: number, total: number): number {
  if (index < start) return clampStart(index, capacity, total);
  if (index >= start + capacity) return clampStart(index - capacity + 1, capacity, total);
  return clampStart(start, capacity, total);
}
