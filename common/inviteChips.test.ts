import { describe, expect, it } from 'vitest';
import {
  addChips,
  canSendInvites,
  draftChips,
  isChipKey,
  removeChip,
  removeLastChip,
  splitEmails,
} from './inviteChips';

const ok = { sending: false, disabled: false };

describe('invite chips', () => {
  it('turns space, tab and enter into a chip, and nothing else', () => {
    expect(isChipKey(' ')).toBe(true);
    expect(isChipKey('Tab')).toBe(true);
    expect(isChipKey('Enter')).toBe(true);
    expect(isChipKey('a')).toBe(false);
    expect(isChipKey('@')).toBe(false);
    expect(isChipKey('.')).toBe(false);
  });

  it('splits pasted text on commas, spaces and newlines', () => {
    expect(splitEmails('a@x.com, b@x.com c@x.com\nd@x.com\r\n\te@x.com,,')).toEqual([
      'a@x.com',
      'b@x.com',
      'c@x.com',
      'd@x.com',
      'e@x.com',
    ]);
    expect(splitEmails('   ')).toEqual([]);
  });

  it('drops duplicates, within the paste and against existing chips, ignoring case', () => {
    const first = addChips([], 'a@x.com, b@x.com a@x.com');
    expect(first.map((c) => c.email)).toEqual(['a@x.com', 'b@x.com']);
    const second = addChips(first, 'B@X.com\nc@x.com');
    expect(second.map((c) => c.email)).toEqual(['a@x.com', 'b@x.com', 'c@x.com']);
  });

  it('keeps invalid addresses as invalid chips', () => {
    const chips = addChips([], 'good@x.com not-an-email also@bad');
    expect(chips).toEqual([
      { email: 'good@x.com', valid: true },
      { email: 'not-an-email', valid: false },
      { email: 'also@bad', valid: false },
    ]);
  });

  it('removes a chip by its address, and the last one', () => {
    const chips = addChips([], 'a@x.com b@x.com c@x.com');
    expect(removeChip(chips, 'b@x.com').map((c) => c.email)).toEqual(['a@x.com', 'c@x.com']);
    expect(removeLastChip(chips).map((c) => c.email)).toEqual(['a@x.com', 'b@x.com']);
    expect(removeLastChip([])).toEqual([]);
  });

  it('counts typed text that is not a chip yet', () => {
    const chips = addChips([], 'a@x.com');
    expect(draftChips({ chips, text: 'b@x.com' }).map((c) => c.email)).toEqual(['a@x.com', 'b@x.com']);
    expect(draftChips({ chips, text: '  ' })).toEqual(chips);
  });

  it('allows sending only with something entered, all valid, while not sending nor disabled', () => {
    const valid = addChips([], 'a@x.com');
    const invalid = addChips(valid, 'oops');
    expect(canSendInvites({ chips: [], text: '' }, ok)).toBe(false);
    expect(canSendInvites({ chips: [], text: '   ' }, ok)).toBe(false);
    expect(canSendInvites({ chips: valid, text: '' }, ok)).toBe(true);
    expect(canSendInvites({ chips: [], text: 'typed@x.com' }, ok)).toBe(true);
    expect(canSendInvites({ chips: [], text: 'typed@' }, ok)).toBe(false);
    expect(canSendInvites({ chips: invalid, text: '' }, ok)).toBe(false);
    expect(canSendInvites({ chips: valid, text: '' }, { sending: true, disabled: false })).toBe(false);
    expect(canSendInvites({ chips: valid, text: '' }, { sending: false, disabled: true })).toBe(false);
  });
});
