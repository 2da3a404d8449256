/** Undo and redo over a drawing's shapes: each state is a whole list, never changed in place. */
export interface MarkupHistory<T> {
  past: readonly (readonly T[])[];
  present: readonly T[];
  future: readonly (readonly T[])[];
}

/** How many steps back undo reaches. */
export const HISTORY_LIMIT = 100;

export function startHistory<T>(present: readonly T[] = []): MarkupHistory<T> {
  return { past: [], present, future: [] };
}

/** A new state; what was undone can no longer be redone. */
export function record<T>(history: MarkupHistory<T>, next: readonly T[]): MarkupHistory<T> {
  return { past: [...history.past, history.present].slice(-HISTORY_LIMIT), present: next, future: [] };
}

export function undo<T>(history: MarkupHistory<T>): MarkupHistory<T> {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo<T>(history: MarkupHistory<T>): MarkupHistory<T> {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}

export const canUndo = <T>(history: MarkupHistory<T>) => history.past.length > 0;
export const canRedo = <T>(history: MarkupHistory<T>) => history.future.length > 0;
