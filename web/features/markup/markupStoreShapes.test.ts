import { describe, expect, it } from 'vitest';
import { MARKUP_COLORS, markupShapeSchema, type MarkupShape } from '@common/api/comments';
import { MarkupStore } from './markupStore';

const typed = (type: MarkupShape['type'], x: number): MarkupShape => ({
  ...(type ? { type } : {}),
  points: [
    { x, y: 0.1 },
    { x: x + 0.1, y: 0.3 },
  ],
  stroke_color: MARKUP_COLORS.green,
  stroke_size: 3,
  is_relative: true,
});

describe('MarkupStore with arrows, rectangles and ellipses', () => {
  it('switches between the four drawing tools, keeping one colour and size for all', () => {
    const store = new MarkupStore();
    store.setColor(MARKUP_COLORS.red);
    store.setSize(6);
    for (const tool of ['arrow', 'rectangle', 'ellipse', 'line'] as const) {
      store.setTool(tool);
      expect(store.getState()).toMatchObject({ tool, color: MARKUP_COLORS.red, size: 6 });
    }
  });

  it('undoes and redoes typed shapes as it does lines, keeping their types', () => {
    const store = new MarkupStore();
    store.addShape(typed(undefined, 0.1));
    store.addShape(typed('arrow', 0.2));
    store.addShape(typed('rectangle', 0.3));
    store.addShape(typed('ellipse', 0.4));
    store.undo();
    store.undo();
    expect(store.draft.map((s) => s.type)).toEqual([undefined, 'arrow']);
    store.redo();
    store.redo();
    expect(store.draft).toEqual([
      typed(undefined, 0.1),
      typed('arrow', 0.2),
      typed('rectangle', 0.3),
      typed('ellipse', 0.4),
    ]);
    for (const shape of store.draft) expect(markupShapeSchema.parse(shape)).toEqual(shape);
  });

  it('recolours, resizes and deletes a selected typed shape, its type kept, each step undoable', () => {
    const store = new MarkupStore();
    store.addShape(typed('ellipse', 0.1));
    store.addShape(typed('arrow', 0.5));
    store.select(1);
    store.setColor(MARKUP_COLORS.blue);
    store.setSize(8);
    expect(store.draft[1]).toEqual({
      ...typed('arrow', 0.5),
      stroke_color: MARKUP_COLORS.blue,
      stroke_size: 8,
    });
    store.select(0);
    store.deleteSelected();
    expect(store.draft.map((s) => s.type)).toEqual(['arrow']);
    store.undo();
    store.undo();
    expect(store.draft[1]).toEqual({ ...typed('arrow', 0.5), stroke_color: MARKUP_COLORS.blue });
    expect(store.draft[0]).toEqual(typed('ellipse', 0.1));
  });

  it('redraws a comment’s typed shapes as they are, and hands them back with their types', () => {
    const store = new MarkupStore();
    const drawing = [typed('rectangle', 0.1), typed(undefined, 0.3)];
    store.startRedraw(4, drawing);
    store.addShape(typed('arrow', 0.6));
    expect(store.draft.map((s) => s.type)).toEqual(['rectangle', undefined, 'arrow']);
    store.undo();
    expect(store.draft).toEqual(drawing);
    store.endRedraw();
    expect(store.draft).toEqual([]);
  });
});
