import { describe, expect, it } from 'vitest';
import { markupShapeSchema } from '@common/api/comments';
import { finishShape, finishStroke, pathData, relativePoints } from './markupGeometry';

const image = { width: 4000, height: 2000 };
const style = { color: '#2B9324', size: 3 };

describe('finishStroke', () => {
  it('keeps a straight stroke as its two ends, relative to the picture', () => {
    const drawn = Array.from({ length: 50 }, (_, i) => ({ x: 0.1 + i * 0.01, y: 0.5 }));
    const shape = finishStroke(drawn, image, 0.25, style)!;
    expect(shape.points).toEqual([
      { x: 0.1, y: 0.5 },
      { x: 0.59, y: 0.5 },
    ]);
    expect(shape).toMatchObject({ stroke_color: '#2B9324', stroke_size: 3, is_relative: true });
    expect(markupShapeSchema.safeParse(shape).success).toBe(true);
  });

  it('keeps a corner, and pulls points drawn past the edge onto the picture', () => {
    const shape = finishStroke(
      [
        { x: -0.2, y: 0.1 },
        { x: 0.5, y: 0.1 },
        { x: 0.5, y: 1.3 },
      ],
      image,
      1,
      style,
    )!;
    expect(shape.points).toEqual([
      { x: 0, y: 0.1 },
      { x: 0.5, y: 0.1 },
      { x: 0.5, y: 1 },
    ]);
  });

  it('drops a click (one point, or points all in one place)', () => {
    expect(finishStroke([{ x: 0.3, y: 0.3 }], image, 1, style)).toBeNull();
    expect(
      finishStroke(
        [
          { x: 0.3, y: 0.3 },
          { x: 0.3, y: 0.3 },
          { x: 0.3000000001, y: 0.3 },
        ],
        image,
        1,
        style,
      ),
    ).toBeNull();
    expect(finishStroke([], image, 1, style)).toBeNull();
  });

  it('simplifies more when drawn zoomed out (the tolerance is in screen pixels)', () => {
    const wavy = Array.from({ length: 200 }, (_, i) => ({ x: i / 400, y: 0.5 + Math.sin(i / 5) * 0.001 }));
    const close = finishStroke(wavy, image, 4, style)!;
    const far = finishStroke(wavy, image, 0.1, style)!;
    expect(far.points.length).toBeLessThan(close.points.length);
    expect(far.points.length).toBeGreaterThanOrEqual(2);
  });
});

describe('relativePoints and pathData', () => {
  it('turns absolute pixels into shares of the picture', () => {
    expect(relativePoints({ is_relative: false, points: [{ x: 2000, y: 500 }] }, image)).toEqual([
      { x: 0.5, y: 0.25 },
    ]);
    const relative = [{ x: 0.1, y: 0.2 }];
    expect(relativePoints({ is_relative: true, points: relative }, image)).toBe(relative);
  });

  it('writes a path through the points', () => {
    expect(
      pathData([
        { x: 0.1, y: 0.2 },
        { x: 0.3, y: 0.4 },
      ]),
    ).toBe('M0.1 0.2L0.3 0.4');
    expect(pathData([])).toBe('');
  });
});

describe('finishShape', () => {
  const start = { x: 0.1, y: 0.2 };

  it('keeps an arrow as its tail then its head, a valid typed shape', () => {
    const arrow = finishShape('arrow', start, { x: 0.4, y: 0.1 }, image, 0.25, style)!;
    expect(arrow).toEqual({
      type: 'arrow',
      points: [start, { x: 0.4, y: 0.1 }],
      stroke_color: '#2B9324',
      stroke_size: 3,
      is_relative: true,
    });
    expect(markupShapeSchema.parse(arrow)).toEqual(arrow);
  });

  it('keeps a box’s two corners as dragged, pulled onto the picture and rounded', () => {
    const box = finishShape('rectangle', { x: 0.12345678, y: 1.4 }, { x: -0.3, y: 0.5 }, image, 1, style)!;
    expect(box.points).toEqual([
      { x: 0.123457, y: 1 },
      { x: 0, y: 0.5 },
    ]);
    expect(finishShape('ellipse', start, { x: 0.3, y: 0.6 }, image, 1, style)).toMatchObject({
      type: 'ellipse',
    });
  });

  it('drops a click or a sliver: a box needs a width and a height, an arrow a length, at the scale drawn', () => {
    expect(finishShape('arrow', start, start, image, 1, style)).toBeNull();
    expect(finishShape('rectangle', start, { x: 0.5, y: 0.2 }, image, 1, style)).toBeNull();
    expect(finishShape('ellipse', start, { x: 0.1, y: 0.6 }, image, 1, style)).toBeNull();
    // 0.0004 of 4000 px is 1.6 px at 100 %, under the 2 px a shape needs; at 200 % it is 3.2 px.
    const tiny = { x: 0.1004, y: 0.2008 };
    expect(finishShape('rectangle', start, tiny, image, 1, style)).toBeNull();
    expect(finishShape('rectangle', start, tiny, image, 2, style)).not.toBeNull();
    expect(finishShape('arrow', start, { x: 0.1004, y: 0.2 }, image, 1, style)).toBeNull();
    expect(finishShape('arrow', start, { x: 0.1004, y: 0.2 }, image, 2, style)).not.toBeNull();
  });
});
