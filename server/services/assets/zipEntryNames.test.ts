import { describe, expect, it } from 'vitest';
import { lowResName, withRoundNumber } from '@common/api/downloads';
import { safeSegment, ZipEntryNames } from './zipEntryNames';

describe('zip entry names from hostile file names', () => {
  it.each([
    ['../../etc/passwd', '.._.._etc_passwd'],
    ['/abs/path.jpg', '_abs_path.jpg'],
    ['..', 'file'],
    ['.', 'file'],
    ['...', 'file'],
    ['C:\\Windows\\evil.jpg', 'C__Windows_evil.jpg'],
    ['bell\u0007\u0000tab\there.jpg', 'bell__tab_here.jpg'],
    ['line\nbreak\r.png', 'line_break_.png'],
    ['c1\u0085char.png', 'c1_char.png'],
    ['what?<>|*".txt', 'what______.txt'],
    ['trailing dots... ', 'trailing dots'],
    ['CON.txt', '_CON.txt'],
    ['nul', '_nul'],
    ['   ', 'file'],
  ])('%j → %j', (name, safe) => {
    expect(safeSegment(name)).toBe(safe);
  });

  it('keeps Unicode letters, composed (NFC)', () => {
    expect(safeSegment('Cafe\u0301 北京 🌸.jpg')).toBe('Café 北京 🌸.jpg');
  });

  it('shortens the stem, never the extension, to 240 bytes of UTF-8 without splitting a character', () => {
    const long = safeSegment(`${'é'.repeat(300)}.jpeg`);
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(240);
    expect(long.endsWith('é.jpeg')).toBe(true);
  });

  it('numbers duplicates regardless of case, in each directory apart, and never lets a file take a folder name', () => {
    const names = new ZipEntryNames();
    const shoot = names.directory('Shoot');
    expect(shoot).toBe('Shoot/');
    expect(names.directory('shoot')).toBe('shoot (2)/');
    expect(names.file('Shoot')).toBe('Shoot (3)');
    expect(names.file('hero.jpg')).toBe('hero.jpg');
    expect(names.file('HERO.jpg')).toBe('HERO (2).jpg');
    expect(names.file('hero.jpg')).toBe('hero (3).jpg');
    expect(names.file('hero.jpg', shoot)).toBe('Shoot/hero.jpg');
    expect(names.file('../hero.jpg', shoot)).toBe('Shoot/.._hero.jpg');
    expect(names.file('.hidden')).toBe('.hidden');
    expect(names.file('.hidden')).toBe('.hidden (2)');
    expect(names.directory('../..')).toBe('.._/');
  });
});

describe('download file names', () => {
  it.each([
    ['hero.jpg', 2, 'hero_R2.jpg'],
    ['a.tar.gz', 0, 'a.tar_R0.gz'],
    ['notes', 3, 'notes_R3'],
    ['.env', 1, '.env_R1'],
  ])('%s in round %i is %s', (name, round, expected) => {
    expect(withRoundNumber(name, round)).toBe(expected);
  });

  it('names the low-res JPEG after the file', () => {
    expect(lowResName('hero.psd')).toBe('hero.jpg');
    expect(withRoundNumber(lowResName('Hero.TIFF'), 4)).toBe('Hero_R4.jpg');
  });
});
