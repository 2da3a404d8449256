import { describe, expect, it } from 'vitest';
import { arrowHeadLength, shapeOutline, shapePaths } from './shapeGeometry';

const p = (x: number, y: number) => ({ x, y });
const widths = { width: 4, unit: 2 };

describe('shapePaths', () => {
  it('draws a line through all its points, as the spec’s line always was', () => {
    expect(shapePaths('line', [p(0, 0), p(10, 5), p(20, 0)], widths)).toEqual({
      stroke: 'M0 0L10 5L20 0',
      fill: null,
    });
  });

  it('draws a rectangle from its two corners, whichever way it was dragged', () => {
    const box = 'M10 20H110V70H10Z';
    expect(shapePaths('rectangle', [p(10, 20), p(110, 70)], widths)).toEqual({ stroke: box, fill: null });
    expect(shapePaths('rectangle', [p(110, 70), p(10, 20)], widths).stroke).toBe(box);
    expect(shapePaths('rectangle', [p(110, 20), p(10, 70)], widths).stroke).toBe(box);
  });

  it('draws an ellipse inside the box its corners span, in two half arcs', () => {
    expect(shapePaths('ellipse', [p(110, 70), p(10, 20)], widths)).toEqual({
      stroke: 'M10 45A50 25 0 1 0 110 45A50 25 0 1 0 10 45Z',
      fill: null,
    });
  });

  it('draws an arrow’s shaft from its tail into a filled head at its second point', () => {
    // Width 4 and size-1 width 2: a head 4·4 + 8·2 = 32 long, 16 each side.
    const { stroke, fill } = shapePaths('arrow', [p(0, 50), p(100, 50)], widths);
    expect(fill).toBe('M100 50L68 66L68 34Z');
    // The shaft stops 0.6 of the head back from the tip, so its round cap stays inside the head.
    expect(stroke).toBe('M0 50L80.8 50');
  });

  it('turns the head with the arrow', () => {
    const { fill } = shapePaths('arrow', [p(50, 100), p(50, 0)], widths);
    expect(fill).toBe('M50 0L66 32L34 32Z');
  });

  it('sizes the head from the stroke, and never longer than the arrow', () => {
    expect(arrowHeadLength({ width: 1, unit: 1 }, 500)).toBe(12);
    expect(arrowHeadLength({ width: 8, unit: 1 }, 500)).toBe(40);
    expect(arrowHeadLength({ width: 8, unit: 1 }, 10)).toBe(10);
    expect(shapePaths('arrow', [p(5, 5), p(5, 5)], widths)).toEqual({ stroke: '', fill: null });
  });
});

describe('shapeOutline', () => {
  it('picks a line along its points and an arrow along its shaft', () => {
    expect(shapeOutline('line', [p(0, 0), p(1, 1), p(2, 0)])).toEqual([p(0, 0), p(1, 1), p(2, 0)]);
    expect(shapeOutline('arrow', [p(0, 0), p(4, 4)])).toEqual([p(0, 0), p(4, 4)]);
  });

  it('picks a rectangle along its four sides', () => {
    expect(shapeOutline('rectangle', [p(4, 6), p(0, 2)])).toEqual([
      p(0, 2),
      p(4, 2),
      p(4, 6),
      p(0, 6),
      p(0, 2),
    ]);
  });

  it('picks an ellipse along its outline, closed', () => {
    const outline = shapeOutline('ellipse', [p(0, 0), p(200, 100)]);
    expect(outline[0]).toEqual(p(200, 50));
    expect(outline.at(-1)!.x).toBeCloseTo(200);
    for (const q of outline) expect(((q.x - 100) / 100) ** 2 + ((q.y - 50) / 50) ** 2).toBeCloseTo(1);
    expect(Math.min(...outline.map((q) => q.y))).toBeCloseTo(0);
  });
});
