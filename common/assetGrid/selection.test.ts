import { describe, expect, it } from 'vitest';
import {
  actionTargets,
  clickSelect,
  EMPTY_SELECTION,
  extendTo,
  idsBetween,
  keepPresent,
  selectAll,
  selectMany,
  toggleOne,
  type GridSelection,
} from './selection';

const ORDER = [10, 11, 12, 13, 14, 15];
const plain = { range: false, toggle: false };
const shift = { range: true, toggle: false };
const ctrl = { range: false, toggle: true };
const sorted = (s: GridSelection) => [...s.ids].sort((a, b) => a - b);

describe('idsBetween', () => {
  it('answers the range in shown order whichever end comes first', () => {
    expect(idsBetween(ORDER, 11, 13)).toEqual([11, 12, 13]);
    expect(idsBetween(ORDER, 13, 11)).toEqual([11, 12, 13]);
    expect(idsBetween(ORDER, 12, 12)).toEqual([12]);
  });

  it('falls back to the target alone when the anchor is gone', () => {
    expect(idsBetween(ORDER, 99, 12)).toEqual([12]);
    expect(idsBetween(ORDER, 12, 99)).toEqual([]);
  });
});

describe('clickSelect', () => {
  it('selects one asset alone on a plain click and makes it the anchor', () => {
    const one = clickSelect(EMPTY_SELECTION, ORDER, 12, plain);
    expect(sorted(one)).toEqual([12]);
    expect(one.anchor).toBe(12);
    const other = clickSelect(clickSelect(one, ORDER, 14, ctrl), ORDER, 11, plain);
    expect(sorted(other)).toEqual([11]);
  });

  it('adds or removes one with Ctrl/Cmd, keeping the rest', () => {
    const two = clickSelect(clickSelect(EMPTY_SELECTION, ORDER, 12, plain), ORDER, 14, ctrl);
    expect(sorted(two)).toEqual([12, 14]);
    expect(sorted(clickSelect(two, ORDER, 12, ctrl))).toEqual([14]);
  });

  it('selects the range from the anchor on shift-click, replacing the rest', () => {
    let s = clickSelect(EMPTY_SELECTION, ORDER, 15, plain);
    s = clickSelect(s, ORDER, 11, ctrl);
    const range = clickSelect(s, ORDER, 14, shift);
    expect(sorted(range)).toEqual([11, 12, 13, 14]);
    expect(range.anchor).toBe(11);
    // A second shift-click from the same anchor, the other way.
    expect(sorted(clickSelect(range, ORDER, 10, shift))).toEqual([10, 11]);
  });

  it('adds the range to the selection when Ctrl/Cmd is held with shift', () => {
    let s = clickSelect(EMPTY_SELECTION, ORDER, 15, plain);
    s = clickSelect(s, ORDER, 10, ctrl);
    expect(sorted(clickSelect(s, ORDER, 12, { range: true, toggle: true }))).toEqual([10, 11, 12, 15]);
  });

  it('treats shift-click without an anchor as a plain click', () => {
    expect(sorted(clickSelect(EMPTY_SELECTION, ORDER, 13, shift))).toEqual([13]);
  });

  it('ignores an anchor that left the list', () => {
    const stale: GridSelection = { ids: new Set([99]), anchor: 99 };
    expect(sorted(clickSelect(stale, ORDER, 13, shift))).toEqual([13]);
  });
});

describe('extendTo', () => {
  it('grows from the anchor, or from where focus was when there is none', () => {
    const first = extendTo(EMPTY_SELECTION, ORDER, 11, 12);
    expect(sorted(first)).toEqual([11, 12]);
    expect(first.anchor).toBe(11);
    const further = extendTo(first, ORDER, 12, 14);
    expect(sorted(further)).toEqual([11, 12, 13, 14]);
    expect(sorted(extendTo(further, ORDER, 14, 10))).toEqual([10, 11]);
  });
});

describe('selectAll, selectMany, toggleOne', () => {
  it('selects every id', () => {
    expect(sorted(selectAll(ORDER))).toEqual(ORDER);
    expect(selectAll([]).anchor).toBeNull();
  });

  it('replaces with a rectangle, or adds it', () => {
    const s = toggleOne(EMPTY_SELECTION, 10);
    expect(sorted(selectMany(s, [12, 13], false))).toEqual([12, 13]);
    expect(sorted(selectMany(s, [12, 13], true))).toEqual([10, 12, 13]);
  });
});

describe('keepPresent', () => {
  it('drops ids no longer listed and an anchor that went with them', () => {
    const s: GridSelection = { ids: new Set([10, 11, 12]), anchor: 11 };
    const kept = keepPresent(s, new Set([10, 12]));
    expect(sorted(kept)).toEqual([10, 12]);
    expect(kept.anchor).toBeNull();
  });

  it('answers the same object when nothing changed, so React does not render again', () => {
    const s: GridSelection = { ids: new Set([10]), anchor: 10 };
    expect(keepPresent(s, new Set(ORDER))).toBe(s);
  });
});

describe('actionTargets', () => {
  const s: GridSelection = { ids: new Set([13, 11]), anchor: 11 };

  it('acts on the selection, in shown order, when the focused asset is in it', () => {
    expect(actionTargets(s, 13, ORDER)).toEqual([11, 13]);
    expect(actionTargets(s, null, ORDER)).toEqual([11, 13]);
  });

  it('acts on the focused asset alone when it is outside the selection', () => {
    expect(actionTargets(s, 14, ORDER)).toEqual([14]);
    expect(actionTargets(EMPTY_SELECTION, 12, ORDER)).toEqual([12]);
    expect(actionTargets(EMPTY_SELECTION, null, ORDER)).toEqual([]);
  });
});
