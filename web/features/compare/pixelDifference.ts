import type { Rect } from '@web/features/viewer';

/** The colour changed pixels are painted in: a magenta no photograph is likely to be made of. */
export const CHANGED_RGB = [255, 0, 170] as const;

/**
 * The difference view: pixels of two equally sized RGBA images whose largest channel difference
 * is above `tolerance` (0–255) are painted in CHANGED_RGB; the others show the base image in grey
 * at a third of its brightness, so the changes stand out where they are. Where `other` has no
 * pixel (transparent: outside a round of another shape, fitted inside the base) nothing is
 * compared and the pixel is painted in dark grey stripes. Returns how many pixels changed. `out` may be
 * either input.
 */
/** Where the other round does not reach: darker than any unchanged pixel, hatched when the width is known. */
export const OUTSIDE_GREY = 24;
const HATCH_GREY = 38;

function outside(pixel: number, width: number): number {
  if (width <= 0) return OUTSIDE_GREY;
  const x = pixel % width;
  const y = (pixel - x) / width;
  return ((x + y) >> 3) & 1 ? HATCH_GREY : OUTSIDE_GREY;
}

export function paintDifference(
  base: Uint8ClampedArray,
  other: Uint8ClampedArray,
  out: Uint8ClampedArray,
  tolerance: number,
  /** The images' width, to hatch where `other` does not reach; 0 paints it flat. */
  width = 0,
): number {
  if (base.length !== other.length || out.length !== base.length)
    throw new RangeError('The two images must be of the same size.');
  let changed = 0;
  for (let i = 0; i < base.length; i += 4) {
    if (other[i + 3] === 0) {
      out[i] = out[i + 1] = out[i + 2] = outside(i >> 2, width);
      out[i + 3] = 255;
      continue;
    }
    const r = base[i]!;
    const g = base[i + 1]!;
    const b = base[i + 2]!;
    const delta = Math.max(Math.abs(r - other[i]!), Math.abs(g - other[i + 1]!), Math.abs(b - other[i + 2]!));
    if (delta > tolerance) {
      changed++;
      out[i] = CHANGED_RGB[0];
      out[i + 1] = CHANGED_RGB[1];
      out[i + 2] = CHANGED_RGB[2];
    } else {
      const grey = (r * 77 + g * 150 + b * 29) >> 8;
      out[i] = out[i + 1] = out[i + 2] = 40 + grey / 3;
    }
    out[i + 3] = 255;
  }
  return changed;
}

/** The pixels the difference compares: those `other` has (not transparent). */
export function comparedPixels(other: Uint8ClampedArray): number {
  let count = 0;
  for (let i = 3; i < other.length; i += 4) if (other[i] !== 0) count++;
  return count;
}

/** A box of pixels, in the image's own pixels. */
export type PixelBox = Rect;

/** The box around the pixels `paintDifference` painted as changed in `out`, or null when none. */
export function changedBox(out: Uint8ClampedArray, width: number): PixelBox | null {
  let [left, top, right, bottom] = [Infinity, Infinity, -1, -1];
  for (let i = 0; i < out.length; i += 4) {
    if (out[i] !== CHANGED_RGB[0] || out[i + 1] !== CHANGED_RGB[1] || out[i + 2] !== CHANGED_RGB[2]) continue;
    const pixel = i >> 2;
    const x = pixel % width;
    const y = (pixel - x) / width;
    left = Math.min(left, x);
    right = Math.max(right, x);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  return right < 0 ? null : { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}
