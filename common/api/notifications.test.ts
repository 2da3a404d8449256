import { describe, expect, it } from 'vitest';
import { messageSegments, suspendedText, unseenBadgeText, withoutPipes } from './notifications';

describe('messageSegments', () => {
  it('highlights the text between a pair of pipes', () => {
    expect(messageSegments('|Anna| commented on hero.jpg')).toEqual([
      { text: 'Anna', highlighted: true },
      { text: ' commented on hero.jpg', highlighted: false },
    ]);
    expect(messageSegments('Round 2 of |hero.jpg| is up')).toEqual([
      { text: 'Round 2 of ', highlighted: false },
      { text: 'hero.jpg', highlighted: true },
      { text: ' is up', highlighted: false },
    ]);
  });

  it('reads a message without pipes, or with one left open, as plain text', () => {
    expect(messageSegments('Nothing to see')).toEqual([{ text: 'Nothing to see', highlighted: false }]);
    expect(messageSegments('|Anna| said a | b')).toEqual([
      { text: 'Anna', highlighted: true },
      { text: ' said a | b', highlighted: false },
    ]);
    expect(messageSegments('')).toEqual([]);
  });

  it('cannot be opened by a name, whose pipes withoutPipes turns into broken bars', () => {
    const name = withoutPipes('a|b|c');
    expect(name).toBe('a\u00a6b\u00a6c');
    expect(messageSegments(`|${name}| commented`)).toEqual([
      { text: name, highlighted: true },
      { text: ' commented', highlighted: false },
    ]);
  });
});

describe('badges and the suspended overlay', () => {
  it('caps a badge at 99', () => {
    expect([0, 99, 100, 5000].map(unseenBadgeText)).toEqual(['0', '99', '99+', '99+']);
  });

  it('says whose workspace is suspended, and nothing while it is active', () => {
    expect(suspendedText({ is_active: true, owner_id: 1 }, 1)).toBeNull();
    expect(suspendedText({ is_active: false, owner_id: 1 }, 1)).toBe('The workspace has been suspended.');
    expect(suspendedText({ is_active: false, owner_id: 1 }, 2)).toBe(
      'The workspace that owns this project has been suspended.',
    );
  });
});
