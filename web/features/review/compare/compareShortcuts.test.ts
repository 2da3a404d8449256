import { describe, expect, it } from 'vitest';
import { ASSET_SHORTCUT_GROUPS, assetCommandFor, compareCommandFor } from '../assetShortcuts';

const press = (key: string, extra: Partial<{ shiftKey: boolean; ctrlKey: boolean }> = {}) => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...extra,
});

describe('the compare keys', () => {
  it('enter compare with C, and take nothing else while not comparing', () => {
    expect(compareCommandFor(press('c'), false)).toBe('toggleCompare');
    expect(compareCommandFor(press('1'), false)).toBeNull();
    expect(compareCommandFor(press('b'), false)).toBeNull();
    expect(compareCommandFor(press('Escape'), false)).toBeNull();
    // Outside compare, 1 stays the single view's 100 %.
    expect(assetCommandFor(press('1'))).toBe('actualSize');
  });

  it('pick the mode with 1–5, flip with B and leave with Esc or C while comparing', () => {
    expect(['1', '2', '3', '4', '5'].map((key) => compareCommandFor(press(key), true))).toEqual([
      'sideBySide',
      'wipe',
      'onion',
      'blinkMode',
      'difference',
    ]);
    expect(compareCommandFor(press('B'), true)).toBe('flipBlink');
    expect(compareCommandFor(press('Escape'), true)).toBe('leaveCompare');
    expect(compareCommandFor(press('c'), true)).toBe('toggleCompare');
  });

  it('leave modified keys to the browser and the other shortcuts', () => {
    expect(compareCommandFor(press('1', { shiftKey: true }), true)).toBeNull();
    expect(compareCommandFor(press('b', { ctrlKey: true }), true)).toBeNull();
    expect(compareCommandFor(press('0'), true)).toBeNull();
  });

  it('are listed in the shortcuts overlay', () => {
    const rows = (title: string) =>
      ASSET_SHORTCUT_GROUPS.find((g) => g.title === title)?.rows.map((row) => row.keys.join(' '));
    expect(rows('Compare')).toEqual(['C', 'B', 'Esc']);
    expect(rows('While comparing')).toEqual(['1', '2', '3', '4', '5']);
  });
});
