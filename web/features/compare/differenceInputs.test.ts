import { describe, expect, it } from 'vitest';
import { changedShare, pixelFrame } from './differenceInputs';

describe('the difference inputs', () => {
  it('draw round B on whole pixels of the base, inside it', () => {
    expect(pixelFrame({ width: 2048, height: 1536 }, { width: 1536, height: 2048 })).toEqual({
      x: 448,
      y: 0,
      width: 1152,
      height: 1536,
    });
    expect(pixelFrame({ width: 1001, height: 1000 }, { width: 500, height: 500 })).toEqual({
      x: 1,
      y: 0,
      width: 1000,
      height: 1000,
    });
    expect(pixelFrame({ width: 600, height: 450 }, { width: 2048, height: 1536 })).toEqual({
      x: 0,
      y: 0,
      width: 600,
      height: 450,
    });
  });

  it('show the changed share to two places, one past 10 %, and a floor for the tiniest', () => {
    expect(changedShare(0, 100)).toBe('0 %');
    expect(changedShare(5, 0)).toBe('0 %');
    expect(changedShare(1, 1_000_000)).toBe('< 0.01 %');
    expect(changedShare(42, 10_000)).toBe('0.42 %');
    expect(changedShare(2345, 10_000)).toBe('23.4 %');
  });
});
