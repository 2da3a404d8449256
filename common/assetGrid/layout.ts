/**
 * Where tiles sit in the asset grid, computed rather than measured: the grid is virtualised, so
 * most tiles are not in the page, yet a drag rectangle and keyboard paging must know them all.
 */

/** Space between tiles, both ways. */
export const TILE_GAP = 16;
/** The tile's frame around its preview, and the name and badges under it. */
export const TILE_PADDING = 8;
export const TILE_BODY_HEIGHT = 66;
/** Previews are 4:3, as most photographs are. */
export const PREVIEW_RATIO = 3 / 4;

/** The item size slider (0–100, default 50, §9) as the smallest tile width: 120 px to 360 px. */
export function tileMinWidth(itemSize: number): number {
  const size = Math.min(100, Math.max(0, itemSize));
  return Math.round(120 + size * 2.4);
}

export interface GridLayout {
  columns: number;
  tileWidth: number;
  /** A row's height without the gap under it. */
  rowHeight: number;
  /** From one row's top to the next one's. */
  rowStride: number;
}

/** How many columns fit `width` at the item size, and how big each tile then is. */
export function gridLayout(width: number, itemSize: number): GridLayout {
  const min = tileMinWidth(itemSize);
  const columns = Math.max(1, Math.floor((Math.max(0, width) + TILE_GAP) / (min + TILE_GAP)));
  const tileWidth = Math.max(0, (width - TILE_GAP * (columns - 1)) / columns);
  const previewHeight = Math.round((tileWidth - 2 * TILE_PADDING) * PREVIEW_RATIO);
  const rowHeight = TILE_PADDING + previewHeight + TILE_BODY_HEIGHT;
  return { columns, tileWidth, rowHeight, rowStride: rowHeight + TILE_GAP };
}

/** The list view's row height at the item size: its thumbnail grows from 40 px to 88 px. */
export function listThumbSize(itemSize: number): number {
  const size = Math.min(100, Math.max(0, itemSize));
  return Math.round(40 + size * 0.48);
}

export function listRowHeight(itemSize: number): number {
  return listThumbSize(itemSize) + 16;
}

export function rowCount(count: number, columns: number): number {
  return Math.ceil(count / Math.max(1, columns));
}

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The rectangle two pointer positions span, whichever way the drag went. */
export function rectBetween(a: { x: number; y: number }, b: { x: number; y: number }): Rect {
  return {
    left: Math.min(a.x, b.x),
    top: Math.min(a.y, b.y),
    right: Math.max(a.x, b.x),
    bottom: Math.max(a.y, b.y),
  };
}

/**
 * The indexes of the tiles a drag rectangle touches, in grid coordinates (0,0 is the first tile's
 * top left corner). Gaps between tiles touch nothing.
 */
export function indexesInRect(rect: Rect, layout: GridLayout, count: number): number[] {
  const { columns, tileWidth, rowHeight, rowStride } = layout;
  const colStride = tileWidth + TILE_GAP;
  const hits: number[] = [];
  const firstRow = Math.max(0, Math.floor(rect.top / rowStride));
  const lastRow = Math.min(rowCount(count, columns) - 1, Math.floor(rect.bottom / rowStride));
  const firstCol = Math.max(0, Math.floor(rect.left / colStride));
  const lastCol = Math.min(columns - 1, Math.floor(rect.right / colStride));
  for (let row = firstRow; row <= lastRow; row++) {
    const top = row * rowStride;
    if (rect.bottom < top || rect.top > top + rowHeight) continue;
    for (let col = firstCol; col <= lastCol; col++) {
      const left = col * colStride;
      if (rect.right < left || rect.left > left + tileWidth) continue;
      const index = row * columns + col;
      if (index < count) hits.push(index);
    }
  }
  return hits;
}

/** In the list view every row spans the width: the rows whose band the rectangle crosses. */
export function indexesInBand(rect: Rect, rowHeight: number, count: number): number[] {
  const first = Math.max(0, Math.floor(rect.top / rowHeight));
  const last = Math.min(count - 1, Math.floor(rect.bottom / rowHeight));
  const hits: number[] = [];
  for (let index = first; index <= last; index++) hits.push(index);
  return hits;
}
