import type { InvoiceLine, PricingPlanPrice } from '@common/api/billing';
import type { AddOnPrice } from './catalogue';

const interval = (period: 'month' | 'year') => (period === 'year' ? 'yearly' : 'monthly');

/** 'Additional storage' or 'Workspace seat', as the spec's snackbars name them. */
export function addOnLabel(addOn: AddOnPrice): string {
  return addOn.addOn.type === 'StorageAddOn' ? 'Additional storage' : 'Workspace seat';
}

export function planLine(price: PricingPlanPrice): InvoiceLine {
  return {
    description: `${price.pricing_plan.name}, ${interval(price.billing_period)}`,
    amount: price.cost,
  };
}

export function addOnLine(addOn: AddOnPrice, quantity: number): InvoiceLine {
  return {
    description: `${addOnLabel(addOn)} × ${quantity}, ${interval(addOn.period)}`,
    amount: addOn.cost * quantity,
  };
}

export function proratedAddOnLine(addOn: AddOnPrice, amount: number, daysLeft: number): InvoiceLine {
  return {
    description: `${addOnLabel(addOn)}, ${interval(addOn.period)}, prorated for ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`,
    amount,
  };
}
