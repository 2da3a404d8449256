import { describe, expect, it } from 'vitest';
import { COUNTRIES, isCountryCode } from './countries';
import { isValidPostalCode, postalCodeLabel, regionLabel } from './postalCode';

describe('isValidPostalCode', () => {
  it.each(['10001', '10001-1234', ' 94105 '])('accepts the US ZIP code %j', (code) => {
    expect(isValidPostalCode('US', code)).toBe(true);
  });

  it.each(['1000', '100011', '10001-12', '10001 1234', 'ABCDE', '10001-12345'])(
    'refuses the US ZIP code %j',
    (code) => {
      expect(isValidPostalCode('US', code)).toBe(false);
    },
  );

  it.each(['K1A 0B1', 'k1a0b1', 'H3Z 2Y7'])('accepts the Canadian postal code %j', (code) => {
    expect(isValidPostalCode('CA', code)).toBe(true);
  });

  it.each(['12345', 'K1A-0B1', 'D1A 0B1', 'W1A 0B1', 'K1A 0B', 'K1A  0B1'])(
    'refuses the Canadian postal code %j',
    (code) => {
      expect(isValidPostalCode('CA', code)).toBe(false);
    },
  );

  it.each([
    ['GB', 'SW1A 1AA'],
    ['DE', '10115'],
    ['NL', '1012 AB'],
    ['PT', '1000-001'],
    ['IE', 'D02'],
    ['XX', '12345678901234'],
  ])('accepts %s %j elsewhere', (country, code) => {
    expect(isValidPostalCode(country, code)).toBe(true);
  });

  it.each([
    ['GB', 'S'],
    ['DE', '123456789012345'],
    ['FR', '75001!'],
    ['FR', '75_001'],
    ['FR', '  -  '],
  ])('refuses %s %j elsewhere', (country, code) => {
    expect(isValidPostalCode(country, code)).toBe(false);
  });
});

describe('labels', () => {
  it("says 'Zip' for the US and 'Province' for Canada", () => {
    expect(postalCodeLabel('US')).toBe('Zip');
    expect(postalCodeLabel('CA')).toBe('Postal');
    expect(postalCodeLabel(null)).toBe('Postal');
    expect(regionLabel('CA')).toBe('Province');
    expect(regionLabel('US')).toBe('State');
  });
});

describe('COUNTRIES', () => {
  it('lists every ISO 3166-1 alpha-2 code once, the US and Canada first, then by name', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(COUNTRIES.slice(0, 2).map((c) => c.code)).toEqual(['US', 'CA']);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(249);
    expect(COUNTRIES.every((c) => /^[A-Z]{2}$/.test(c.code) && c.name.length > 0)).toBe(true);
    const rest = COUNTRIES.slice(2).map((c) => c.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
    expect(isCountryCode('GB')).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
  });
});
