import { describe, expect, it } from 'vitest';
import type { Comment, MarkupShape } from '@common/api/comments';
import { MARKER_HEIGHT, markerAt, markerCentre, markerSpots, markerWidth } from './markerSpots';

const image = { width: 2000, height: 1000 };
const line = (points: [number, number][], relative = true): MarkupShape => ({
  points: points.map(([x, y]) => ({ x, y })),
  stroke_color: '#E03131',
  stroke_size: 2,
  is_relative: relative,
});
const comment = (id: number, number: number | null, markup: MarkupShape[], done = false) =>
  ({
    id,
    markup_number: number,
    markup,
    completed_at: done ? '2026-11-20T10:00:00Z' : null,
  }) as unknown as Comment;

describe('markerSpots', () => {
  it('puts each drawn comment’s marker on its first line’s first point, in the picture’s pixels', () => {
    const spots = markerSpots(
      [
        comment(1, 1, [
          line([
            [0.25, 0.5],
            [0.3, 0.6],
          ]),
        ]),
        comment(2, null, []),
        comment(
          3,
          2,
          [
            line(
              [
                [100, 40],
                [120, 80],
              ],
              false,
            ),
          ],
          true,
        ),
      ],
      image,
    );
    expect(spots).toEqual([
      { id: 1, number: 1, color: '#E03131', done: false, x: 500, y: 500 },
      { id: 3, number: 2, color: '#E03131', done: true, x: 100, y: 40 },
    ]);
  });

  it('follows the view: the centre is the point through the view’s transform', () => {
    const [spot] = markerSpots([comment(1, 1, [line([[0.5, 0.5]])])], image);
    expect(markerCentre(spot!, { scale: 0.5, x: 20, y: 10 })).toEqual({ x: 520, y: 260 });
  });

  it('is round for one digit and grows with more', () => {
    expect(markerWidth(7)).toBe(MARKER_HEIGHT);
    expect(markerWidth(42)).toBeGreaterThan(MARKER_HEIGHT);
    expect(markerWidth(123)).toBeGreaterThan(markerWidth(42));
  });
});

describe('markerAt', () => {
  const spots = markerSpots(
    [
      comment(1, 1, [line([[0.1, 0.1]])]),
      comment(2, 2, [line([[0.1005, 0.1]])]),
      comment(3, 3, [line([[0.9, 0.9]])]),
    ],
    image,
  );
  const view = { scale: 0.5, x: 0, y: 0 };

  it('finds the marker under the point, within its box only', () => {
    expect(markerAt(spots, view, { x: 900, y: 450 }, null)).toBe(3);
    expect(markerAt(spots, view, { x: 900 + 8, y: 450 - 8 }, null)).toBe(3);
    // Its corners are round: the box's corner is outside.
    expect(markerAt(spots, view, { x: 900 + 11, y: 450 - 11 }, null)).toBeNull();
    expect(markerAt(spots, view, { x: 900 + 14, y: 450 }, null)).toBeNull();
    expect(markerAt(spots, view, { x: 500, y: 300 }, null)).toBeNull();
  });

  it('gives the marker drawn last where two overlap, and the lit one over all', () => {
    expect(markerAt(spots, view, { x: 100, y: 50 }, null)).toBe(2);
    expect(markerAt(spots, view, { x: 100, y: 50 }, 1)).toBe(1);
  });
});

describe('markerSpots of typed shapes', () => {
  const typed = (type: MarkupShape['type'], points: [number, number][]): MarkupShape => ({
    ...line(points),
    type,
  });
  it('puts the marker on an arrow’s tail and on a box’s or an ellipse’s top left corner', () => {
    const at = (shape: MarkupShape) => {
      const [spot] = markerSpots([comment(1, 1, [shape])], image);
      return { x: spot!.x, y: spot!.y };
    };
    expect(
      at(
        typed('arrow', [
          [0.5, 0.5],
          [0.1, 0.1],
        ]),
      ),
    ).toEqual({ x: 1000, y: 500 });
    expect(
      at(
        typed('rectangle', [
          [0.5, 0.2],
          [0.25, 0.6],
        ]),
      ),
    ).toEqual({ x: 500, y: 200 });
    expect(
      at(
        typed('ellipse', [
          [0.5, 0.6],
          [0.25, 0.2],
        ]),
      ),
    ).toEqual({ x: 500, y: 200 });
  });
});
