import type { MarkupPoint, MarkupShapeType } from '@common/api/comments';
import { cornersBox } from '@common/markupShapes';
import { pathData } from './markupGeometry';

/**
 * How each kind of shape is drawn, as SVG path data in the units of its points (the picture's
 * pixels on the stage, the thumbnail's box in the checklist): the same data is an SVG path's `d`
 * and a canvas's Path2D, so every place that draws markup draws it from here.
 */
export interface ShapePaths {
  /** Stroked with the shape's colour and width. */
  stroke: string;
  /** Filled with the shape's colour (an arrow's head), or null. */
  fill: string | null;
}

/** A stroke's width and the width of a size-1 stroke, both in the points' units. */
export interface StrokeWidths {
  width: number;
  unit: number;
}

/** Points along an ellipse's outline for picking it: enough that no side strays a pixel at a full-screen size. */
const ELLIPSE_OUTLINE_POINTS = 96;

const num = (value: number) => String(Math.round(value * 1000) / 1000);

/**
 * An arrowhead's length for a stroke: four widths plus eight size-1 widths, so thin arrows still
 * show a head and thick ones do not drown in it; never longer than the arrow.
 */
export function arrowHeadLength(widths: StrokeWidths, arrowLength: number): number {
  return Math.min(arrowLength, 4 * widths.width + 8 * widths.unit);
}

/** The head's half-width as a share of its length (a head of about 53°). */
const HEAD_HALF_WIDTH = 0.5;
/** Where the shaft stops, as a share of the head's length back from the tip: inside the head, so its round cap never shows past the point. */
const SHAFT_INTO_HEAD = 0.6;

function arrowPaths(tail: MarkupPoint, tip: MarkupPoint, widths: StrokeWidths): ShapePaths {
  const length = Math.hypot(tip.x - tail.x, tip.y - tail.y);
  if (length === 0) return { stroke: '', fill: null };
  const ux = (tip.x - tail.x) / length;
  const uy = (tip.y - tail.y) / length;
  const head = arrowHeadLength(widths, length);
  const base = { x: tip.x - ux * head, y: tip.y - uy * head };
  const half = head * HEAD_HALF_WIDTH;
  const end = { x: tip.x - ux * head * SHAFT_INTO_HEAD, y: tip.y - uy * head * SHAFT_INTO_HEAD };
  return {
    stroke: `M${num(tail.x)} ${num(tail.y)}L${num(end.x)} ${num(end.y)}`,
    fill:
      `M${num(tip.x)} ${num(tip.y)}` +
      `L${num(base.x - uy * half)} ${num(base.y + ux * half)}` +
      `L${num(base.x + uy * half)} ${num(base.y - ux * half)}Z`,
  };
}

/** The paths that draw a shape of `type` through `points` (a typed shape's two points; a line's all). */
export function shapePaths(
  type: MarkupShapeType,
  points: readonly MarkupPoint[],
  widths: StrokeWidths,
): ShapePaths {
  const [a, b] = points;
  if (type === 'line' || !a || !b) return { stroke: pathData(points), fill: null };
  if (type === 'arrow') return arrowPaths(a, b, widths);
  const box = cornersBox(a, b);
  if (type === 'rectangle')
    return {
      stroke: `M${num(box.left)} ${num(box.top)}H${num(box.right)}V${num(box.bottom)}H${num(box.left)}Z`,
      fill: null,
    };
  const rx = (box.right - box.left) / 2;
  const ry = (box.bottom - box.top) / 2;
  const cy = box.top + ry;
  const arc = `A${num(rx)} ${num(ry)} 0 1 0`;
  return {
    stroke: `M${num(box.left)} ${num(cy)}${arc} ${num(box.right)} ${num(cy)}${arc} ${num(box.left)} ${num(cy)}Z`,
    fill: null,
  };
}

/**
 * The polyline a shape is picked along (within half its stroke): a line's points, an arrow's tail
 * to head, a box's four sides, an ellipse's outline.
 */
export function shapeOutline(type: MarkupShapeType, points: readonly MarkupPoint[]): MarkupPoint[] {
  const [a, b] = points;
  if (type === 'line' || type === 'arrow' || !a || !b) return [...points];
  const box = cornersBox(a, b);
  if (type === 'rectangle')
    return [
      { x: box.left, y: box.top },
      { x: box.right, y: box.top },
      { x: box.right, y: box.bottom },
      { x: box.left, y: box.bottom },
      { x: box.left, y: box.top },
    ];
  const cx = (box.left + box.right) / 2;
  const cy = (box.top + box.bottom) / 2;
  const rx = (box.right - box.left) / 2;
  const ry = (box.bottom - box.top) / 2;
  return Array.from({ length: ELLIPSE_OUTLINE_POINTS + 1 }, (_, i) => {
    const angle = (2 * Math.PI * i) / ELLIPSE_OUTLINE_POINTS;
    return { x: cx + rx * Math.cos(angle), y: cy + ry * Math.sin(angle) };
  });
}
