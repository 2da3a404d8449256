import { describe, expect, it } from 'vitest';
import {
  COMMENT_TEXTS,
  createCommentSchema,
  MARKUP_ABSOLUTE_MAX,
  MARKUP_COLORS,
  MARKUP_POINTS_MAX,
  MARKUP_SHAPES_MAX,
  MARKUP_TEXTS,
  MARKUP_TOTAL_POINTS_MAX,
  markupPointCount,
  markupSchema,
  shapeTypeOf,
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

describe('markup shapes beside the line', () => {
  const shape = (type: string, a: { x: number; y: number }, b: { x: number; y: number }) =>
    line({ type, points: [a, b] });
  const corners = [
    { x: 0.2, y: 0.3 },
    { x: 0.6, y: 0.7 },
  ] as const;

  it('takes an arrow, a rectangle and an ellipse of two points, keeping their type and points', () => {
    for (const type of ['arrow', 'rectangle', 'ellipse'] as const) {
      const [parsed] = markupSchema.parse([shape(type, ...corners)]);
      expect(parsed).toEqual({ ...line({ type, points: [...corners] }), stroke_color: MARKUP_COLORS.green });
      expect(shapeTypeOf(parsed!)).toBe(type);
    }
  });

  it('reads a line without a type the same as before, and drops an explicit "line"', () => {
    const [plain] = markupSchema.parse([line()]);
    expect(JSON.stringify(plain)).toBe(JSON.stringify(line()));
    const [named] = markupSchema.parse([line({ type: 'line' })]);
    expect(named!.type).toBeUndefined();
    expect(JSON.stringify(named)).toBe(JSON.stringify(line()));
    expect(shapeTypeOf(named!)).toBe('line');
    // A line keeps its own rule: more than one point, as many as its cap.
    expect(messagesOf([line({ type: 'line', points: [{ x: 0.1, y: 0.1 }] })])).toEqual([
      COMMENT_TEXTS.tooShortLine,
    ]);
    const many = Array.from({ length: 3 }, (_, i) => ({ x: i / 10, y: 0.5 }));
    expect(messagesOf([line({ points: many })])).toEqual([]);
  });

  it('refuses a typed shape of one point or of three, naming its type', () => {
    const three = [...corners, { x: 0.9, y: 0.9 }];
    expect(messagesOf([line({ type: 'arrow', points: [corners[0]] })])).toEqual([
      MARKUP_TEXTS.twoPoints('arrow'),
    ]);
    expect(messagesOf([line({ type: 'rectangle', points: three })])).toEqual([
      MARKUP_TEXTS.twoPoints('rectangle'),
    ]);
    expect(messagesOf([line({ type: 'ellipse', points: [] })])).toEqual([MARKUP_TEXTS.twoPoints('ellipse')]);
    expect(MARKUP_TEXTS.twoPoints('arrow')).toBe('An arrow has exactly two points.');
    expect(MARKUP_TEXTS.twoPoints('ellipse')).toBe('An ellipse has exactly two points.');
    expect(MARKUP_TEXTS.twoPoints('rectangle')).toBe('A rectangle has exactly two points.');
  });

  it('refuses a box without width or height, and an arrow whose ends meet', () => {
    for (const type of ['rectangle', 'ellipse'] as const) {
      expect(messagesOf([shape(type, { x: 0.2, y: 0.3 }, { x: 0.2, y: 0.8 })])).toEqual([
        MARKUP_TEXTS.emptyBox(type),
      ]);
      expect(messagesOf([shape(type, { x: 0.2, y: 0.3 }, { x: 0.7, y: 0.3 })])).toEqual([
        MARKUP_TEXTS.emptyBox(type),
      ]);
    }
    expect(MARKUP_TEXTS.emptyBox('ellipse')).toBe('An ellipse needs a width and a height.');
    expect(messagesOf([shape('arrow', corners[0], corners[0])])).toEqual([MARKUP_TEXTS.emptyArrow]);
    // An arrow may be straight up or across: only its two ends meeting is refused.
    expect(messagesOf([shape('arrow', { x: 0.2, y: 0.3 }, { x: 0.2, y: 0.8 })])).toEqual([]);
    // A line may double back on itself: its rule is the spec's.
    expect(messagesOf([line({ points: [corners[0], corners[0]] })])).toEqual([]);
  });

  it('refuses an unknown type, a type too long to read and a type that is no text', () => {
    expect(messagesOf([shape('star', ...corners)])).toEqual([MARKUP_TEXTS.badType]);
    expect(messagesOf([shape('arrow'.repeat(1000), ...corners)])).toEqual([MARKUP_TEXTS.badType]);
    expect(messagesOf([line({ type: 5 })])).toEqual([MARKUP_TEXTS.badType]);
    expect(messagesOf([line({ type: null })])).toEqual([MARKUP_TEXTS.badType]);
    expect(MARKUP_TEXTS.badType).toBe('A shape is one of line, arrow, rectangle, ellipse.');
  });

  it('keeps typed shapes to the palette, the sizes and the picture', () => {
    expect(messagesOf([line({ type: 'arrow', stroke_color: '#123456' })])).toEqual([COMMENT_TEXTS.badColor]);
    expect(messagesOf([line({ type: 'rectangle', stroke_size: 9 })])).toEqual([COMMENT_TEXTS.badSize]);
    expect(messagesOf([shape('ellipse', corners[0], { x: 1.2, y: 0.5 })])).toEqual([
      COMMENT_TEXTS.relativePoint,
    ]);
    const absolute = line({
      type: 'rectangle',
      is_relative: false,
      points: [
        { x: 0, y: 0 },
        { x: 1920, y: 1080 },
      ],
    });
    expect(messagesOf([absolute])).toEqual([]);
  });

  it('counts typed shapes under the caps of shapes and points', () => {
    const arrows = Array.from({ length: MARKUP_SHAPES_MAX + 1 }, () => shape('arrow', ...corners));
    expect(messagesOf(arrows)).toEqual([COMMENT_TEXTS.tooManyShapes]);
    expect(messagesOf(arrows.slice(1))).toEqual([]);
    const full = Array.from({ length: MARKUP_TOTAL_POINTS_MAX / MARKUP_POINTS_MAX }, () =>
      line({ points: Array.from({ length: MARKUP_POINTS_MAX }, (_, i) => ({ x: (i % 100) / 100, y: 0.5 })) }),
    );
    expect(messagesOf(full)).toEqual([]);
    expect(messagesOf([...full, shape('ellipse', ...corners)])).toEqual([COMMENT_TEXTS.tooManyPointsTotal]);
    // The asset's allowance (checked by the server) counts a typed shape's two points.
    expect(markupPointCount(markupSchema.parse([line(), shape('rectangle', ...corners)]))).toBe(4);
    const points = Array.from({ length: MARKUP_POINTS_MAX + 1 }, () => null);
    expect(messagesOf([line({ type: 'arrow', points })])).toEqual([COMMENT_TEXTS.tooManyPoints]);
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
