import { describe, expect, it } from 'vitest';
import { brandName, cardExpiry, isCardExpired, maskedCard } from './paymentMethodText';

describe('payment method text', () => {
  it('shows brand plus masked digits and MM/YY', () => {
    expect(maskedCard({ brand: 'visa', last4: '4242' })).toBe('Visa •••• 4242');
    expect(brandName('mastercard')).toBe('Mastercard');
    expect(brandName('elo')).toBe('Elo');
    expect(cardExpiry({ exp_month: 3, exp_year: 2031 })).toBe('03/31');
    expect(cardExpiry({ exp_month: 12, exp_year: 2009 })).toBe('12/09');
  });

  it('expires at the end of the expiry month', () => {
    const card = { exp_month: 2, exp_year: 2028 };
    expect(isCardExpired(card, new Date(2028, 1, 29, 23, 59))).toBe(false);
    expect(isCardExpired(card, new Date(2028, 2, 1, 0, 0))).toBe(true);
    expect(isCardExpired({ exp_month: 12, exp_year: 2027 }, new Date(2027, 11, 31, 12))).toBe(false);
    expect(isCardExpired({ exp_month: 12, exp_year: 2027 }, new Date(2028, 0, 1))).toBe(true);
  });
});
