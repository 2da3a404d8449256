import { describe, expect, it } from 'vitest';
import { ASSET_SHORTCUT_GROUPS, assetCommandFor, type AssetCommand } from './assetShortcuts';

const press = (
  key: string,
  modifiers: Partial<Record<'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {},
) => assetCommandFor({ key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...modifiers });

describe('the asset view keys', () => {
  it.each<[string, AssetCommand]>([
    ['ArrowLeft', 'previousAsset'],
    ['ArrowRight', 'nextAsset'],
    ['+', 'zoomIn'],
    ['=', 'zoomIn'],
    ['-', 'zoomOut'],
    ['0', 'fit'],
    ['1', 'actualSize'],
    ['a', 'toggleApproval'],
    ['A', 'toggleApproval'],
    ['r', 'toggleRush'],
    ['d', 'download'],
    ['PageUp', 'previousPage'],
    ['PageDown', 'nextPage'],
  ])('%s means %s', (key, command) => {
    expect(press(key)).toBe(command);
  });

  it('takes + and ? with Shift, and no letter with Shift', () => {
    expect(press('+', { shiftKey: true })).toBe('zoomIn');
    expect(press('?', { shiftKey: true })).toBe('help');
    expect(press('A', { shiftKey: true })).toBeNull();
    expect(press('ArrowRight', { shiftKey: true })).toBeNull();
  });

  it('leaves modified keys to the browser (Ctrl + is its zoom)', () => {
    expect(press('+', { ctrlKey: true })).toBeNull();
    expect(press('-', { metaKey: true })).toBeNull();
    expect(press('a', { altKey: true })).toBeNull();
  });

  it('ignores keys it has no use for', () => {
    expect(press('x')).toBeNull();
    expect(press('2')).toBeNull();
    expect(press('Enter')).toBeNull();
  });

  it('lists every command in the help overlay', () => {
    const listed = ASSET_SHORTCUT_GROUPS.slice(0, 3) // compare's groups: compareShortcuts.test.ts
      .flatMap((group) => group.rows.map((row) => row.description));
    expect(listed).toHaveLength(12);
    expect(new Set(listed).size).toBe(12);
  });
});
