import { proratedYearly } from '../plans';

/** The days a monthly add-on is prorated over: a month counts as 30 days. */
export const PRORATION_MONTH_DAYS = 30;

/** Days left × amount / 30, in whole cents, never more than the full monthly price. */
export function proratedMonthly(amountCents: number, daysLeft: number): number {
  return Math.min(amountCents, Math.round((Math.max(0, daysLeft) * amountCents) / PRORATION_MONTH_DAYS));
}

/**
 * What an add-on bought now costs until the billing period ends: a yearly one days left × amount /
 * 365 (account-side §4), a monthly one the same over 30 days, capped at its price.
 */
export function proratedAddOnCost(period: 'month' | 'year', amountCents: number, daysLeft: number): number {
  return period === 'year' ? proratedYearly(amountCents, daysLeft) : proratedMonthly(amountCents, daysLeft);
}
