import { describe, expect, it } from 'vitest';
import {
  centred,
  clampPan,
  FIT_PADDING,
  fitTransform,
  fromRelative,
  MAX_SCALE,
  scaleLimits,
  toImage,
  toRelative,
  toScreen,
  visibleImageRect,
  wheelFactor,
  zoomAround,
} from './viewMath';

const stage = { width: 1000, height: 800 };
const big = { width: 20000, height: 14000 };

describe('fit', () => {
  const { top, right, bottom, left } = FIT_PADDING;

  it('fits a wide picture to the width inside the padding, centred in the room left', () => {
    const wide = { width: 20000, height: 10000 };
    const t = fitTransform(wide, stage);
    expect(t.scale).toBeCloseTo((1000 - left - right) / 20000);
    expect(t.x).toBeCloseTo(left);
    expect(t.y).toBeCloseTo(top + (800 - top - bottom - 10000 * t.scale) / 2);
  });

  it('fits a tall picture to the height, clear of the controls below', () => {
    const t = fitTransform({ width: 500, height: 4000 }, stage);
    expect(t.scale).toBeCloseTo((800 - top - bottom) / 4000);
    expect(t.y).toBeCloseTo(top);
    expect(t.y + 4000 * t.scale).toBeCloseTo(800 - bottom);
  });

  it('enlarges a small picture to fill the stage', () => {
    expect(fitTransform({ width: 100, height: 100 }, stage).scale).toBeCloseTo((800 - top - bottom) / 100);
  });

  it('places 100 % in the middle', () => {
    expect(centred({ width: 200, height: 100 }, stage, 1)).toEqual({ scale: 1, x: 400, y: 350 });
  });
});

describe('coordinates', () => {
  const t = { scale: 0.25, x: 40, y: -60 };

  it('goes from image to screen and back', () => {
    const p = { x: 1234, y: 5678 };
    const s = toScreen(t, p);
    expect(s).toEqual({ x: 40 + 1234 * 0.25, y: -60 + 5678 * 0.25 });
    const back = toImage(t, s);
    expect(back.x).toBeCloseTo(p.x);
    expect(back.y).toBeCloseTo(p.y);
  });

  it('keeps relative points in place whatever the zoom', () => {
    const relative = { x: 0.5, y: 0.25 };
    const image = fromRelative(big, relative);
    expect(image).toEqual({ x: 10000, y: 3500 });
    expect(toRelative(big, image)).toEqual(relative);
    for (const scale of [0.05, 1, 4]) {
      const z = zoomAround(t, scale, { x: 300, y: 200 }, { min: 0.01, max: 8 });
      expect(toRelative(big, toImage(z, toScreen(z, image)))).toEqual(relative);
    }
  });
});

describe('zoom', () => {
  const limits = { min: 0.01, max: MAX_SCALE };

  it('keeps the picture point under the cursor where it was', () => {
    const t = fitTransform(big, stage);
    const cursor = { x: 730, y: 222 };
    const under = toImage(t, cursor);
    const z = zoomAround(t, t.scale * 3, cursor, limits);
    expect(z.scale).toBeCloseTo(t.scale * 3);
    const after = toImage(z, cursor);
    expect(after.x).toBeCloseTo(under.x);
    expect(after.y).toBeCloseTo(under.y);
  });

  it('stops at the limits', () => {
    const t = { scale: 1, x: 0, y: 0 };
    expect(zoomAround(t, 100, { x: 0, y: 0 }, limits).scale).toBe(MAX_SCALE);
    expect(zoomAround(t, 0.0001, { x: 0, y: 0 }, limits).scale).toBe(0.01);
  });

  it('lets a picture shrink to half its fitted size, and enlarge to 8×', () => {
    const { min, max } = scaleLimits(big, stage);
    expect(min).toBeCloseTo(fitTransform(big, stage).scale / 2);
    expect(max).toBe(MAX_SCALE);
  });

  it('reads wheel turns in pixels, lines and pages, up as zoom in', () => {
    expect(wheelFactor(-100, 0)).toBeGreaterThan(1);
    expect(wheelFactor(100, 0)).toBeLessThan(1);
    expect(wheelFactor(-100, 0) * wheelFactor(100, 0)).toBeCloseTo(1);
    expect(wheelFactor(3, 1)).toBeCloseTo(wheelFactor(48, 0));
    expect(wheelFactor(1, 2)).toBeCloseTo(wheelFactor(200, 0));
  });

  it('reads a pinch (Ctrl + wheel) stronger than a scroll of the same delta', () => {
    expect(wheelFactor(-10, 0, true)).toBeCloseTo(wheelFactor(-50, 0));
    expect(wheelFactor(10, 0, true)).toBeLessThan(wheelFactor(10, 0));
  });
});

describe('pan', () => {
  it('keeps the picture from leaving the stage', () => {
    const image = { width: 1000, height: 1000 };
    expect(clampPan({ scale: 1, x: 5000, y: -5000 }, image, stage)).toEqual({ scale: 1, x: 500, y: -600 });
  });

  it('leaves a position inside the bounds alone', () => {
    const t = { scale: 1, x: -100, y: 20 };
    expect(clampPan(t, { width: 1000, height: 1000 }, stage)).toEqual(t);
  });
});

describe('visible part', () => {
  it('is the whole picture when fitted', () => {
    const rect = visibleImageRect(fitTransform(big, stage), big, stage);
    expect(rect.x).toBe(0);
    expect(rect.width).toBeCloseTo(20000);
    expect(rect.height).toBeCloseTo(14000);
  });

  it('is the stage seen through the transform when zoomed', () => {
    expect(visibleImageRect({ scale: 2, x: -1000, y: -400 }, big, stage)).toEqual({
      x: 500,
      y: 200,
      width: 500,
      height: 400,
    });
  });

  it('is empty when the picture is off screen', () => {
    expect(visibleImageRect({ scale: 1, x: 5000, y: 0 }, big, stage).width).toBe(0);
  });
});
