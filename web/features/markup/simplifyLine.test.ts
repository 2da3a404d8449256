import { describe, expect, it } from 'vitest';
import { distanceToSegment, simplifyLine } from './simplifyLine';

describe('simplifyLine', () => {
  it('drops the points of a straight run and keeps both ends', () => {
    const line = Array.from({ length: 50 }, (_, i) => ({ x: i / 49, y: 0.5 }));
    expect(simplifyLine(line, 0.001)).toEqual([line[0], line[49]]);
  });

  it('keeps the corners of a shape', () => {
    const line = [
      ...Array.from({ length: 10 }, (_, i) => ({ x: i / 10, y: 0 })),
      ...Array.from({ length: 11 }, (_, i) => ({ x: 1, y: i / 10 })),
    ];
    const kept = simplifyLine(line, 0.001);
    expect(kept).toEqual([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
    ]);
  });

  it('keeps every point further than the tolerance from what is kept', () => {
    const wave = Array.from({ length: 400 }, (_, i) => ({ x: i / 400, y: 0.5 + 0.1 * Math.sin(i / 20) }));
    const kept = simplifyLine(wave, 0.002);
    expect(kept.length).toBeLessThan(wave.length / 4);
    for (const p of wave) {
      const nearest = Math.min(...kept.slice(1).map((b, i) => distanceToSegment(p, kept[i]!, b)));
      expect(nearest).toBeLessThanOrEqual(0.002 + 1e-12);
    }
  });

  it('keeps every point of a zigzag wider than the tolerance', () => {
    const zigzag = Array.from({ length: 3_000 }, (_, i) => ({ x: i, y: i % 2 }));
    expect(simplifyLine(zigzag, 0.1)).toHaveLength(3_000);
  });

  it('leaves lines of one or two points as they are', () => {
    expect(simplifyLine([{ x: 1, y: 1 }], 1)).toEqual([{ x: 1, y: 1 }]);
    expect(simplifyLine([], 1)).toEqual([]);
  });
});
