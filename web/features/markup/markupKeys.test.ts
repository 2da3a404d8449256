import { describe, expect, it } from 'vitest';
import { MARKUP_SHORTCUT_GROUP, markupCommandFor, shortcutCaps } from './markupKeys';

const key = (
  k: string,
  mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {},
) => markupCommandFor({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

describe('markupCommandFor', () => {
  it('undoes with Ctrl or ⌘ + Z and redoes with Shift added (or Ctrl + Y)', () => {
    expect(key('z', { ctrlKey: true })).toBe('undo');
    expect(key('z', { metaKey: true })).toBe('undo');
    expect(key('Z', { metaKey: true, shiftKey: true })).toBe('redo');
    expect(key('y', { ctrlKey: true })).toBe('redo');
  });

  it('switches tools with L and V, deletes and deselects', () => {
    expect(key('l')).toBe('lineTool');
    expect(key('V')).toBe('selectTool');
    expect(key('Delete')).toBe('deleteSelected');
    expect(key('Backspace')).toBe('deleteSelected');
    expect(key('Escape')).toBe('deselect');
  });

  it('picks the arrow with Shift+L, the rectangle with Shift+R and the ellipse with O', () => {
    expect(key('L', { shiftKey: true })).toBe('arrowTool');
    expect(key('R', { shiftKey: true })).toBe('rectangleTool');
    expect(key('o')).toBe('ellipseTool');
    expect(key('O', { shiftKey: true })).toBeNull();
    expect(key('o', { ctrlKey: true })).toBeNull();
    // R alone flags rush and A approves on the asset view: the markup keys leave them.
    expect(key('r')).toBeNull();
    expect(shortcutCaps('arrowTool')).toBe('Shift+L');
  });

  it('leaves other keys and Alt combinations alone', () => {
    expect(key('z')).toBeNull();
    expect(key('l', { ctrlKey: true })).toBeNull();
    expect(key('z', { ctrlKey: true, altKey: true })).toBeNull();
    expect(key('a')).toBeNull();
  });

  it('lists every key in the overlay’s group and joins caps for the hints', () => {
    expect(MARKUP_SHORTCUT_GROUP.rows.map((r) => r.description)).toEqual(
      expect.arrayContaining([
        'Undo',
        'Redo',
        'Line',
        'Arrow',
        'Rectangle',
        'Ellipse',
        'Select',
        'Delete shape',
        'Deselect',
      ]),
    );
    expect(shortcutCaps('redo')).toBe('Shift+Ctrl/⌘+Z');
  });
});
