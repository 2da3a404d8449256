/** Keyboard movement over a grid of `count` items laid out in rows of `columns` (row-major). */
export const NAVIGATION_KEYS = [
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
  'PageUp',
  'PageDown',
] as const;
export type NavigationKey = (typeof NAVIGATION_KEYS)[number];

export function isNavigationKey(key: string): key is NavigationKey {
  return (NAVIGATION_KEYS as readonly string[]).includes(key);
}

export interface GridShape {
  count: number;
  columns: number;
  /** Rows one screen holds: how far PageUp and PageDown go. */
  pageRows: number;
}

/**
 * The index focus moves to. Left and right run on across row ends; up and down keep the column,
 * and down from the row above a shorter last row lands on the last item; Home and End go to the
 * row's ends, or with Ctrl/Cmd to the first and last item; PageUp and PageDown go a screen of rows.
 */
export function moveFocus(index: number, key: NavigationKey, shape: GridShape, jump = false): number {
  const { count } = shape;
  if (count === 0) return -1;
  const columns = Math.max(1, shape.columns);
  const current = Math.min(Math.max(index, 0), count - 1);
  const last = count - 1;
  const rowStart = current - (current % columns);
  const down = (rows: number) => {
    const target = current + rows * columns;
    if (target <= last) return target;
    // A shorter last row: land on its last item if it is below, otherwise stay.
    return Math.floor(last / columns) > Math.floor(current / columns) ? last : current;
  };
  switch (key) {
    case 'ArrowLeft':
      return Math.max(0, current - 1);
    case 'ArrowRight':
      return Math.min(last, current + 1);
    case 'ArrowUp':
      return current - columns >= 0 ? current - columns : current;
    case 'ArrowDown':
      return down(1);
    case 'Home':
      return jump ? 0 : rowStart;
    case 'End':
      return jump ? last : Math.min(last, rowStart + columns - 1);
    case 'PageUp': {
      const rows = Math.max(1, shape.pageRows);
      const target = current - rows * columns;
      return target >= 0 ? target : current % columns;
    }
    case 'PageDown':
      return down(Math.max(1, shape.pageRows));
  }
}
