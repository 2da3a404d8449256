import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, HISTORY_LIMIT, record, redo, startHistory, undo } from './markupHistory';

describe('markup history', () => {
  it('undoes and redoes each step in order', () => {
    let h = startHistory<string>();
    h = record(h, ['a']);
    h = record(h, ['a', 'b']);
    expect(h.present).toEqual(['a', 'b']);
    h = undo(h);
    expect(h.present).toEqual(['a']);
    h = undo(h);
    expect(h.present).toEqual([]);
    expect(canUndo(h)).toBe(false);
    h = redo(h);
    h = redo(h);
    expect(h.present).toEqual(['a', 'b']);
    expect(canRedo(h)).toBe(false);
  });

  it('forgets what was undone once something new is drawn', () => {
    let h = record(record(startHistory<string>(), ['a']), ['a', 'b']);
    h = record(undo(h), ['a', 'c']);
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present).toEqual(['a']);
  });

  it('keeps at most the last steps', () => {
    let h = startHistory<number>();
    for (let i = 1; i <= HISTORY_LIMIT + 20; i++) h = record(h, [i]);
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) h = undo(h);
    expect(h.present).toEqual([20]);
  });
});
