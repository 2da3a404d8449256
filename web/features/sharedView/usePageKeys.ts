import { useEffect, useEffectEvent } from 'react';

/** Page Up and Page Down turn a shared document's pages, unless a field has the focus. */
export function usePageKeys(onPage: ((page: number) => void) | null, page: number) {
  const turn = useEffectEvent((by: number) => onPage?.(page + by));
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.target instanceof HTMLElement && /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName))
        return;
      if (event.key !== 'PageUp' && event.key !== 'PageDown') return;
      event.preventDefault();
      turn(event.key === 'PageUp' ? -1 : 1);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
