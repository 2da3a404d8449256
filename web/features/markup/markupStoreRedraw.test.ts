import { describe, expect, it } from 'vitest';
import type { MarkupShape } from '@common/api/comments';
import { MarkupStore } from './markupStore';
import { DEFAULT_MARKUP_COLOR, DEFAULT_MARKUP_SIZE } from './markupSettings';

const line = (x: number): MarkupShape => ({
  points: [
    { x, y: 0.1 },
    { x, y: 0.2 },
  ],
  stroke_color: DEFAULT_MARKUP_COLOR,
  stroke_size: DEFAULT_MARKUP_SIZE,
  is_relative: true,
});

describe('MarkupStore redraw of a comment', () => {
  it('makes the comment’s lines the draft, edited with the same tools; undo stops at them', () => {
    const store = new MarkupStore();
    store.startRedraw(7, [line(0.1), line(0.2)]);
    expect(store.getState().redrawing).toBe(7);
    expect(store.draft).toEqual([line(0.1), line(0.2)]);
    store.undo();
    expect(store.draft).toEqual([line(0.1), line(0.2)]);
    store.select(0);
    store.deleteSelected();
    store.addShape(line(0.5));
    expect(store.draft).toEqual([line(0.2), line(0.5)]);
    store.undo();
    store.undo();
    expect(store.draft).toEqual([line(0.1), line(0.2)]);
    store.redo();
    expect(store.draft).toEqual([line(0.2)]);
  });

  it('puts the new comment’s draft aside and brings it back, undo included, when the redraw ends', () => {
    const store = new MarkupStore();
    store.addShape(line(0.3));
    store.startRedraw(7, [line(0.1)]);
    store.addShape(line(0.9));
    store.startRedraw(8, [line(0.4)]);
    expect(store.draft).toEqual([line(0.4)]);
    store.endRedraw();
    expect(store.getState().redrawing).toBeNull();
    expect(store.draft).toEqual([line(0.3)]);
    store.undo();
    expect(store.draft).toEqual([]);
    store.endRedraw();
    expect(store.draft).toEqual([]);
  });
});
