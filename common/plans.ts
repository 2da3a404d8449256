import type { PricingPlan, PricingPlanPrice } from './api/billing';

export const FREE_TRIAL_PLAN_NAME = 'Free Trial';
export const PRO_PLAN_NAME = 'Pro Plan';
export const TEAM_PLAN_NAME = 'Team Plan';
export const DEFAULT_INCLUDED_MEMBERS = 15;
export const DEFAULT_ANNUAL_DISCOUNT = 20;

export const isFreePrice = (price: Pick<PricingPlanPrice, 'cost'>) => price.cost === 0;
export const isAnnualPrice = (price: Pick<PricingPlanPrice, 'billing_period'>) =>
  price.billing_period === 'year';

export function priceOf(plan: PricingPlan, period: 'month' | 'year'): PricingPlanPrice | undefined {
  return plan.prices.find((p) => p.billing_period === period);
}

/** floor(100 × (1 − annual / (12 × monthly))), or null when the plan lacks one of the two prices. */
export function annualDiscountPercent(plan: PricingPlan): number | null {
  const monthly = priceOf(plan, 'month');
  const annual = priceOf(plan, 'year');
  if (!monthly || !annual || monthly.cost === 0) return null;
  return Math.floor(100 * (1 - annual.cost / (12 * monthly.cost)));
}

/** The smallest discount across the plans, shown on the annual/monthly switch (20 when none). */
export function minimumAnnualDiscount(plans: PricingPlan[]): number {
  const discounts = plans.map(annualDiscountPercent).filter((d): d is number => d !== null && d > 0);
  return discounts.length ? Math.min(...discounts) : DEFAULT_ANNUAL_DISCOUNT;
}

/** The switch's badge: the discount is the smallest across the plans, so every plan saves at least that. */
export const annualSavingsText = (plans: PricingPlan[]) => `Save at least ${minimumAnnualDiscount(plans)}%`;

/** Price shown per month: annual prices are divided by 12. */
export function monthlyCost(price: Pick<PricingPlanPrice, 'cost' | 'billing_period'>): number {
  return isAnnualPrice(price) ? Math.round(price.cost / 12) : price.cost;
}

/** Cents as dollars with two decimals: 1900 → '$19.00'. */
export function formatDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${(Math.abs(cents) / 100).toFixed(2)}`;
}

export interface Usage {
  seatsUsed: number;
  projectsCount: number;
  storageUsedInBytes: number;
}

/** Whether a workspace with this usage fits a plan (without add-ons). */
export function fitsPlan(plan: PricingPlan, usage: Usage): boolean {
  const members = plan.included_members ?? DEFAULT_INCLUDED_MEMBERS;
  return (
    usage.seatsUsed <= members &&
    (plan.included_projects === null || usage.projectsCount <= plan.included_projects) &&
    usage.storageUsedInBytes <= plan.included_storage_in_bytes
  );
}

export const PLAN_LIMITS_TOOLTIP =
  'To choose this plan you must be within the listed limits. You can manage your workspace in order to apply to it.';

/** Days left × amount / 365, in whole cents: what a yearly add-on costs until the period ends. */
export function proratedYearly(amountCents: number, daysLeft: number): number {
  return Math.round((Math.max(0, daysLeft) * amountCents) / 365);
}
