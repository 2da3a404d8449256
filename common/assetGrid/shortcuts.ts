import { isNavigationKey, type NavigationKey } from './navigation';

/**
 * The grid's keyboard mode, in one table: the key handler reads `commandFor`, the help overlay
 * lists `SHORTCUT_GROUPS`, so a key cannot work without being listed or be listed without working.
 */
export type GridCommand =
  | { kind: 'move'; key: NavigationKey; extend: boolean; jump: boolean }
  | { kind: 'approve' }
  | { kind: 'unapprove' }
  | { kind: 'toggleRush' }
  /** 1–9 the project's labels in their order; 0 takes the label off. */
  | { kind: 'label'; slot: number }
  | { kind: 'pickLabel' }
  | { kind: 'open' }
  | { kind: 'toggleSelect' }
  | { kind: 'selectAll' }
  | { kind: 'clearSelection' }
  | { kind: 'rename' }
  | { kind: 'moveToFolder' }
  | { kind: 'download' }
  | { kind: 'delete' }
  | { kind: 'help' };

export interface KeyInput {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

const SINGLE_KEYS: Record<string, GridCommand> = {
  a: { kind: 'approve' },
  u: { kind: 'unapprove' },
  r: { kind: 'toggleRush' },
  l: { kind: 'pickLabel' },
  m: { kind: 'moveToFolder' },
  d: { kind: 'download' },
  Enter: { kind: 'open' },
  ' ': { kind: 'toggleSelect' },
  Delete: { kind: 'delete' },
  Backspace: { kind: 'delete' },
  F2: { kind: 'rename' },
  Escape: { kind: 'clearSelection' },
  '?': { kind: 'help' },
};

/** The command a key press means in the grid, or null when the grid leaves it to the browser. */
export function commandFor(input: KeyInput): GridCommand | null {
  const command = input.ctrlKey || input.metaKey;
  if (input.altKey) return null;
  if (isNavigationKey(input.key))
    return { kind: 'move', key: input.key, extend: input.shiftKey, jump: command };
  if (command) return input.key.toLowerCase() === 'a' ? { kind: 'selectAll' } : null;
  if (/^[0-9]$/.test(input.key)) return input.shiftKey ? null : { kind: 'label', slot: Number(input.key) };
  const key = input.key.length === 1 ? input.key.toLowerCase() : input.key;
  // Shift+letter is left alone (typing, browser shortcuts), except '?', which needs shift.
  if (input.shiftKey && key !== '?' && key.length === 1 && key !== ' ') return null;
  return SINGLE_KEYS[key] ?? null;
}

export interface ShortcutRow {
  /** The keys as shown, each in its own key cap; `or` rows show alternatives. */
  keys: string[];
  description: string;
}

export interface ShortcutGroup {
  title: string;
  rows: ShortcutRow[];
}

/** Every shortcut of the grid, as the '?' overlay lists them. */
export const SHORTCUT_GROUPS: ShortcutGroup[] = [
  {
    title: 'Move',
    rows: [
      { keys: ['←', '→', '↑', '↓'], description: 'Move between assets' },
      { keys: ['Home', 'End'], description: 'First or last asset of the row' },
      { keys: ['Ctrl/⌘ Home', 'Ctrl/⌘ End'], description: 'First or last asset' },
      { keys: ['Page Up', 'Page Down'], description: 'One screen up or down' },
      { keys: ['Enter'], description: 'Open the asset' },
    ],
  },
  {
    title: 'Select',
    rows: [
      { keys: ['Space'], description: 'Add to or remove from the selection' },
      { keys: ['Shift + arrows'], description: 'Select a range' },
      { keys: ['Ctrl/⌘ A'], description: 'Select all' },
      { keys: ['Esc'], description: 'Clear the selection' },
    ],
  },
  {
    title: 'Review',
    rows: [
      { keys: ['A'], description: 'Approve' },
      { keys: ['U'], description: 'Unapprove' },
      { keys: ['R'], description: 'Flag or unflag rush priority' },
      { keys: ['1 … 9'], description: "Set the project's 1st to 9th label" },
      { keys: ['0'], description: 'Remove the label' },
      { keys: ['L'], description: 'Choose a label' },
    ],
  },
  {
    title: 'Organise',
    rows: [
      { keys: ['F2'], description: 'Rename' },
      { keys: ['M'], description: 'Move to a folder' },
      { keys: ['D'], description: 'Download' },
      { keys: ['Delete'], description: 'Delete (asks first)' },
      { keys: ['?'], description: 'Show these shortcuts' },
    ],
  },
];

/** Review keys act on the selection when the focused asset is in it, else on the focused asset. */
export const SHORTCUTS_NOTE =
  'Review and organise keys act on the selected assets when the focused one is selected, otherwise on the focused asset.';
