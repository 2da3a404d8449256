import { describe, expect, it } from 'vitest';
import { ringAround } from './changeRings';

const size = { width: 512, height: 512 };

describe('ringAround', () => {
  it.each([
    {
      rule: 'rings a change of a few pixels drawn at 100 %, centred on it',
      drawn: { x: 100, y: 50, width: 512, height: 512 },
      change: { x: 10, y: 20, width: 2, height: 2 },
      ratio: 1,
      ring: { x: 111, y: 71, radius: 14 },
    },
    {
      rule: 'scales with the tile as drawn and with the device pixels',
      drawn: { x: 0, y: 0, width: 1024, height: 1024 },
      change: { x: 0, y: 0, width: 2, height: 2 },
      ratio: 2,
      ring: { x: 2, y: 2, radius: 28 },
    },
  ])('$rule', ({ drawn, change, ratio, ring }) => {
    expect(ringAround(drawn, size, change, ratio)).toEqual(ring);
  });

  it('leaves a change big enough to see, and a tile with none', () => {
    expect(
      ringAround({ x: 0, y: 0, width: 512, height: 512 }, size, { x: 0, y: 0, width: 40, height: 3 }, 1),
    ).toBeNull();
    // A 4 × 4 change zoomed 4 times is 16 px: seen without a ring.
    expect(
      ringAround({ x: 0, y: 0, width: 2048, height: 2048 }, size, { x: 0, y: 0, width: 4, height: 4 }, 1),
    ).toBeNull();
    expect(ringAround({ x: 0, y: 0, width: 512, height: 512 }, size, null, 1)).toBeNull();
  });
});
