import type { PaymentMethod } from '@common/api/billing';

type Card = PaymentMethod['card'];

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export function brandName(brand: string): string {
  return BRANDS[brand.toLowerCase()] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : 'Card');
}

/** The card as the spec shows it: brand plus masked digits. */
export function maskedCard(card: Pick<Card, 'brand' | 'last4'>): string {
  return `${brandName(card.brand)} •••• ${card.last4}`;
}

/** Card expiry as MM/YY. */
export function cardExpiry(card: Pick<Card, 'exp_month' | 'exp_year'>): string {
  return `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`;
}

/** A card expires at the end of its expiry month: still good on its last day. */
export function isCardExpired(card: Pick<Card, 'exp_month' | 'exp_year'>, now: Date): boolean {
  const firstDayAfter = new Date(card.exp_year, card.exp_month, 1);
  return now.getTime() >= firstDayAfter.getTime();
}
