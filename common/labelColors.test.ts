import { describe, expect, it } from 'vitest';
import { hoverColorOf, nextLabelColor, sortLabels, LABEL_COLORS } from './labelColors';

const label = (id: number, custom: boolean, order: number | null = null) => ({ id, custom, order });

describe('sortLabels', () => {
  it('puts non-custom labels first, then orders by id, when no label has an order', () => {
    const sorted = sortLabels([label(5, true), label(9, false), label(2, true), label(7, false)]);
    expect(sorted.map((l) => l.id)).toEqual([7, 9, 2, 5]);
  });

  it('follows the order when any label has one, unordered labels last by id', () => {
    const sorted = sortLabels([label(1, false), label(2, true, 1), label(3, true, 0), label(4, false)]);
    expect(sorted.map((l) => l.id)).toEqual([3, 2, 1, 4]);
  });
});

describe('label colours', () => {
  it('gives each palette colour its hover shade and cycles for new labels', () => {
    expect(hoverColorOf(LABEL_COLORS[0].base)).toBe(LABEL_COLORS[0].hover);
    expect(nextLabelColor(LABEL_COLORS.length + 1)).toBe(LABEL_COLORS[1].base);
  });
});
