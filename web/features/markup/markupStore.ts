import type { MarkupShape } from '@common/api/comments';
import { canRedo, canUndo, record, redo, startHistory, undo, type MarkupHistory } from './markupHistory';
import {
  DEFAULT_MARKUP_COLOR,
  DEFAULT_MARKUP_SIZE,
  DEFAULT_MARKUP_TOOL,
  type MarkupTool,
} from './markupSettings';

export interface MarkupState {
  tool: MarkupTool;
  color: string;
  size: number;
  /** The draft: lines drawn for the comment being written, with undo and redo. */
  history: MarkupHistory<MarkupShape>;
  /** The draft shape the selection tool picked (its index), or null. */
  selected: number | null;
  /** The comment lit on the stage and in the list (hovered in either), or null. */
  highlight: number | null;
  /** The comment whose drawing the draft is while its author redraws it, or null. */
  redrawing: number | null;
}

/**
 * What the markup toolbar, the stage's markup layer and the comments panel share: the tool and
 * its settings, the draft's lines and the comment lit. Free of React (read with
 * useSyncExternalStore), like the viewer's controller.
 */
export class MarkupStore {
  private state: MarkupState = {
    tool: DEFAULT_MARKUP_TOOL,
    color: DEFAULT_MARKUP_COLOR,
    size: DEFAULT_MARKUP_SIZE,
    history: startHistory<MarkupShape>(),
    selected: null,
    highlight: null,
    redrawing: null,
  };
  /** The new comment's draft, put aside while a comment's drawing is redrawn. */
  private setAside: MarkupHistory<MarkupShape> | null = null;
  private readonly listeners = new Set<() => void>();

  getState = (): MarkupState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get draft(): readonly MarkupShape[] {
    return this.state.history.present;
  }

  setTool = (tool: MarkupTool) =>
    this.update({ tool, selected: tool === 'select' ? this.state.selected : null });

  /** A new colour for the next lines, and for the selected line (a step undo takes back). */
  setColor = (color: string) => {
    const { selected, history } = this.state;
    const shape = selected === null ? undefined : history.present[selected];
    if (shape && shape.stroke_color !== color)
      this.update({
        color,
        history: record(
          history,
          history.present.map((s, i) => (i === selected ? { ...s, stroke_color: color } : s)),
        ),
      });
    else this.update({ color });
  };

  setSize = (size: number) => {
    const { selected, history } = this.state;
    const shape = selected === null ? undefined : history.present[selected];
    if (shape && shape.stroke_size !== size)
      this.update({
        size,
        history: record(
          history,
          history.present.map((s, i) => (i === selected ? { ...s, stroke_size: size } : s)),
        ),
      });
    else this.update({ size });
  };

  addShape = (shape: MarkupShape) =>
    this.update({
      history: record(this.state.history, [...this.state.history.present, shape]),
      selected: null,
    });

  select = (index: number | null) => {
    const shape = index === null ? undefined : this.state.history.present[index];
    this.update(
      shape ? { selected: index, color: shape.stroke_color, size: shape.stroke_size } : { selected: null },
    );
  };

  deleteSelected = () => {
    const { selected, history } = this.state;
    if (selected === null || !history.present[selected]) return;
    this.update({
      history: record(
        history,
        history.present.filter((_, i) => i !== selected),
      ),
      selected: null,
    });
  };

  undo = () => {
    if (canUndo(this.state.history)) this.update({ history: undo(this.state.history), selected: null });
  };

  redo = () => {
    if (canRedo(this.state.history)) this.update({ history: redo(this.state.history), selected: null });
  };

  /** The draft was sent (or dropped): a fresh start, the tool and its settings kept. */
  clearDraft = () => this.update({ history: startHistory<MarkupShape>(), selected: null });

  /** A draft that could not be sent comes back, unless new lines were drawn meanwhile. */
  restoreDraft = (shapes: readonly MarkupShape[]) => {
    if (shapes.length > 0 && this.state.history.present.length === 0)
      this.update({ history: record(this.state.history, shapes) });
  };

  /**
   * A comment's drawing becomes the draft, to be edited with the same tools (undo stops at it);
   * the new comment's draft waits aside until the redraw ends.
   */
  startRedraw = (commentId: number, shapes: readonly MarkupShape[]) => {
    if (this.state.redrawing === null) this.setAside = this.state.history;
    this.update({ history: startHistory<MarkupShape>(shapes), selected: null, redrawing: commentId });
  };

  /** The redraw is over (saved or given up): the new comment's draft comes back. */
  endRedraw = () => {
    if (this.state.redrawing === null) return;
    const history = this.setAside ?? startHistory<MarkupShape>();
    this.setAside = null;
    this.update({ history, selected: null, redrawing: null });
  };

  setHighlight = (commentId: number | null) => {
    if (this.state.highlight !== commentId) this.update({ highlight: commentId });
  };

  private update(patch: Partial<MarkupState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}
