import { describe, expect, it } from 'vitest';
import { alignedFrame, sameShape } from './alignRounds';

describe('alignedFrame', () => {
  it('lays a smaller round of the same shape over the whole base', () => {
    expect(alignedFrame({ width: 6000, height: 4000 }, { width: 1500, height: 1000 })).toEqual({
      x: 0,
      y: 0,
      width: 6000,
      height: 4000,
    });
  });

  it('fits a round of another shape inside the base, centred, unstretched', () => {
    const frame = alignedFrame({ width: 3000, height: 2000 }, { width: 1000, height: 1000 });
    expect(frame).toEqual({ x: 500, y: 0, width: 2000, height: 2000 });
    const tall = alignedFrame({ width: 2000, height: 2000 }, { width: 2000, height: 1000 });
    expect(tall).toEqual({ x: 0, y: 500, width: 2000, height: 1000 });
  });

  it('tells rounds of one shape from others', () => {
    expect(sameShape({ width: 6000, height: 4000 }, { width: 1500, height: 1000 })).toBe(true);
    expect(sameShape({ width: 6000, height: 4000 }, { width: 1000, height: 1000 })).toBe(false);
  });
});
