import { describe, expect, it } from 'vitest';
import type { Comment, MarkupShape } from '@common/api/comments';
import { commentAt, commentLook, screenStrokeWidth, storedMarkup } from './storedMarkup';

const image = { width: 2000, height: 1000 };

const shape = (points: [number, number][], relative = true, size = 2): MarkupShape => ({
  points: points.map(([x, y]) => ({ x, y })),
  stroke_color: '#E03131',
  stroke_size: size,
  is_relative: relative,
});

const comment = (id: number, markup: MarkupShape[], completed = false) =>
  ({ id, markup, completed_at: completed ? '2026-01-01T00:00:00Z' : null }) as unknown as Comment;

describe('storedMarkup', () => {
  it('keeps the drawn comments in order, their lines in the picture’s pixels, with bounds', () => {
    const markup = storedMarkup(
      [
        comment(1, [
          shape([
            [0.1, 0.2],
            [0.5, 0.4],
          ]),
        ]),
        comment(2, []),
        comment(3, [
          shape(
            [
              [100, 50],
              [300, 20],
            ],
            false,
          ),
        ]),
      ],
      image,
    );
    expect(markup.comments.map((c) => c.id)).toEqual([1, 3]);
    expect(markup.lines).toHaveLength(2);
    expect(markup.lines[0]!.points).toEqual([
      { x: 200, y: 200 },
      { x: 1000, y: 400 },
    ]);
    expect(markup.lines[1]!.points[0]).toEqual({ x: 100, y: 50 });
    expect(markup.lines[1]!.box).toEqual({ left: 100, top: 20, right: 300, bottom: 50 });
    expect(markup.lines[1]!.commentId).toBe(3);
  });
});

describe('screenStrokeWidth', () => {
  it('follows the picture’s shown size, never under a pixel', () => {
    expect(screenStrokeWidth(3, 2000)).toBe(6);
    expect(screenStrokeWidth(3, 500)).toBe(3);
    expect(screenStrokeWidth(1, 100)).toBe(1);
  });
});

describe('commentLook', () => {
  const open = { id: 1, done: false, lines: [] };
  const done = { id: 2, done: true, lines: [] };
  it('fades a done comment, and with one lit steps the others back', () => {
    expect(commentLook(open, null)).toEqual({ lit: false, alpha: 1 });
    expect(commentLook(done, null)).toEqual({ lit: false, alpha: 0.5 });
    expect(commentLook(done, 2)).toEqual({ lit: true, alpha: 1 });
    expect(commentLook(open, 2)).toEqual({ lit: false, alpha: 0.35 });
  });
});

describe('commentAt', () => {
  const markup = storedMarkup(
    [
      comment(1, [
        shape([
          [0, 0.5],
          [1, 0.5],
        ]),
      ]),
      comment(2, [
        shape([
          [0.5, 0],
          [0.5, 1],
        ]),
      ]),
    ],
    image,
  );
  // Shown at half size: the long side is 1000 px, a size-2 stroke 2 px on screen.
  const scale = 0.5;
  it('finds the comment whose line is within half its stroke plus the slack, the later one on top', () => {
    expect(commentAt(markup, { x: 200, y: 500 + 12 }, scale, 2000, 6)).toBe(1);
    expect(commentAt(markup, { x: 1000, y: 500 }, scale, 2000, 6)).toBe(2);
    expect(commentAt(markup, { x: 1000 + 12, y: 200 }, scale, 2000, 6)).toBe(2);
  });
  it('is null away from every line', () => {
    expect(commentAt(markup, { x: 200, y: 500 + 16 }, scale, 2000, 6)).toBeNull();
    expect(commentAt(markup, { x: 200, y: 200 }, scale, 2000, 6)).toBeNull();
  });
});

describe('commentAt with typed shapes', () => {
  const typed = (type: MarkupShape['type'], points: [number, number][]) => ({ ...shape(points), type });
  // At 100 % a size-2 stroke is 4 px wide: within 2 + 6 px of its outline picks it.
  const markup = storedMarkup(
    [
      comment(1, [
        typed('rectangle', [
          [0.1, 0.1],
          [0.3, 0.5],
        ]),
      ]),
      comment(2, [
        typed('ellipse', [
          [0.5, 0.1],
          [0.9, 0.9],
        ]),
      ]),
    ],
    image,
  );
  it('keeps each shape’s type and picks a box along its sides, an ellipse along its outline', () => {
    expect(markup.lines.map((l) => l.type)).toEqual(['rectangle', 'ellipse']);
    expect(commentAt(markup, { x: 200 + 7, y: 300 }, 1, 2000, 6)).toBe(1);
    expect(commentAt(markup, { x: 400, y: 500 - 7 }, 1, 2000, 6)).toBe(1);
    expect(commentAt(markup, { x: 1000 - 7, y: 500 }, 1, 2000, 6)).toBe(2);
    expect(commentAt(markup, { x: 1400, y: 100 + 7 }, 1, 2000, 6)).toBe(2);
  });
  it('is null inside a shape, away from its outline', () => {
    expect(commentAt(markup, { x: 400, y: 300 }, 1, 2000, 6)).toBeNull();
    expect(commentAt(markup, { x: 1400, y: 500 - 200 }, 1, 2000, 6)).toBeNull();
    // The ellipse's box corner is outside the ellipse.
    expect(commentAt(markup, { x: 1000 + 5, y: 100 + 5 }, 1, 2000, 6)).toBeNull();
  });
});
