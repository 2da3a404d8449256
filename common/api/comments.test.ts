import { describe, expect, it } from 'vitest';
import {
  COMMENT_TEXTS,
  createCommentSchema,
  MARKUP_ABSOLUTE_MAX,
  MARKUP_COLORS,
  MARKUP_POINTS_MAX,
  MARKUP_SHAPES_MAX,
  markupSchema,
  mentionedIds,
  mentionToken,
} from './comments';

const line = (over: Record<string, unknown> = {}) => ({
  points: [
    { x: 0.1, y: 0.1 },
    { x: 0.2, y: 0.3 },
  ],
  stroke_color: MARKUP_COLORS.green,
  stroke_size: 3,
  is_relative: true,
  ...over,
});

function messagesOf(value: unknown): string[] {
  const result = markupSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('markup', () => {
  it('takes lines of the palette, sizes 1 to 8, relative points within the image', () => {
    expect(
      messagesOf([line(), line({ stroke_size: 1 }), line({ stroke_size: 8, stroke_color: '#2b9324' })]),
    ).toEqual([]);
    expect(markupSchema.parse([line({ stroke_color: '#2b9324' })])[0]!.stroke_color).toBe('#2B9324');
  });

  it('refuses a line of one point, a colour off the palette, sizes 0 and 9, points off the image', () => {
    expect(messagesOf([line({ points: [{ x: 0.1, y: 0.1 }] })])).toEqual([COMMENT_TEXTS.tooShortLine]);
    expect(messagesOf([line({ stroke_color: '#123456' })])).toEqual([COMMENT_TEXTS.badColor]);
    expect(messagesOf([line({ stroke_size: 0 })])).toEqual([COMMENT_TEXTS.badSize]);
    expect(messagesOf([line({ stroke_size: 9 })])).toEqual([COMMENT_TEXTS.badSize]);
    expect(
      messagesOf([
        line({
          points: [
            { x: 0.1, y: 0.1 },
            { x: 1.5, y: 0.1 },
          ],
        }),
      ]),
    ).toEqual([COMMENT_TEXTS.relativePoint]);
  });

  it('takes absolute points exactly where its message says: 0 to the largest picture', () => {
    const absolute = (x: number) =>
      line({
        is_relative: false,
        points: [
          { x: 0, y: 0 },
          { x, y: 10 },
        ],
      });
    expect(messagesOf([absolute(MARKUP_ABSOLUTE_MAX)])).toEqual([]);
    expect(COMMENT_TEXTS.absolutePoint).toBe(`Points lie between 0 and ${MARKUP_ABSOLUTE_MAX}.`);
    for (const x of [-5, -0.001, MARKUP_ABSOLUTE_MAX + 1])
      expect(messagesOf([absolute(x)])).toEqual([COMMENT_TEXTS.absolutePoint]);
  });

  it('counts shapes and points before looking at any of them', () => {
    const shapes = Array.from({ length: MARKUP_SHAPES_MAX + 1 }, () => 'not a shape');
    expect(messagesOf(shapes)).toEqual([COMMENT_TEXTS.tooManyShapes]);
    const points = Array.from({ length: MARKUP_POINTS_MAX + 1 }, () => null);
    expect(messagesOf([line({ points })])).toEqual([COMMENT_TEXTS.tooManyPoints]);
  });
});

describe('mentions', () => {
  it('reads each mentioned id once, from tokens the text box writes', () => {
    const text = `Hi ${mentionToken({ id: 7, name: 'Ann [B]' })} and @[Bo](user:9), again @[Ann](user:7); @[x](user:y)`;
    expect(mentionedIds(text)).toEqual([7, 9]);
  });

  it('caps the text before reading it', () => {
    const result = createCommentSchema.safeParse({ asset_id: 1, text: 'a'.repeat(5001) });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual([
      'Comment should be up to 5000 characters long.',
    ]);
  });
});
