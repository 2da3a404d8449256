import type { KeyInput, ShortcutGroup } from '@common/assetGrid/shortcuts';

/** The markup editor's commands and their keys, in one table (the toolbar's hints read it too). */
export type MarkupCommand =
  | 'undo'
  | 'redo'
  | 'lineTool'
  | 'arrowTool'
  | 'rectangleTool'
  | 'ellipseTool'
  | 'selectTool'
  | 'deleteSelected'
  | 'deselect';

interface MarkupShortcut {
  command: MarkupCommand;
  matches: (input: KeyInput, key: string, mod: boolean) => boolean;
  /** The keys as the toolbar's hints and the '?' overlay show them. */
  caps: string[];
  description: string;
}

export const MARKUP_SHORTCUTS: readonly MarkupShortcut[] = [
  {
    command: 'undo',
    matches: (input, key, mod) => mod && key === 'z' && !input.shiftKey,
    caps: ['Ctrl/⌘', 'Z'],
    description: 'Undo',
  },
  {
    command: 'redo',
    matches: (input, key, mod) =>
      mod && ((key === 'z' && input.shiftKey) || (key === 'y' && !input.shiftKey)),
    caps: ['Shift', 'Ctrl/⌘', 'Z'],
    description: 'Redo',
  },
  {
    command: 'lineTool',
    matches: (i, key, mod) => !mod && !i.shiftKey && key === 'l',
    caps: ['L'],
    description: 'Line',
  },
  // A and R alone are the asset view's (approve, rush): the arrow is Shift+L as in Figma, the
  // rectangle Shift+R; the ellipse is O as in Figma and Excalidraw.
  {
    command: 'arrowTool',
    matches: (i, key, mod) => !mod && i.shiftKey && key === 'l',
    caps: ['Shift', 'L'],
    description: 'Arrow',
  },
  {
    command: 'rectangleTool',
    matches: (i, key, mod) => !mod && i.shiftKey && key === 'r',
    caps: ['Shift', 'R'],
    description: 'Rectangle',
  },
  {
    command: 'ellipseTool',
    matches: (i, key, mod) => !mod && !i.shiftKey && key === 'o',
    caps: ['O'],
    description: 'Ellipse',
  },
  {
    command: 'selectTool',
    matches: (i, key, mod) => !mod && !i.shiftKey && key === 'v',
    caps: ['V'],
    description: 'Select',
  },
  {
    command: 'deleteSelected',
    matches: (_i, key, mod) => !mod && (key === 'Delete' || key === 'Backspace'),
    caps: ['Delete'],
    description: 'Delete shape',
  },
  {
    command: 'deselect',
    matches: (_i, key, mod) => !mod && key === 'Escape',
    caps: ['Esc'],
    description: 'Deselect',
  },
];

export function markupCommandFor(input: KeyInput): MarkupCommand | null {
  if (input.altKey) return null;
  const key = input.key.length === 1 ? input.key.toLowerCase() : input.key;
  const mod = input.ctrlKey || input.metaKey;
  return MARKUP_SHORTCUTS.find((s) => s.matches(input, key, mod))?.command ?? null;
}

export const shortcutCaps = (command: MarkupCommand) =>
  MARKUP_SHORTCUTS.find((s) => s.command === command)?.caps.join('+') ?? '';

/** The markup keys for the asset view's '?' overlay, with the pointer's own gestures. */
export const MARKUP_SHORTCUT_GROUP: ShortcutGroup = {
  title: 'Markup',
  rows: [
    ...MARKUP_SHORTCUTS.map((s) => ({ keys: s.caps, description: s.description })),
    { keys: ['Space+drag', 'Middle drag'], description: 'Pan' },
  ],
};

/** Where a key belongs to what has focus (a text box, a slider, a menu), not to the drawing. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) ||
    ['slider', 'menuitem', 'option', 'textbox', 'combobox'].includes(target.getAttribute('role') ?? '')
  );
}
