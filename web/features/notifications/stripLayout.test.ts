import { describe, expect, it } from 'vitest';
import { UNSEEN_BADGE_CAP, unseenBadgeText } from '@common/api/notifications';
import { clampStart, pageDown, pageUp, startShowing, stripCapacity, stripWindow } from './stripLayout';

describe('the strip holds one 71 px item per height, rounding up from 63 px (§9)', () => {
  it('shows at most 4 items before it has a height', () => {
    expect(stripCapacity(null)).toBe(4);
    expect(stripCapacity(undefined)).toBe(4);
    expect(stripCapacity(0)).toBe(4);
    expect(stripCapacity(Number.NaN)).toBe(4);
  });

  it('counts whole items, and a last one cut by at most 8 px', () => {
    expect(stripCapacity(71)).toBe(1);
    expect(stripCapacity(141)).toBe(2); // 71 + 70: 70 ≥ 63
    expect(stripCapacity(71 + 62)).toBe(1);
    expect(stripCapacity(71 + 63)).toBe(2);
    expect(stripCapacity(142)).toBe(2);
    expect(stripCapacity(710)).toBe(10);
    expect(stripCapacity(710 + 62)).toBe(10);
    expect(stripCapacity(710 + 63)).toBe(11);
  });

  it('shows one item even in a strip shorter than one', () => {
    expect(stripCapacity(20)).toBe(1);
    expect(stripCapacity(63)).toBe(1);
  });
});

describe('paging the strip up and down', () => {
  it('pages by a whole window and stops at both ends', () => {
    expect(pageDown(0, 4, 10)).toBe(4);
    expect(pageDown(4, 4, 10)).toBe(6); // the last window is full, never past the end
    expect(pageDown(6, 4, 10)).toBe(6);
    expect(pageUp(6, 4, 10)).toBe(2);
    expect(pageUp(2, 4, 10)).toBe(0);
    expect(pageUp(0, 4, 10)).toBe(0);
  });

  it('says when it can page, and shows the projects of the window', () => {
    expect(stripWindow(0, 4, 10)).toEqual({ start: 0, end: 4, canPageUp: false, canPageDown: true });
    expect(stripWindow(6, 4, 10)).toEqual({ start: 6, end: 10, canPageUp: true, canPageDown: false });
    expect(stripWindow(0, 4, 3)).toEqual({ start: 0, end: 3, canPageUp: false, canPageDown: false });
    expect(stripWindow(0, 4, 0)).toEqual({ start: 0, end: 0, canPageUp: false, canPageDown: false });
  });

  it('keeps the window within the list when the strip grows', () => {
    expect(clampStart(6, 8, 10)).toBe(2);
    expect(clampStart(6, 20, 10)).toBe(0);
    expect(clampStart(-3, 4, 10)).toBe(0);
  });

  it('moves as little as it can to bring a project into view', () => {
    expect(startShowing(2, 0, 4, 10)).toBe(0);
    expect(startShowing(4, 0, 4, 10)).toBe(1);
    expect(startShowing(9, 0, 4, 10)).toBe(6);
    expect(startShowing(1, 5, 4, 10)).toBe(1);
  });
});

describe('unseen badges', () => {
  it('show the count up to 99, then 99+', () => {
    expect(UNSEEN_BADGE_CAP).toBe(99);
    expect(unseenBadgeText(1)).toBe('1');
    expect(unseenBadgeText(99)).toBe('99');
    expect(unseenBadgeText(100)).toBe('99+');
    expect(unseenBadgeText(12_345)).toBe('99+');
  });
});
