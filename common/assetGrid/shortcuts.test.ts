import { describe, expect, it } from 'vitest';
import { commandFor, SHORTCUT_GROUPS, type GridCommand, type KeyInput } from './shortcuts';

const press = (key: string, mods: Partial<KeyInput> = {}): GridCommand | null =>
  commandFor({ key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('commandFor', () => {
  it('moves with arrows, extends with shift, jumps with Ctrl or Cmd', () => {
    expect(press('ArrowRight')).toEqual({ kind: 'move', key: 'ArrowRight', extend: false, jump: false });
    expect(press('ArrowDown', { shiftKey: true })).toMatchObject({ extend: true });
    expect(press('End', { metaKey: true })).toMatchObject({ kind: 'move', jump: true });
  });

  it('reviews with A, U and R, in either case', () => {
    expect(press('a')).toEqual({ kind: 'approve' });
    expect(press('U')).toEqual({ kind: 'unapprove' });
    expect(press('r')).toEqual({ kind: 'toggleRush' });
  });

  it('sets a label slot with a digit, 0 taking the label off, and opens the picker with L', () => {
    expect(press('3')).toEqual({ kind: 'label', slot: 3 });
    expect(press('0')).toEqual({ kind: 'label', slot: 0 });
    expect(press('l')).toEqual({ kind: 'pickLabel' });
  });

  it('opens, selects, deletes, renames and shows help', () => {
    expect(press('Enter')).toEqual({ kind: 'open' });
    expect(press(' ')).toEqual({ kind: 'toggleSelect' });
    expect(press('Delete')).toEqual({ kind: 'delete' });
    expect(press('Backspace')).toEqual({ kind: 'delete' });
    expect(press('F2')).toEqual({ kind: 'rename' });
    expect(press('?', { shiftKey: true })).toEqual({ kind: 'help' });
    expect(press('Escape')).toEqual({ kind: 'clearSelection' });
    expect(press('a', { ctrlKey: true })).toEqual({ kind: 'selectAll' });
    expect(press('A', { metaKey: true })).toEqual({ kind: 'selectAll' });
  });

  it('leaves other keys and browser shortcuts alone', () => {
    expect(press('x')).toBeNull();
    expect(press('r', { ctrlKey: true })).toBeNull();
    expect(press('a', { altKey: true })).toBeNull();
    expect(press('A', { shiftKey: true })).toBeNull();
    expect(press('1', { shiftKey: true })).toBeNull();
    expect(press('Tab')).toBeNull();
  });
});

describe('SHORTCUT_GROUPS', () => {
  it('lists every command kind the keyboard can give', () => {
    const listed = SHORTCUT_GROUPS.flatMap((g) => g.rows.map((r) => r.description)).join(' | ');
    for (const word of ['Approve', 'Unapprove', 'rush', 'label', 'Open', 'selection', 'Delete', 'Rename'])
      expect(listed).toContain(word);
    expect(SHORTCUT_GROUPS.flatMap((g) => g.rows).every((r) => r.keys.length > 0)).toBe(true);
  });
});
