import { describe, expect, it } from 'vitest';
import { hasHiddenCharacters, hasNul, isFileName, withoutHiddenCharacters } from './names';
import { messages, nameField, optionalName, optionalText, requiredText } from './validation';

/** One of each kind of character a name may not hold. */
const HIDDEN = {
  'NUL U+0000': '\u0000',
  'tab U+0009': '\t',
  'line feed U+000A': '\n',
  'escape U+001B': '\u001b',
  'delete U+007F': '\u007f',
  'C1 U+0085': '\u0085',
  'C1 U+009B': '\u009b',
  'line separator U+2028': '\u2028',
  'paragraph separator U+2029': '\u2029',
  'arabic letter mark U+061C': '\u061c',
  'zero width space U+200B': '\u200b',
  'left-to-right mark U+200E': '\u200e',
  'right-to-left mark U+200F': '\u200f',
  'left-to-right embedding U+202A': '\u202a',
  'right-to-left override U+202E': '\u202e',
  'word joiner U+2060': '\u2060',
  'first strong isolate U+2068': '\u2068',
  'pop directional isolate U+2069': '\u2069',
  'byte order mark U+FEFF': '\ufeff',
  'interlinear annotation U+FFF9': '\ufff9',
  'unpaired surrogate U+D800': '\ud800',
};

describe('hidden characters in names', () => {
  it.each(Object.entries(HIDDEN))('finds and removes %s', (_, char) => {
    const name = `photo${char}gnp.jpg`;
    expect(hasHiddenCharacters(name)).toBe(true);
    expect(withoutHiddenCharacters(name)).toBe('photognp.jpg');
    expect(isFileName(name)).toBe(false);
  });

  it('keeps what names of every script need: accents, RTL letters, emoji with joiners, Persian ZWNJ', () => {
    for (const name of [
      'Café Crème.jpg',
      'שלום עולם.png',
      'صورة ١.pdf',
      '👩‍👩‍👧 family.jpg',
      'می‌خواهم.psd',
      '東京 タワー.tif',
      '🏴󠁧󠁢󠁥󠁮󠁧󠁿 flag.png',
    ]) {
      expect(hasHiddenCharacters(name)).toBe(false);
      expect(withoutHiddenCharacters(name)).toBe(name);
      expect(isFileName(name)).toBe(true);
    }
  });

  it('refuses path separators in file names only', () => {
    expect(isFileName('a/b.jpg')).toBe(false);
    expect(isFileName('a\\b.jpg')).toBe(false);
    expect(hasHiddenCharacters('a/b')).toBe(false);
  });

  it('finds NUL alone for free text', () => {
    expect(hasNul('a\u0000b')).toBe(true);
    expect(hasNul('line\nnext\ttab \u202e')).toBe(false);
  });
});

describe('name fields', () => {
  const folder = nameField('Folder name', { max: 50 });

  it.each(Object.entries(HIDDEN))("refuses %s with the field's message", (_, char) => {
    const result = folder.safeParse(`Selects${char}final`);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([messages.nameCharacters('Folder name')]);
  });

  it('trims, then takes a name of any script', () => {
    expect(folder.parse('  Sélection 👩‍👩‍👧  ')).toBe('Sélection 👩‍👩‍👧');
    expect(folder.parse('\u00a0שלום\u00a0')).toBe('שלום');
  });

  it('caps the length before the characters are looked at', () => {
    const result = folder.safeParse(`${'a'.repeat(60)}\u202e`);
    expect(result.error?.issues.map((i) => i.message)).toEqual([messages.maxLength('Folder name', 50)]);
  });

  it('an optional name is absent, or a clean name', () => {
    const client = optionalName('Client name', 50);
    expect(client.parse(undefined)).toBeUndefined();
    expect(client.parse(' Acme ')).toBe('Acme');
    expect(client.safeParse('Acme\u200f').error?.issues[0]?.message).toBe(
      messages.nameCharacters('Client name'),
    );
  });
});

describe('free text refuses NUL only', () => {
  it('takes line breaks, tabs and bidi marks in a comment, refuses NUL', () => {
    const comment = requiredText('Comment', { max: 100 });
    expect(comment.parse('first line\n\tsecond \u200fשלום')).toBe('first line\n\tsecond \u200fשלום');
    expect(comment.safeParse('a\u0000b').error?.issues.map((i) => i.message)).toEqual([
      messages.nul('Comment'),
    ]);
    const message = optionalText('Message', 100);
    expect(message.safeParse('hi\u0000').error?.issues.map((i) => i.message)).toEqual([
      messages.nul('Message'),
    ]);
  });
});
