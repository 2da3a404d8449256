import { describe, expect, it } from 'vitest';
import { percentFromSize, sizeFromPercent, strokeWidthPx } from './markupSettings';

describe('markup sizes', () => {
  it('maps the slider from 1 at 0 % to 8 at 100 %', () => {
    expect(sizeFromPercent(0)).toBe(1);
    expect(sizeFromPercent(100)).toBe(8);
    expect(sizeFromPercent(50)).toBe(5);
    expect(sizeFromPercent(-20)).toBe(1);
    expect(sizeFromPercent(140)).toBe(8);
  });

  it('puts every size back where the slider gives it', () => {
    for (let size = 1; size <= 8; size++) expect(sizeFromPercent(percentFromSize(size))).toBe(size);
    expect(percentFromSize(1)).toBe(0);
    expect(percentFromSize(8)).toBe(100);
  });

  it('scales strokes with the image shown, never under a pixel', () => {
    expect(strokeWidthPx(3, 2000)).toBe(6);
    expect(strokeWidthPx(3, 4000)).toBe(12);
    expect(strokeWidthPx(1, 100)).toBe(1);
  });
});
