import { AddOnService } from '../services/billing/addOns';
import { BillingPeriodService } from '../services/billing/billingPeriods';
import { BillingRecords } from '../services/billing/billingRecords';
import { CheckoutService } from '../services/billing/checkout';
import { PaymentEvents } from '../services/billing/paymentEvents';
import { SubscriptionService } from '../services/billing/subscriptions';
import { WorkspaceUsage } from '../services/billing/workspaceUsage';
import type { Platform } from './platform';

export type BillingServices = ReturnType<typeof billingServices>;

/** Plans, subscriptions, add-ons, invoices and the period end. */
export function billingServices({ uow, clock, log, catalogue, payments }: Platform) {
  const checkout = new CheckoutService(uow, clock, payments);
  const workspaceUsage = new WorkspaceUsage(uow.read.workspaceFacts);
  return {
    checkout,
    /** Projects and bytes a workspace uses, which plans limit. */
    workspaceUsage,
    /** Billing information, the saved card and invoices, as the owner reads them. */
    billingRecords: new BillingRecords(uow),
    subscriptions: new SubscriptionService(uow, catalogue, checkout, clock),
    addOns: new AddOnService(uow, catalogue, checkout, clock),
    /** The period-end run: renewals, trial expiry, cancellations, downgrades (server/jobs/billingPeriodsJob.ts). */
    billingPeriods: new BillingPeriodService(uow, workspaceUsage, catalogue, checkout, log),
    /** The card processor's webhooks: payments settled after the fact, renewed cards. */
    paymentEvents: new PaymentEvents(uow, clock, log),
  };
}
