import { describe, expect, it } from 'vitest';
import { isNavigationKey, moveFocus } from './navigation';

// 0  1  2  3
// 4  5  6  7
// 8  9
const shape = { count: 10, columns: 4, pageRows: 2 };

describe('moveFocus', () => {
  it('runs left and right across row ends and stops at the ends of the grid', () => {
    expect(moveFocus(3, 'ArrowRight', shape)).toBe(4);
    expect(moveFocus(4, 'ArrowLeft', shape)).toBe(3);
    expect(moveFocus(0, 'ArrowLeft', shape)).toBe(0);
    expect(moveFocus(9, 'ArrowRight', shape)).toBe(9);
  });

  it('keeps the column going up and down', () => {
    expect(moveFocus(1, 'ArrowDown', shape)).toBe(5);
    expect(moveFocus(5, 'ArrowDown', shape)).toBe(9);
    expect(moveFocus(9, 'ArrowUp', shape)).toBe(5);
    expect(moveFocus(2, 'ArrowUp', shape)).toBe(2);
  });

  it('lands on the last item going down above a shorter last row, and stays on the last row', () => {
    expect(moveFocus(6, 'ArrowDown', shape)).toBe(9);
    expect(moveFocus(7, 'ArrowDown', shape)).toBe(9);
    expect(moveFocus(8, 'ArrowDown', shape)).toBe(8);
  });

  it('goes to the row ends with Home and End, and to the grid ends with Ctrl/Cmd', () => {
    expect(moveFocus(6, 'Home', shape)).toBe(4);
    expect(moveFocus(5, 'End', shape)).toBe(7);
    expect(moveFocus(8, 'End', shape)).toBe(9);
    expect(moveFocus(6, 'Home', shape, true)).toBe(0);
    expect(moveFocus(1, 'End', shape, true)).toBe(9);
  });

  it('goes a screen of rows with PageUp and PageDown', () => {
    expect(moveFocus(1, 'PageDown', shape)).toBe(9);
    expect(moveFocus(3, 'PageDown', shape)).toBe(9);
    expect(moveFocus(9, 'PageUp', shape)).toBe(1);
    expect(moveFocus(6, 'PageUp', shape)).toBe(2);
  });

  it('answers -1 for an empty grid and clamps an index out of range', () => {
    expect(moveFocus(0, 'ArrowRight', { ...shape, count: 0 })).toBe(-1);
    expect(moveFocus(42, 'ArrowLeft', shape)).toBe(8);
    expect(moveFocus(-1, 'ArrowRight', shape)).toBe(1);
  });

  it('treats a one-column list as rows', () => {
    const list = { count: 3, columns: 1, pageRows: 10 };
    expect(moveFocus(0, 'ArrowDown', list)).toBe(1);
    expect(moveFocus(1, 'ArrowUp', list)).toBe(0);
    expect(moveFocus(0, 'PageDown', list)).toBe(2);
  });
});

describe('isNavigationKey', () => {
  it('knows the movement keys only', () => {
    expect(isNavigationKey('ArrowUp')).toBe(true);
    expect(isNavigationKey('PageDown')).toBe(true);
    expect(isNavigationKey('a')).toBe(false);
  });
});
