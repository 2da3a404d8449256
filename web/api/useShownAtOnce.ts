import { useCallback, useState } from 'react';

/**
 * Options kept in the query cache, shown as soon as they change here. The cache tells its readers
 * a tick later, so a control reading it would spring back for a moment (a checkbox clicked shows
 * unchecked until then) and a second change made within that tick would build on the old options
 * and undo the first. What the cache holds takes over again whenever it changes.
 */
export function useShownAtOnce<T extends object>(stored: T): [T, (patch: Partial<T>) => T] {
  const [state, setState] = useState({ stored, shown: stored });
  let current = state;
  if (state.stored !== stored) {
    current = { stored, shown: stored };
    setState(current);
  }
  const shown = current.shown;
  const change = useCallback(
    (patch: Partial<T>) => {
      const next = { ...shown, ...patch };
      setState((s) => ({ stored: s.stored, shown: next }));
      return next;
    },
    [shown],
  );
  return [shown, change];
}
