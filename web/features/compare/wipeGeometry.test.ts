import { describe, expect, it } from 'vitest';
import {
  clampWipe,
  WIPE_BIG_STEP,
  WIPE_START,
  WIPE_STEP,
  wipeAfterKey,
  wipeAtPointer,
  wipeClip,
  wipeClipLeft,
} from './wipeGeometry';

describe('the wipe divider', () => {
  it('follows the pointer across the stage, kept on it', () => {
    expect(wipeAtPointer(350, 100, 1000)).toBeCloseTo(0.25);
    expect(wipeAtPointer(20, 100, 1000)).toBe(0);
    expect(wipeAtPointer(2000, 100, 1000)).toBe(1);
    expect(wipeAtPointer(300, 100, 0)).toBe(WIPE_START);
  });

  it('moves by a small step with the arrows, a large one with Shift or the page keys, to the ends with Home and End', () => {
    expect(wipeAfterKey(0.5, 'ArrowRight', false)).toBeCloseTo(0.5 + WIPE_STEP);
    expect(wipeAfterKey(0.5, 'ArrowLeft', false)).toBeCloseTo(0.5 - WIPE_STEP);
    expect(wipeAfterKey(0.5, 'ArrowLeft', true)).toBeCloseTo(0.5 - WIPE_BIG_STEP);
    expect(wipeAfterKey(0.5, 'PageUp', false)).toBeCloseTo(0.5 + WIPE_BIG_STEP);
    expect(wipeAfterKey(0.5, 'Home', false)).toBe(0);
    expect(wipeAfterKey(0.5, 'End', false)).toBe(1);
    expect(wipeAfterKey(0.99, 'ArrowRight', true)).toBe(1);
    expect(wipeAfterKey(0.5, 'b', false)).toBeNull();
  });

  it('clips round A to the left of the divider and round B to the right of it', () => {
    expect(wipeClip(0.25)).toBe('inset(0 0 0 25.000%)');
    expect(wipeClipLeft(0.25)).toBe('inset(0 75.000% 0 0)');
    expect(wipeClip(-1)).toBe('inset(0 0 0 0.000%)');
    expect(clampWipe(3)).toBe(1);
  });
});
