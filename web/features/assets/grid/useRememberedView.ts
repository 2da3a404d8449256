import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { AssetsViewOptions, AssetsViewOptionsChange } from '@common/api/assetLists';
import type { ViewMode } from '@web/features/projects';

/**
 * The page's grid or list lives in its address (?mode=list, projects-side §2); the user's last
 * choice is kept with their view options too. A page opened without ?mode shows the kept one, and
 * each switch is kept for next time.
 */
export function useRememberedView(
  mode: ViewMode,
  options: AssetsViewOptions,
  ready: boolean,
  update: (change: AssetsViewOptionsChange) => void,
) {
  const [params, setParams] = useSearchParams();
  const restored = useRef(false);
  const seen = useRef<ViewMode | null>(null);

  useEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    if (!params.has('mode') && options.view === 'list')
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('mode', 'list');
          return next;
        },
        { replace: true },
      );
  }, [ready, params, options.view, setParams]);

  useEffect(() => {
    const before = seen.current;
    seen.current = mode;
    if (ready && before !== null && before !== mode && options.view !== mode) update({ view: mode });
  }, [mode, ready, options.view, update]);
}
