import { describe, expect, it } from 'vitest';
import { guestLabel } from '@common/api/guests';
import { guestNameIn } from './guestName';

describe('guestNameIn', () => {
  it("answers the guest's name in the server's label", () => {
    expect(guestNameIn(guestLabel('Ana Lima'))).toBe('Ana Lima');
    expect(guestNameIn('Ana (Guest)')).toBe('Ana');
    // A name that itself ends in brackets keeps them.
    expect(guestNameIn(guestLabel('Bo (QA)'))).toBe('Bo (QA)');
  });

  it('answers null for a text that names no guest', () => {
    expect(guestNameIn('Ana Lima')).toBeNull();
    expect(guestNameIn('Ana (Guest) commented')).toBeNull();
    expect(guestNameIn(' (Guest)')).toBeNull();
    expect(guestNameIn('')).toBeNull();
    expect(guestNameIn('Ana (guest)')).toBeNull();
  });
});
