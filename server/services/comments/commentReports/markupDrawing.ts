import { shapeTypeOf, type MarkupShape } from '@common/api/comments';

export interface Point {
  x: number;
  y: number;
}
export interface Box extends Point {
  width: number;
  height: number;
}

/** The same rule as the viewer's strokes: size 1 is a thousandth of the picture's long side. */
export function strokeWidth(size: number, longSide: number): number {
  return Math.max(0.75, (size * longSide) / 1000);
}

/** A shape's points on the drawn picture: relative ones by its drawn size, absolute ones by the original's. */
export function placedPoints(
  shape: MarkupShape,
  box: Box,
  original: { width: number; height: number },
): Point[] {
  const sx = shape.is_relative ? box.width : box.width / original.width;
  const sy = shape.is_relative ? box.height : box.height / original.height;
  return shape.points.map((p) => ({ x: box.x + p.x * sx, y: box.y + p.y * sy }));
}

/** An arrowhead's length in stroke widths, and the least it is (so a thin arrow still shows its way). */
const HEAD_WIDTHS = 4;
const HEAD_MIN = 5;

/**
 * An arrow's head: a triangle with its tip on the head point, as long as HEAD_WIDTHS stroke widths
 * (never longer than the arrow) and as wide as it is long; `base` is where the shaft stops, so the
 * shaft's round cap stays under the head.
 */
export function arrowHead(
  tail: Point,
  tip: Point,
  width: number,
): { tip: Point; left: Point; right: Point; base: Point } {
  const dx = tip.x - tail.x;
  const dy = tip.y - tail.y;
  const length = Math.hypot(dx, dy);
  const head = Math.min(Math.max(HEAD_WIDTHS * width, HEAD_MIN), length);
  const [ux, uy] = length === 0 ? [1, 0] : [dx / length, dy / length];
  const base = { x: tip.x - ux * head, y: tip.y - uy * head };
  const half = head / 2;
  return {
    tip,
    base,
    left: { x: base.x + uy * half, y: base.y - ux * half },
    right: { x: base.x - uy * half, y: base.y + ux * half },
  };
}

/**
 * Draws one shape at its placed points in its colour and width: a line through its points, an
 * arrow as a shaft with a filled head, a rectangle and an ellipse as the outline of the box their
 * two corners span. A shape with too few points to draw is left out.
 */
export function drawShape(doc: PDFKit.PDFDocument, shape: MarkupShape, points: Point[], width: number): void {
  const [a, b] = points;
  if (!a || !b) return;
  doc.lineWidth(width).lineCap('round').lineJoin('round').strokeColor(shape.stroke_color);
  const kind = shapeTypeOf(shape);
  switch (kind) {
    case 'line': {
      doc.moveTo(a.x, a.y);
      for (const p of points.slice(1)) doc.lineTo(p.x, p.y);
      doc.stroke();
      return;
    }
    case 'arrow': {
      const head = arrowHead(a, b, width);
      doc.moveTo(a.x, a.y).lineTo(head.base.x, head.base.y).stroke();
      doc
        .moveTo(head.tip.x, head.tip.y)
        .lineTo(head.left.x, head.left.y)
        .lineTo(head.right.x, head.right.y)
        .closePath()
        .fillColor(shape.stroke_color)
        .fill();
      return;
    }
    case 'rectangle': {
      doc
        .lineJoin('miter')
        .rect(Math.min(a.x, b.x), Math.min(a.y, b.y), Math.abs(b.x - a.x), Math.abs(b.y - a.y))
        .stroke();
      return;
    }
    case 'ellipse': {
      doc
        .ellipse((a.x + b.x) / 2, (a.y + b.y) / 2, Math.abs(b.x - a.x) / 2, Math.abs(b.y - a.y) / 2)
        .stroke();
      return;
    }
  }
}
