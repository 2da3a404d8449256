import { useEffect } from 'react';
import type { ViewController } from '@web/features/viewer';

/** The members' zoom keys (the asset view's shortcuts): + and − zoom, 0 fits, 1 shows 100 %. */
const ZOOM_KEYS: Record<string, (controller: ViewController) => void> = {
  '+': (c) => c.zoomIn(),
  '=': (c) => c.zoomIn(),
  '-': (c) => c.zoomOut(),
  _: (c) => c.zoomOut(),
  '0': (c) => c.fit(),
  '1': (c) => c.actualSize(),
};

/** The zoom keys on the whole window, unless a field has the focus or a modifier is held. */
export function useZoomKeys(controller: ViewController) {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target;
      if (
        target instanceof HTMLElement &&
        (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
      )
        return;
      const zoom = ZOOM_KEYS[event.key];
      if (!zoom) return;
      event.preventDefault();
      zoom(controller);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [controller]);
}
