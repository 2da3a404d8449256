/**
 * The viewer's geometry, free of React and of the DOM. A picture is placed on the stage by one
 * transform: a point of the picture (in the original's pixels, `image` space) shows at
 * `screen = offset + image × scale` (stage pixels, CSS). Markup is kept relative to the picture
 * (0–1 on each axis), so it stays in place at every zoom and window size.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Point, Size {}

/** Screen = offset + image × scale. */
export interface ViewTransform {
  scale: number;
  x: number;
  y: number;
}

/** Room left around a fitted picture, in stage pixels: more above and below, where toolbars float. */
export interface Padding {
  top: number;
  right: number;
  bottom: number;
  left: number;
}
export const FIT_PADDING: Padding = { top: 72, right: 32, bottom: 80, left: 32 };
/** The closest look: 8 stage pixels to one pixel of the original. */
export const MAX_SCALE = 8;
/** Zooming out stops at half the fitted size (or a 64 px picture, whichever is larger). */
const MIN_FIT_SHARE = 0.5;
const MIN_SIDE = 64;
/** One key press or button click zooms by this factor. */
export const ZOOM_STEP = 1.5;

export function toScreen(t: ViewTransform, p: Point): Point {
  return { x: t.x + p.x * t.scale, y: t.y + p.y * t.scale };
}

export function toImage(t: ViewTransform, p: Point): Point {
  return { x: (p.x - t.x) / t.scale, y: (p.y - t.y) / t.scale };
}

/** A point of the picture as a share of its width and height (what markup stores). */
export function toRelative(image: Size, p: Point): Point {
  return { x: p.x / image.width, y: p.y / image.height };
}

export function fromRelative(image: Size, p: Point): Point {
  return { x: p.x * image.width, y: p.y * image.height };
}

/** The whole picture, as large as the stage allows inside the padding, centred in the room left. */
export function fitTransform(image: Size, stage: Size, padding: Padding = FIT_PADDING): ViewTransform {
  const room = {
    width: Math.max(1, stage.width - padding.left - padding.right),
    height: Math.max(1, stage.height - padding.top - padding.bottom),
  };
  const scale = Math.min(room.width / image.width, room.height / image.height);
  const placed = centred(image, room, scale);
  return { scale, x: placed.x + padding.left, y: placed.y + padding.top };
}

/** The picture at `scale`, its middle in the stage's middle. */
export function centred(image: Size, stage: Size, scale: number): ViewTransform {
  return {
    scale,
    x: (stage.width - image.width * scale) / 2,
    y: (stage.height - image.height * scale) / 2,
  };
}

/** The scales a picture may be shown at on this stage. */
export function scaleLimits(image: Size, stage: Size): { min: number; max: number } {
  const fit = fitTransform(image, stage).scale;
  const smallest = MIN_SIDE / Math.max(image.width, image.height);
  const min = Math.min(fit, Math.max(fit * MIN_FIT_SHARE, smallest));
  return { min, max: Math.max(MAX_SCALE, fit) };
}

/**
 * Zooms to `scale` (kept within the limits) so that the picture's point under `anchor` (a stage
 * point: the cursor, or the stage's middle for keys) stays under it.
 */
export function zoomAround(
  t: ViewTransform,
  scale: number,
  anchor: Point,
  limits: { min: number; max: number },
): ViewTransform {
  const next = Math.min(limits.max, Math.max(limits.min, scale));
  const fixed = toImage(t, anchor);
  return { scale: next, x: anchor.x - fixed.x * next, y: anchor.y - fixed.y * next };
}

/**
 * A wheel turn as a zoom factor: smooth for trackpads, one notch of a mouse about 20 %. A
 * trackpad's pinch arrives as a wheel with Ctrl held and small deltas: it is read five times
 * stronger, so the picture follows the fingers.
 */
export function wheelFactor(deltaY: number, deltaMode: number, pinch = false): number {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  const clamped = Math.max(-200, Math.min(200, pinch ? pixels * 5 : pixels));
  return Math.exp(-clamped * 0.002);
}

/**
 * Keeps some of the picture on the stage: its edges may not pass the stage's middle, so a pan
 * cannot lose the picture, while any part of it can still be brought to the centre.
 */
export function clampPan(t: ViewTransform, image: Size, stage: Size): ViewTransform {
  const width = image.width * t.scale;
  const height = image.height * t.scale;
  const clampAxis = (offset: number, length: number, room: number) => {
    const low = room / 2 - length;
    const high = room / 2;
    return Math.min(high, Math.max(low, offset));
  };
  return {
    scale: t.scale,
    x: clampAxis(t.x, width, stage.width),
    y: clampAxis(t.y, height, stage.height),
  };
}

/** The part of the picture on screen, in image pixels (empty when none of it shows). */
export function visibleImageRect(t: ViewTransform, image: Size, stage: Size): Rect {
  const topLeft = toImage(t, { x: 0, y: 0 });
  const bottomRight = toImage(t, { x: stage.width, y: stage.height });
  const x = Math.max(0, topLeft.x);
  const y = Math.max(0, topLeft.y);
  const right = Math.min(image.width, bottomRight.x);
  const bottom = Math.min(image.height, bottomRight.y);
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}

export function sameTransform(a: ViewTransform, b: ViewTransform): boolean {
  return a.scale === b.scale && a.x === b.x && a.y === b.y;
}
