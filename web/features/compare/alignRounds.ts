import type { Rect, Size } from '@web/features/viewer';

export type { Rect, Size };

/**
 * Where another round sits over the base round, in the base's pixels. Rounds are aligned by their
 * relative size: a round of the same shape covers the base exactly whatever its pixel count (a
 * 2,000 px retouch over a 6,000 px original); a round of another shape is fitted inside and
 * centred, so nothing is stretched.
 */
export function alignedFrame(base: Size, other: Size): Rect {
  if (other.width <= 0 || other.height <= 0) return { x: 0, y: 0, width: base.width, height: base.height };
  const scale = Math.min(base.width / other.width, base.height / other.height);
  const width = other.width * scale;
  const height = other.height * scale;
  return { x: (base.width - width) / 2, y: (base.height - height) / 2, width, height };
}

/** Whether two rounds have the same shape, to a pixel of rounding on the larger one. */
export function sameShape(a: Size, b: Size): boolean {
  const frame = alignedFrame(a, b);
  return Math.abs(frame.width - a.width) < 1 && Math.abs(frame.height - a.height) < 1;
}
