import { useEffect, useEffectEvent } from 'react';
import { assetCommandFor, isTypingTarget, type AssetCommand } from './assetShortcuts';

/** Commands that would repeat harmfully while a key is held (a toggle flipping back and forth). */
const ONCE: ReadonlySet<AssetCommand> = new Set(['toggleApproval', 'toggleRush', 'download', 'help']);

/**
 * The asset view's keys on the whole window, unless a field or a menu has the focus or a dialog
 * is open (its keys are its own).
 */
export function useAssetKeys(run: (command: AssetCommand) => void, enabled: boolean) {
  const onCommand = useEffectEvent(run);
  useEffect(() => {
    if (!enabled) return;
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || isTypingTarget(event.target)) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="menu"]')) return;
      const command = assetCommandFor(event);
      if (!command || (event.repeat && ONCE.has(command))) return;
      event.preventDefault();
      onCommand(command);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}
