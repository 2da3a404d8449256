import { describe, expect, it } from 'vitest';
import { insertMention, matchMembers, mentionQueryAt, textPieces, toEditable, toWireText } from './mentions';

describe('textPieces', () => {
  it('splits text and mentions, keeping the text around them', () => {
    expect(textPieces('Hi @[Ann Lee](user:12), see @[Bo](user:3)!')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', name: 'Ann Lee', userId: 12 },
      { kind: 'text', text: ', see ' },
      { kind: 'mention', name: 'Bo', userId: 3 },
      { kind: 'text', text: '!' },
    ]);
  });

  it('keeps markup-looking text as plain text', () => {
    const text = '<img src=x onerror=alert(1)> @[x](user:abc) @Ann';
    expect(textPieces(text)).toEqual([{ kind: 'text', text }]);
  });

  it('answers nothing for an empty text and one piece for a lone mention', () => {
    expect(textPieces('')).toEqual([]);
    expect(textPieces('@[A](user:1)')).toEqual([{ kind: 'mention', name: 'A', userId: 1 }]);
  });
});

describe('mentionQueryAt', () => {
  it('finds the name being typed after an @ at the start or after a space', () => {
    expect(mentionQueryAt('@an', 3)).toEqual({ start: 0, query: 'an' });
    expect(mentionQueryAt('hello @Ann L', 12)).toEqual({ start: 6, query: 'Ann L' });
    expect(mentionQueryAt('hello @', 7)).toEqual({ start: 6, query: '' });
  });

  it('ignores an @ inside a word, across a line, after a space, or in a token', () => {
    expect(mentionQueryAt('mail me@home', 12)).toBeNull();
    expect(mentionQueryAt('@ann\nthen', 9)).toBeNull();
    expect(mentionQueryAt('@ ann', 5)).toBeNull();
    expect(mentionQueryAt('@[Ann](user:1) ok', 17)).toBeNull();
    expect(mentionQueryAt('no at sign', 10)).toBeNull();
  });

  it('stops looking past a name of 40 characters', () => {
    const long = `@${'a'.repeat(41)}`;
    expect(mentionQueryAt(long, long.length)).toBeNull();
  });
});

describe('insertMention', () => {
  it('puts @Name and one space in place of the query, caret after it, member remembered', () => {
    const result = insertMention('Hey @an there', { start: 4, caret: 7 }, { id: 5, name: 'Ann Lee' });
    expect(result.text).toBe('Hey @Ann Lee there');
    expect(result.caret).toBe('Hey @Ann Lee '.length);
    expect(result.picked).toEqual({ id: 5, name: 'Ann Lee' });
  });

  it('cleans brackets out of a name so the token stays whole', () => {
    const result = insertMention('@a', { start: 0, caret: 2 }, { id: 1, name: 'A [x]' });
    expect(result.text).toBe('@A  x  ');
    expect(toWireText(result.text, [result.picked])).toBe('@[A  x ](user:1) ');
  });
});

describe('toWireText and toEditable', () => {
  const ann = { id: 5, name: 'Ann Lee' };
  const an = { id: 6, name: 'Ann' };

  it('turns picked names into tokens, the longest name first', () => {
    expect(toWireText('@Ann Lee and @Ann, look', [an, ann])).toBe(
      '@[Ann Lee](user:5) and @[Ann](user:6), look',
    );
  });

  it('leaves an unpicked @name, an @ inside a word and a longer word alone', () => {
    expect(toWireText('@Bob me@Ann @Annie', [an])).toBe('@Bob me@Ann @Annie');
    expect(toWireText('plain', [])).toBe('plain');
  });

  it('shows a stored text with names and gives back the same text', () => {
    const stored = 'Hi @[Ann Lee](user:5), and @[Ann Lee](user:5) again';
    const editable = toEditable(stored);
    expect(editable.text).toBe('Hi @Ann Lee, and @Ann Lee again');
    expect(editable.picked).toEqual([ann]);
    expect(toWireText(editable.text, editable.picked)).toBe(stored);
  });
});

describe('matchMembers', () => {
  const members = [
    { name: 'Zoe Ann', email: 'zoe@x.io' },
    { name: 'Ann Lee', email: 'ann@x.io' },
    { name: 'Bob', email: 'annie@x.io' },
    { name: 'Carl', email: 'carl@x.io' },
  ];
  it('ranks a name start, then a word start, then an e-mail start', () => {
    expect(matchMembers(members, 'ann').map((m) => m.name)).toEqual(['Ann Lee', 'Zoe Ann', 'Bob']);
  });
  it('lists everyone (up to the limit) for an empty query, nobody for no match', () => {
    expect(matchMembers(members, '', 2)).toHaveLength(2);
    expect(matchMembers(members, 'xyz')).toEqual([]);
  });
});
