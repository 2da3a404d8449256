import type { KeyInput, ShortcutGroup } from '@common/assetGrid/shortcuts';

/**
 * The asset view's keys, in one table: the key handler reads `assetCommandFor`, the '?' overlay
 * lists `ASSET_SHORTCUT_GROUPS`, so a key cannot work without being listed.
 */
export type AssetCommand =
  | 'previousAsset'
  | 'nextAsset'
  | 'zoomIn'
  | 'zoomOut'
  | 'fit'
  | 'actualSize'
  | 'previousPage'
  | 'nextPage'
  | 'toggleApproval'
  | 'toggleRush'
  | 'download'
  | 'help';

interface Shortcut {
  command: AssetCommand;
  /** The `KeyboardEvent.key` values that give it. */
  keys: string[];
  /** The keys as the overlay shows them. */
  caps: string[];
  description: string;
  group: 'Move' | 'Zoom' | 'Review';
}

const SHORTCUTS: Shortcut[] = [
  {
    command: 'previousAsset',
    keys: ['ArrowLeft'],
    caps: ['←'],
    description: 'Previous asset',
    group: 'Move',
  },
  { command: 'nextAsset', keys: ['ArrowRight'], caps: ['→'], description: 'Next asset', group: 'Move' },
  {
    command: 'previousPage',
    keys: ['PageUp'],
    caps: ['Page Up'],
    description: 'Previous page',
    group: 'Move',
  },
  {
    command: 'nextPage',
    keys: ['PageDown'],
    caps: ['Page Down'],
    description: 'Next page',
    group: 'Move',
  },
  { command: 'zoomIn', keys: ['+', '='], caps: ['+'], description: 'Zoom in', group: 'Zoom' },
  { command: 'zoomOut', keys: ['-', '_'], caps: ['−'], description: 'Zoom out', group: 'Zoom' },
  { command: 'fit', keys: ['0'], caps: ['0'], description: 'Fit to screen', group: 'Zoom' },
  { command: 'actualSize', keys: ['1'], caps: ['1'], description: 'Actual size (100 %)', group: 'Zoom' },
  {
    command: 'toggleApproval',
    keys: ['a'],
    caps: ['A'],
    description: 'Approve or unapprove',
    group: 'Review',
  },
  {
    command: 'toggleRush',
    keys: ['r'],
    caps: ['R'],
    description: 'Flag or unflag rush priority',
    group: 'Review',
  },
  { command: 'download', keys: ['d'], caps: ['D'], description: 'Download', group: 'Review' },
  { command: 'help', keys: ['?'], caps: ['?'], description: 'Show these shortcuts', group: 'Review' },
];

/** Keys that need Shift on common layouts: Shift is allowed for them and no other. */
const SHIFTED = new Set(['+', '?', '_']);

/** The command a key press means on the asset view, or null when it is the browser's. */
export function assetCommandFor(input: KeyInput): AssetCommand | null {
  // Ctrl/⌘ with + and − is the browser's own zoom: left to it, like every other modified key.
  if (input.ctrlKey || input.metaKey || input.altKey) return null;
  const key = input.key.length === 1 ? input.key.toLowerCase() : input.key;
  if (input.shiftKey && !SHIFTED.has(key)) return null;
  return SHORTCUTS.find((shortcut) => shortcut.keys.includes(key))?.command ?? null;
}

const GROUPS = ['Move', 'Zoom', 'Review'] as const;

/** Comparing two rounds: C enters and leaves; the others only while comparing. */
export type CompareCommand =
  | 'toggleCompare'
  | 'sideBySide'
  | 'wipe'
  | 'onion'
  | 'blinkMode'
  | 'difference'
  | 'flipBlink'
  | 'leaveCompare';

const COMPARE_SHORTCUTS: Array<Omit<Shortcut, 'command' | 'group'> & { command: CompareCommand }> = [
  { command: 'toggleCompare', keys: ['c'], caps: ['C'], description: 'Compare two rounds' },
  { command: 'sideBySide', keys: ['1'], caps: ['1'], description: 'Side by side' },
  { command: 'wipe', keys: ['2'], caps: ['2'], description: 'Wipe' },
  { command: 'onion', keys: ['3'], caps: ['3'], description: 'Onion skin' },
  { command: 'blinkMode', keys: ['4'], caps: ['4'], description: 'Blink' },
  { command: 'difference', keys: ['5'], caps: ['5'], description: 'Difference' },
  { command: 'flipBlink', keys: ['b'], caps: ['B'], description: 'Flip between the rounds' },
  { command: 'leaveCompare', keys: ['Escape'], caps: ['Esc'], description: 'Leave compare' },
];

/**
 * The compare command a key press means; while comparing, 1–5 pick the mode (100 % is then the
 * zoom bar's 1:1 or a double-click). Null when it is not compare's key.
 */
export function compareCommandFor(input: KeyInput, comparing: boolean): CompareCommand | null {
  if (input.ctrlKey || input.metaKey || input.altKey || input.shiftKey) return null;
  const key = input.key.length === 1 ? input.key.toLowerCase() : input.key;
  const command = COMPARE_SHORTCUTS.find((shortcut) => shortcut.keys.includes(key))?.command ?? null;
  return comparing || command === 'toggleCompare' ? command : null;
}

/** Every shortcut of the asset view, as the '?' overlay lists them; the mouse's ways last. */
export const ASSET_SHORTCUT_GROUPS: ShortcutGroup[] = [
  ...GROUPS.map((title) => ({
    title,
    rows: SHORTCUTS.filter((s) => s.group === title).map((s) => ({
      keys: s.caps,
      description: s.description,
    })),
  })),
  { title: 'Compare', rows: compareRows(false) },
  { title: 'While comparing', rows: compareRows(true) },
];

/** Compare's keys as the overlay lists them: C, B and Esc, then the five modes on their own. */
function compareRows(modes: boolean) {
  return COMPARE_SHORTCUTS.filter((s) => /^[1-5]$/.test(s.keys[0]!) === modes).map((s) => ({
    keys: s.caps,
    description: s.description,
  }));
}

export const ASSET_SHORTCUTS_NOTE =
  'Pages move through documents. With the mouse, the wheel zooms around the cursor, dragging pans, and a double-click switches between fit and 100 %.';

/** Where a key belongs to what has focus (typing, a slider, a menu), not to the page. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) ||
    ['slider', 'menuitem', 'option', 'textbox'].includes(target.getAttribute('role') ?? '')
  );
}
