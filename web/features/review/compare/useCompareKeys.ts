import { useEffect, useEffectEvent } from 'react';
import type { CompareMode } from '@web/features/compare';
import { compareCommandFor, isTypingTarget, type CompareCommand } from '../assetShortcuts';
import type { CompareSession } from './useCompareSession';

const MODE_OF: Partial<Record<CompareCommand, CompareMode>> = {
  sideBySide: 'sideBySide',
  wipe: 'wipe',
  onion: 'onion',
  blinkMode: 'blink',
  difference: 'difference',
};

/**
 * Compare's keys: C in and out, and while comparing 1–5, B and Esc. Read before the asset view's
 * own keys (capture), so 1 picks side by side instead of zooming to 100 % while comparing.
 */
export function useCompareKeys(session: CompareSession, enabled: boolean) {
  const run = useEffectEvent((command: CompareCommand) => {
    const mode = MODE_OF[command];
    if (mode) return session.setMode(mode);
    if (command === 'toggleCompare') return session.toggle();
    if (command === 'flipBlink') return session.flip();
    if (command === 'leaveCompare') return session.leave();
  });
  const comparing = session.active;
  const available = session.available;
  useEffect(() => {
    if (!enabled || !available) return;
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.repeat) return;
      // Compare's keys work from its sliders too (the wipe divider, opacity, tolerance): they use
      // only the arrows, Home, End and the page keys. Not from a field or a menu.
      const slider = event.target instanceof Element && event.target.getAttribute('role') === 'slider';
      if (isTypingTarget(event.target) && !slider) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="menu"]')) return;
      const command = compareCommandFor(event, comparing);
      if (!command) return;
      event.preventDefault();
      run(command);
    }
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [enabled, available, comparing]);
}
