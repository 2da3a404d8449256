import { describe, expect, it } from 'vitest';
import { cardFieldErrors, formatCardNumber, formatExpiryInput, parseExpiry } from './cardFields';

const now = new Date(2026, 4, 15);
const good = { name: 'Dana Reviewer', number: '4242 4242 4242 4242', expiry: '12/29', cvc: '123' };

describe('sandbox card form', () => {
  it('groups digits and puts the slash in the expiry', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a')).toBe('4242 42');
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('4')).toBe('04/');
    expect(formatExpiryInput('12')).toBe('12/');
    expect(formatExpiryInput('1229')).toBe('12/29');
    expect(formatExpiryInput('12', '12/')).toBe('1');
  });

  it('parses MM/YY', () => {
    expect(parseExpiry('07/30')).toEqual({ month: 7, year: 2030 });
    expect(parseExpiry('13/30')).toBeNull();
    expect(parseExpiry('7/30')).toBeNull();
  });

  it('is complete only with every field right', () => {
    expect(cardFieldErrors(good, now)).toEqual({});
    expect(cardFieldErrors({ ...good, name: 'D' }, now).name).toBe(
      'Cardholder name should be at least 2 characters long.',
    );
    expect(cardFieldErrors({ ...good, name: '  ' }, now).name).toBe('Cardholder name must not be empty.');
    expect(cardFieldErrors({ ...good, number: '4242 4242 4242 4241' }, now).number).toBe(
      'Card number is invalid.',
    );
    expect(cardFieldErrors({ ...good, number: '4242' }, now).number).toBe('Card number is invalid.');
    expect(cardFieldErrors({ ...good, expiry: '04/26' }, now).expiry).toBe('Expiry date is in the past.');
    expect(cardFieldErrors({ ...good, expiry: '05/26' }, now).expiry).toBeUndefined();
    expect(cardFieldErrors({ ...good, expiry: '1' }, now).expiry).toBe('Expiry date is invalid.');
    expect(cardFieldErrors({ ...good, cvc: '12' }, now).cvc).toBe('CVC is invalid.');
    expect(cardFieldErrors({ ...good, number: '3782 822463 10005', cvc: '123' }, now).cvc).toBe(
      'CVC is invalid.',
    );
    expect(cardFieldErrors({ ...good, number: '3782 822463 10005', cvc: '1234' }, now)).toEqual({});
  });
});
