import { describe, expect, it } from 'vitest';
import {
  gridLayout,
  indexesInBand,
  indexesInRect,
  listRowHeight,
  rectBetween,
  rowCount,
  TILE_GAP,
  tileMinWidth,
} from './layout';

describe('tileMinWidth', () => {
  it('maps the slider from 120 px to 360 px, 240 px at the default 50, clamped', () => {
    expect(tileMinWidth(0)).toBe(120);
    expect(tileMinWidth(50)).toBe(240);
    expect(tileMinWidth(100)).toBe(360);
    expect(tileMinWidth(-5)).toBe(120);
    expect(tileMinWidth(300)).toBe(360);
  });
});

describe('gridLayout', () => {
  it('fits five columns in the 1280 px of a 1440 px screen at the default size', () => {
    const layout = gridLayout(1280, 50);
    expect(layout.columns).toBe(5);
    expect(layout.columns * layout.tileWidth + (layout.columns - 1) * TILE_GAP).toBeCloseTo(1280);
    expect(layout.rowStride).toBe(layout.rowHeight + TILE_GAP);
  });

  it('fits more columns as the size goes down, and at least one in any width', () => {
    expect(gridLayout(1280, 0).columns).toBe(9);
    expect(gridLayout(1280, 100).columns).toBe(3);
    expect(gridLayout(100, 100).columns).toBe(1);
    expect(gridLayout(0, 50).columns).toBe(1);
  });

  it('makes rows taller as tiles get wider', () => {
    expect(gridLayout(1280, 100).rowHeight).toBeGreaterThan(gridLayout(1280, 0).rowHeight);
  });
});

describe('rowCount and listRowHeight', () => {
  it('counts a partial last row', () => {
    expect(rowCount(10, 4)).toBe(3);
    expect(rowCount(0, 4)).toBe(0);
    expect(rowCount(3, 0)).toBe(3);
  });

  it('grows list rows with the item size', () => {
    expect(listRowHeight(0)).toBe(56);
    expect(listRowHeight(100)).toBe(104);
  });
});

describe('indexesInRect', () => {
  // 4 columns of 100 px tiles, 16 px gaps: columns start at 0, 116, 232, 348.
  const layout = { columns: 4, tileWidth: 100, rowHeight: 80, rowStride: 96 };

  it('answers the tiles the rectangle touches, row by row', () => {
    const rect = rectBetween({ x: 150, y: 120 }, { x: 50, y: 10 });
    expect(indexesInRect(rect, layout, 10)).toEqual([0, 1, 4, 5]);
  });

  it('touches nothing when it lies in a gap', () => {
    expect(indexesInRect({ left: 101, top: 0, right: 114, bottom: 300 }, layout, 10)).toEqual([]);
    expect(indexesInRect({ left: 0, top: 81, right: 400, bottom: 95 }, layout, 10)).toEqual([]);
  });

  it('stops at the last tile of a shorter last row', () => {
    expect(indexesInRect({ left: 0, top: 200, right: 460, bottom: 260 }, layout, 10)).toEqual([8, 9]);
  });

  it('ignores the parts outside the grid', () => {
    expect(indexesInRect({ left: -50, top: -50, right: 10, bottom: 10 }, layout, 10)).toEqual([0]);
    expect(indexesInRect({ left: 0, top: 0, right: 5000, bottom: 5000 }, layout, 10)).toHaveLength(10);
  });
});

describe('indexesInBand', () => {
  it('answers every row the rectangle crosses', () => {
    expect(indexesInBand({ left: 0, top: 30, right: 10, bottom: 130 }, 50, 10)).toEqual([0, 1, 2]);
    expect(indexesInBand({ left: 0, top: 480, right: 10, bottom: 900 }, 50, 10)).toEqual([9]);
  });
});
