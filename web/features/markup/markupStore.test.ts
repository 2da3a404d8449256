import { describe, expect, it } from 'vitest';
import { MARKUP_COLORS, type MarkupShape } from '@common/api/comments';
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

describe('MarkupStore', () => {
  it('starts with the line tool, green and size 3, and an empty draft', () => {
    const store = new MarkupStore();
    expect(store.getState()).toMatchObject({ tool: 'line', color: '#2B9324', size: 3, selected: null });
    expect(store.draft).toEqual([]);
  });

  it('undoes and redoes lines, and tells its listeners', () => {
    const store = new MarkupStore();
    let calls = 0;
    store.subscribe(() => calls++);
    store.addShape(line(0.1));
    store.addShape(line(0.2));
    store.undo();
    expect(store.draft).toEqual([line(0.1)]);
    store.redo();
    expect(store.draft).toEqual([line(0.1), line(0.2)]);
    expect(calls).toBe(4);
  });

  it('recolours and resizes the selected line as one undoable step each', () => {
    const store = new MarkupStore();
    store.addShape(line(0.1));
    store.addShape(line(0.2));
    store.select(0);
    store.setColor(MARKUP_COLORS.red);
    store.setSize(7);
    expect(store.draft[0]).toMatchObject({ stroke_color: MARKUP_COLORS.red, stroke_size: 7 });
    expect(store.draft[1]).toEqual(line(0.2));
    store.undo();
    expect(store.draft[0]).toMatchObject({ stroke_color: MARKUP_COLORS.red, stroke_size: 3 });
  });

  it('changes only the next lines’ colour when nothing is selected', () => {
    const store = new MarkupStore();
    store.addShape(line(0.1));
    store.setColor(MARKUP_COLORS.blue);
    expect(store.draft).toEqual([line(0.1)]);
    expect(store.getState().color).toBe(MARKUP_COLORS.blue);
  });

  it('deletes the selected line, and clears the draft after sending', () => {
    const store = new MarkupStore();
    store.addShape(line(0.1));
    store.addShape(line(0.2));
    store.select(1);
    store.deleteSelected();
    expect(store.draft).toEqual([line(0.1)]);
    expect(store.getState().selected).toBeNull();
    store.deleteSelected();
    expect(store.draft).toHaveLength(1);
    store.clearDraft();
    expect(store.draft).toEqual([]);
    store.undo();
    expect(store.draft).toEqual([]);
  });

  it('brings back a draft that could not be sent, unless new lines were drawn', () => {
    const store = new MarkupStore();
    store.restoreDraft([line(0.1)]);
    expect(store.draft).toEqual([line(0.1)]);
    store.clearDraft();
    store.addShape(line(0.3));
    store.restoreDraft([line(0.1)]);
    expect(store.draft).toEqual([line(0.3)]);
  });
});
