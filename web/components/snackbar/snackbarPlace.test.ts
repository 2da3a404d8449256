import { describe, expect, it } from 'vitest';
import { SNACKBAR_EDGE, SNACKBAR_GAP, snackbarBottom, snackbarColumn } from './snackbarPlace';

const WINDOW = { width: 1440, height: 900 };
const box = (left: number, top: number, width: number, height: number) => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

describe('snackbarBottom', () => {
  it('keeps the edge when nothing floats at the foot', () => {
    expect(snackbarBottom([], WINDOW)).toBe(SNACKBAR_EDGE);
  });

  it('rises above a selection bar that reaches into the column', () => {
    // The asset selection bar: centred, 900 wide, 30 px above the foot, 46 tall.
    const bar = box(270, 900 - 30 - 46, 900, 46);
    expect(snackbarBottom([bar], WINDOW)).toBe(30 + 46 + SNACKBAR_GAP);
  });

  it('rises above the highest of several controls', () => {
    const dock = box(380, 900 - 20 - 40, 300, 40);
    const bar = box(200, 900 - 30 - 46, 700, 46);
    expect(snackbarBottom([dock, bar], WINDOW)).toBe(30 + 46 + SNACKBAR_GAP);
  });

  it('stays down beside a control that does not reach its column', () => {
    const right = box(1100, 900 - 76, 300, 46);
    expect(snackbarBottom([right], WINDOW)).toBe(SNACKBAR_EDGE);
    // In a narrow window the column is narrower too.
    expect(snackbarColumn(400)).toEqual({ left: 16, right: 384 });
  });

  it('ignores what is not drawn, above the lower half, or below the window', () => {
    expect(snackbarBottom([box(100, 850, 300, 0)], WINDOW)).toBe(SNACKBAR_EDGE);
    expect(snackbarBottom([box(100, 60, 300, 40)], WINDOW)).toBe(SNACKBAR_EDGE);
    expect(snackbarBottom([box(100, 950, 300, 40)], WINDOW)).toBe(SNACKBAR_EDGE);
  });
});
