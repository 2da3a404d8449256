import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { MARKUP_COLORS, type MarkupShape } from '@common/api/comments';
import { arrowHead, drawShape, placedPoints, strokeWidth, type Point } from './markupDrawing';
import { pdfBytes, pdfOperators, type PdfOperator } from './pdfOperators';

const box = { x: 10, y: 20, width: 200, height: 100 };

describe('markup on the report’s picture', () => {
  it('places relative points by the drawn size and absolute ones by the original’s', () => {
    const relative = {
      points: [{ x: 0.5, y: 1 }],
      stroke_color: '#000000',
      stroke_size: 1,
      is_relative: true,
    };
    expect(placedPoints(relative, box, { width: 4000, height: 2000 })).toEqual([{ x: 110, y: 120 }]);
    const absolute = { ...relative, points: [{ x: 2000, y: 500 }], is_relative: false };
    expect(placedPoints(absolute, box, { width: 4000, height: 2000 })).toEqual([{ x: 110, y: 45 }]);
  });

  it('draws a stroke as the viewer does (size 1 a thousandth of the long side), never a hairline', () => {
    expect(strokeWidth(3, 500)).toBe(1.5);
    expect(strokeWidth(8, 500)).toBe(4);
    expect(strokeWidth(1, 100)).toBe(0.75);
  });
});

describe('an arrow’s head', () => {
  it('is four stroke widths long and as wide, its tip on the head point', () => {
    expect(arrowHead({ x: 0, y: 0 }, { x: 100, y: 0 }, 2)).toEqual({
      tip: { x: 100, y: 0 },
      base: { x: 92, y: 0 },
      left: { x: 92, y: -4 },
      right: { x: 92, y: 4 },
    });
    const down = arrowHead({ x: 50, y: 0 }, { x: 50, y: 100 }, 4);
    expect(down.base).toEqual({ x: 50, y: 84 });
    expect([down.left.x, down.right.x].sort((a, b) => a - b)).toEqual([42, 58]);
  });

  it('grows with the stroke, keeps a least size, and is never longer than the arrow', () => {
    const length = (width: number, to = 100) => {
      const head = arrowHead({ x: 0, y: 0 }, { x: to, y: 0 }, width);
      return head.tip.x - head.base.x;
    };
    expect(length(4)).toBeGreaterThan(length(2));
    expect(length(0.75)).toBe(5);
    expect(length(8, 3)).toBe(3);
  });
});

const red = MARKUP_COLORS.red;
const shapeOf = (type: MarkupShape['type'], points: Point[]): MarkupShape => ({
  ...(type ? { type } : {}),
  points,
  stroke_color: red,
  stroke_size: 4,
  is_relative: true,
});

/** The operators drawing `shape` at its points (as placed) emits on a page of its own. */
async function drawn(shape: MarkupShape, width = 2): Promise<PdfOperator[]> {
  const doc = new PDFDocument({ compress: false, size: [200, 200], margin: 0 });
  const bytes = pdfBytes(doc);
  drawShape(doc, shape, shape.points, width);
  doc.end();
  const ops = pdfOperators(await bytes);
  // What comes after the page's own flip of its y axis.
  return ops.slice(ops.findIndex((o) => o.op === 'cm') + 1).filter((o) => o.op !== 'endstream');
}

const names = (ops: PdfOperator[]) => ops.map((o) => o.op);
const redRgb = [0xe5 / 255, 0x37 / 255, 0x2c / 255];
function expectRed(op: PdfOperator | undefined) {
  expect(op?.args).toHaveLength(3);
  op!.args.forEach((v, i) => expect(v).toBeCloseTo(redRgb[i]!, 5));
}

describe('each shape drawn on the report', () => {
  it('strokes a line through its points in its colour and width', async () => {
    const ops = await drawn(
      shapeOf(undefined, [
        { x: 10, y: 10 },
        { x: 50, y: 60 },
        { x: 90, y: 20 },
      ]),
    );
    expect(names(ops)).toEqual(['w', 'J', 'j', '/DeviceRGB', 'CS', 'SCN', 'm', 'l', 'l', 'S']);
    expect(ops[0]!.args).toEqual([2]);
    expectRed(ops[5]);
    expect(ops.slice(6, 9).map((o) => o.args)).toEqual([
      [10, 10],
      [50, 60],
      [90, 20],
    ]);
  });

  it('draws an arrow as a shaft to the base of its head and a head filled in its colour', async () => {
    const ops = await drawn(
      shapeOf('arrow', [
        { x: 10, y: 100 },
        { x: 110, y: 100 },
      ]),
    );
    expect(names(ops)).toEqual([
      'w',
      'J',
      'j',
      '/DeviceRGB',
      'CS',
      'SCN',
      'm',
      'l',
      'S',
      'm',
      'l',
      'l',
      'h',
      '/DeviceRGB',
      'cs',
      'scn',
      'f',
    ]);
    expect(ops.slice(6, 8).map((o) => o.args)).toEqual([
      [10, 100],
      [102, 100],
    ]);
    expect(ops.slice(9, 12).map((o) => o.args)).toEqual([
      [110, 100],
      [102, 96],
      [102, 104],
    ]);
    expectRed(ops[5]);
    expectRed(ops[15]);
  });

  it('outlines a rectangle over the box of its two corners, in whichever order they came', async () => {
    const ops = await drawn(
      shapeOf('rectangle', [
        { x: 150, y: 120 },
        { x: 30, y: 40 },
      ]),
    );
    expect(names(ops)).toEqual(['w', 'J', 'j', '/DeviceRGB', 'CS', 'SCN', 'j', 're', 'S']);
    expect(ops[7]!.args).toEqual([30, 40, 120, 80]);
    expectRed(ops[5]);
  });

  it('outlines an ellipse inside the box of its two corners', async () => {
    const ops = await drawn(
      shapeOf('ellipse', [
        { x: 20, y: 40 },
        { x: 120, y: 100 },
      ]),
    );
    expect(names(ops)).toEqual(['w', 'J', 'j', '/DeviceRGB', 'CS', 'SCN', 'm', 'c', 'c', 'c', 'c', 'h', 'S']);
    expectRed(ops[5]);
    // It starts at its left end and its curves end at its top, right, bottom and left.
    expect(ops[6]!.args).toEqual([20, 70]);
    expect(ops.slice(7, 11).map((o) => o.args.slice(4))).toEqual([
      [70, 40],
      [120, 70],
      [70, 100],
      [20, 70],
    ]);
  });

  it('leaves out a stored shape with too few points to draw', async () => {
    expect(names(await drawn(shapeOf('arrow', [{ x: 10, y: 10 }])))).toEqual([]);
    expect(names(await drawn(shapeOf(undefined, [{ x: 10, y: 10 }])))).toEqual([]);
  });
});
