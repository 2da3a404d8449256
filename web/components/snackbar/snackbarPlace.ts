/** The snackbars' column at the bottom left (SNACKBAR_POSITION), and what decides its height. */

/** Mantine's gap between the column and the window's edges (--mantine-spacing-md). */
export const SNACKBAR_EDGE = 16;
/** The column's width, at most: the window less its edges when narrower. */
export const SNACKBAR_WIDTH = 440;
/** Between a snackbar and the control it rises above. */
export const SNACKBAR_GAP = 12;

export interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Where the snackbars are drawn, left to right, in a window this wide. */
export function snackbarColumn(windowWidth: number): { left: number; right: number } {
  const width = Math.max(0, Math.min(SNACKBAR_WIDTH, windowWidth - 2 * SNACKBAR_EDGE));
  return { left: SNACKBAR_EDGE, right: SNACKBAR_EDGE + width };
}

/**
 * How far above the window's foot the snackbars start: their edge, or higher, clear of every
 * control floating at the foot (a selection bar, the viewer's zoom controls) that reaches into
 * their column. A control in the upper half of the window is above any snackbar's reach; one not
 * drawn (no size) takes no room.
 */
export function snackbarBottom(controls: readonly Box[], window: { width: number; height: number }): number {
  const column = snackbarColumn(window.width);
  let bottom = SNACKBAR_EDGE;
  for (const control of controls) {
    if (control.bottom <= control.top || control.right <= control.left) continue;
    if (control.right <= column.left || control.left >= column.right) continue;
    if (control.top < window.height / 2 || control.top >= window.height) continue;
    bottom = Math.max(bottom, window.height - control.top + SNACKBAR_GAP);
  }
  return Math.ceil(bottom);
}
