import { useEffect, useEffectEvent } from 'react';

/** Where a key belongs to what has focus (typing, a slider), not to the page. */
function typingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) ||
    target.getAttribute('role') === 'slider'
  );
}

/** ← and → anywhere on the page, unless a field has the focus or a modifier is held. */
export function useArrowKeys(handlers: { left: () => void; right: () => void }) {
  const onArrow = useEffectEvent((key: 'ArrowLeft' | 'ArrowRight') =>
    key === 'ArrowLeft' ? handlers.left() : handlers.right(),
  );
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (typingTarget(event.target)) return;
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      event.preventDefault();
      onArrow(event.key);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
