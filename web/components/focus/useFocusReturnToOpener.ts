import { useLayoutEffect } from 'react';

/**
 * The control to give focus back to: a menu's item is gone once its menu closes, so an item
 * stands for the button that opened its menu (Mantine labels a menu by its target's id).
 */
function openerOf(element: EventTarget | null): HTMLElement | null {
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const menu = element.closest('[role="menu"]');
  const targetId = menu?.getAttribute('aria-labelledby');
  const target = targetId ? document.getElementById(targetId) : null;
  return target ?? element;
}

// The last control that had focus, as an opener: a menu closed by a click on its item may have
// left the page before the dialog it opens mounts, and taken focus with it.
let lastOpener: HTMLElement | null = null;
let listening = false;

/** Starts following focus the first time a dialog mounts (never at import: unit tests have no DOM). */
function followFocus(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('focusin', (event) => (lastOpener = openerOf(event.target)), true);
}

/**
 * When a dialog closes, focus goes back to the control that opened it, including a menu's button
 * when a menu item opened it. Mantine returns focus itself when the opener is still on the page;
 * this steps in only when focus was left on nothing.
 */
export function useFocusReturnToOpener(opened: boolean): void {
  useLayoutEffect(followFocus, []);
  useLayoutEffect(() => {
    if (!opened) return;
    const opener = openerOf(document.activeElement) ?? lastOpener;
    // On close, or when the dialog leaves the page: after Mantine's own return (10 ms).
    return () => {
      window.setTimeout(() => {
        const active = document.activeElement;
        if ((!active || active === document.body) && opener?.isConnected)
          opener.focus({ preventScroll: true });
      }, 40);
    };
  }, [opened]);
}
