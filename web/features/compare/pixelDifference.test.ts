import { describe, expect, it } from 'vitest';
import { changedBox, CHANGED_RGB, comparedPixels, OUTSIDE_GREY, paintDifference } from './pixelDifference';

function pixels(...rgb: Array<[number, number, number]>): Uint8ClampedArray {
  return new Uint8ClampedArray(rgb.flatMap(([r, g, b]) => [r, g, b, 255]));
}

describe('paintDifference', () => {
  it('paints only the pixels changed by more than the tolerance', () => {
    const base = pixels([10, 10, 10], [100, 100, 100], [200, 50, 50]);
    const other = pixels([10, 10, 10], [100, 108, 100], [200, 50, 90]);
    const out = new Uint8ClampedArray(base.length);
    expect(paintDifference(base, other, out, 10)).toBe(1);
    expect([...out.slice(8, 11)]).toEqual([...CHANGED_RGB]);
    expect([...out.slice(4, 7)]).not.toEqual([...CHANGED_RGB]);
  });

  it('shows every change at tolerance 0 and none at 255', () => {
    const base = pixels([0, 0, 0], [0, 0, 1]);
    const other = pixels([0, 0, 1], [0, 0, 1]);
    expect(paintDifference(base, other, new Uint8ClampedArray(8), 0)).toBe(1);
    expect(paintDifference(pixels([0, 0, 0]), pixels([255, 255, 255]), new Uint8ClampedArray(4), 255)).toBe(
      0,
    );
  });

  it('shows unchanged pixels dimmed and opaque', () => {
    const out = new Uint8ClampedArray(4);
    paintDifference(pixels([255, 255, 255]), pixels([255, 255, 255]), out, 0);
    expect(out[0]).toBeLessThan(130);
    expect(out[3]).toBe(255);
  });

  it('refuses images of different sizes', () => {
    expect(() =>
      paintDifference(pixels([0, 0, 0]), pixels([0, 0, 0], [0, 0, 0]), new Uint8ClampedArray(4), 0),
    ).toThrow(RangeError);
  });

  it('leaves out the pixels the other round does not reach, and counts only those it does', () => {
    const base = pixels([200, 200, 200], [10, 10, 10]);
    const other = new Uint8ClampedArray([0, 0, 0, 0, 90, 10, 10, 255]);
    const out = new Uint8ClampedArray(8);
    expect(paintDifference(base, other, out, 10)).toBe(1);
    expect([...out.slice(0, 4)]).toEqual([OUTSIDE_GREY, OUTSIDE_GREY, OUTSIDE_GREY, 255]);
    expect(comparedPixels(other)).toBe(1);
  });

  it('hatches the part the other round does not reach in diagonal stripes, given the width', () => {
    const width = 16;
    const base = new Uint8ClampedArray(width * 4 * 4).fill(200);
    const other = new Uint8ClampedArray(base.length);
    const out = new Uint8ClampedArray(base.length);
    expect(paintDifference(base, other, out, 0, width)).toBe(0);
    const grey = (x: number, y: number) => out[(y * width + x) * 4]!;
    expect(grey(0, 0)).toBe(OUTSIDE_GREY);
    expect(grey(8, 0)).not.toBe(OUTSIDE_GREY);
    expect(grey(7, 1)).toBe(grey(8, 0));
  });
});

describe('changedBox', () => {
  it('boxes the pixels painted as changed, and gives null when none changed', () => {
    const width = 8;
    const base = new Uint8ClampedArray(width * 6 * 4).fill(100);
    const other = base.slice();
    for (const [x, y] of [
      [2, 1],
      [5, 3],
    ]) {
      other[(y! * width + x!) * 4] = 250;
    }
    const out = new Uint8ClampedArray(base.length);
    paintDifference(base, other, out, 24, width);
    expect(changedBox(out, width)).toEqual({ x: 2, y: 1, width: 4, height: 3 });
    paintDifference(base, base, out, 24, width);
    expect(changedBox(out, width)).toBeNull();
  });
});
