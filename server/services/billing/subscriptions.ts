import type { Checkout } from '@common/api/billing';
import type { DomainEventPayloads, DomainEventType } from '@common/domainEvents';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { fitsPlan, FREE_TRIAL_PLAN_NAME, isFreePrice, PLAN_LIMITS_TOOLTIP, type Usage } from '@common/plans';
import { messages } from '@common/validation';
import type { AddOnPrice, Catalogue } from '../../billing/catalogue';
import { addOnLine, planLine } from '../../billing/invoiceLines';
import { addPeriod } from '../../billing/periods';
import type { Clock } from '../../clock';
import type { SubscriptionsRepository } from '../../db/repositories/subscriptions';
import type { SubscriptionRow } from '../../db/repositories/workspaces';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { AppError, invalidRecord } from '../../errors';
import type { CheckoutService } from './checkout';
import type { WorkspaceView } from '../../policies/workspaceView';
import { requireMembersFit, requirePaidPlan } from '../../policies/workspaces';
import { requireActive, requireOwner } from '../../policies/workspaces';

export const SUBSCRIPTION_TEXTS = {
  planNotAvailable: 'This plan is not available.',
  samePlan: 'This is already your plan.',
  useDowngrade: 'A lower plan starts at the end of the billing period: choose it as a downgrade.',
  notLower: 'Only a lower plan can be chosen as a downgrade.',
  alreadyCancelled: 'The subscription already ends with the current billing period.',
  notCancelled: 'The subscription is not set to end.',
  noDowngrade: 'No downgrade is pending.',
  busy: 'A change to this subscription is in progress. Try again in a moment.',
} as const;

export function usageOf(view: WorkspaceView): Usage {
  return {
    seatsUsed: view.facts.seatsUsed,
    projectsCount: view.facts.projectsCount,
    storageUsedInBytes: view.facts.storageUsedInBytes,
  };
}

export function subscriptionOf(view: WorkspaceView): SubscriptionRow {
  const subscription = view.facts.subscription;
  if (!subscription) throw new AppError(403, 'inactive_workspace', WORKSPACE_TEXTS.inactiveWorkspace);
  return subscription;
}

/** The fields an owner's change is decided on; if any moved since the view was read, the change is refused. */
const DECIDING_FIELDS = [
  'price_id',
  'active',
  'cancel_at_period_end',
  'downgrade_price_id',
  'billing_period_ends_at',
  'free_trial_expires_at',
] as const satisfies readonly (keyof SubscriptionRow)[];

/**
 * Runs `work` holding the subscription's claim, so no other change and no period-end run charges
 * or rewrites it at the same time. The change was decided on the subscription as the caller's view
 * read it: when another change landed in between (a double-clicked Pay button), it is refused
 * rather than charged twice.
 */
export async function withClaim<T>(
  subscriptions: SubscriptionsRepository,
  seen: SubscriptionRow,
  now: Date,
  work: () => Promise<T>,
): Promise<T> {
  if (!(await subscriptions.claim(seen.id, now))) throw invalidRecord({ base: [SUBSCRIPTION_TEXTS.busy] });
  try {
    const current = await subscriptions.findById(seen.id);
    if (!current || DECIDING_FIELDS.some((field) => current[field] !== seen[field])) {
      throw invalidRecord({ base: [SUBSCRIPTION_TEXTS.busy] });
    }
    return await work();
  } finally {
    await subscriptions.release(seen.id);
  }
}

/** The event of an owner's change to the workspace's subscription (its data is the caller's). */
export function subscriptionEvent<T extends DomainEventType>(view: WorkspaceView, type: T) {
  const subscription = subscriptionOf(view);
  return {
    type,
    workspaceId: view.workspace.id,
    actorId: view.member.user_id,
    subject: { type: 'Subscription', id: subscription.id },
  };
}

/**
 * The subscription actions of account-side §4: subscribe (or upgrade), cancel, reactivate, downgrade.
 * Each acts on the workspace as the caller saw it: services/workspaces/workspaceSubscriptions.ts
 * lets the caller in and hands their view here.
 */
export class SubscriptionService {
  constructor(
    private readonly uow: UnitOfWorkOf<'billing' | 'subscriptions'>,
    private readonly catalogue: Catalogue,
    private readonly checkout: CheckoutService,
    private readonly clock: Clock,
  ) {}

  /**
   * A suspended workspace (expired trial, cancelled, failed payment, suspended for downgrade) picks
   * any plan; an active one moves to a higher plan or to the other billing interval (an upgrade).
   * A paid price is charged now and starts a new period now; a free price needs no payment.
   */
  async subscribe(view: WorkspaceView, input: Checkout): Promise<void> {
    requireOwner(view);
    const subscription = subscriptionOf(view);
    const target = this.catalogue.price(input.price_id);
    if (!target || target.plan.name === FREE_TRIAL_PLAN_NAME) {
      throw invalidRecord({ price_id: [SUBSCRIPTION_TEXTS.planNotAvailable] });
    }
    const current = this.currentPrice(subscription);
    if (view.state.isActive) {
      if (target.price.id === current.price.id)
        throw invalidRecord({ price_id: [SUBSCRIPTION_TEXTS.samePlan] });
      if (target.plan.level < current.plan.level) {
        throw invalidRecord({ price_id: [SUBSCRIPTION_TEXTS.useDowngrade] });
      }
    }
    if (!fitsPlan(target.plan, usageOf(view))) throw invalidRecord({ price_id: [PLAN_LIMITS_TOOLTIP] });

    const workspaceId = view.workspace.id;
    const actorId = view.member.user_id;
    await withClaim(this.uow.read.subscriptions, subscription, this.clock.now(), async () => {
      // Add-ons stay only when an active workspace switches the interval of the same plan.
      const addOns =
        view.state.isActive && target.plan.id === current.plan.id
          ? this.addOnsAtPeriod(view, target.price.billing_period)
          : [];
      if (!isFreePrice(target.price)) {
        if (input.payment_method_id)
          await this.checkout.savePaymentMethod(workspaceId, input.payment_method_id, actorId);
        if (input.billing_information)
          await this.checkout.saveBillingInformation(workspaceId, input.billing_information, actorId);
        const billing = this.uow.read.billing;
        if (!(await billing.paymentMethod(workspaceId))) {
          throw invalidRecord({ payment_method_id: [messages.required('Payment method')] });
        }
        if (!(await billing.billingInformation(workspaceId))) {
          throw invalidRecord({ billing_information: [messages.required('Billing information')] });
        }
        const plan = planLine(target.price);
        await this.checkout.charge(workspaceId, plan.description, [
          plan,
          ...addOns.map((a) => addOnLine(a.price, a.quantity)),
        ]);
      }
      const now = this.clock.now();
      const periodEnd = addPeriod(now, target.price.billing_period).toISOString();
      await this.uow.transaction(async (tx) => {
        await tx.subscriptions.update(
          subscription.id,
          {
            price_id: target.price.id,
            active: 1,
            cancel_at_period_end: 0,
            downgrade_price_id: null,
            free_trial_expires_at: null,
            last_payment_succeeded: 1,
            billing_period_started_at: now.toISOString(),
            billing_period_ends_at: periodEnd,
          },
          now,
        );
        await tx.subscriptions.deleteAddOns(
          subscription.id,
          addOns.map((a) => a.rowId),
        );
        for (const addOn of addOns) await tx.subscriptions.setAddOnPrice(addOn.rowId, addOn.price.id);
        // A suspended workspace starts a subscription again; an active one changes its plan.
        await tx.record(
          view.state.isActive
            ? {
                ...subscriptionEvent(view, 'subscription.changed'),
                data: { change: 'plan', from_price_id: subscription.price_id, price_id: target.price.id },
              }
            : {
                ...subscriptionEvent(view, 'subscription.started'),
                data: {
                  price_id: target.price.id,
                  trial: false,
                  billing_period_ends_at: periodEnd,
                  from_price_id: subscription.price_id,
                },
              },
        );
      });
    });
  }

  /** Stops the renewal: the workspace is suspended when the billing period ends. */
  async cancel(view: WorkspaceView): Promise<void> {
    requireOwner(view);
    requireActive(view.state);
    requirePaidPlan(view.state);
    if (view.state.isMarkedForCancellation) {
      throw invalidRecord({ base: [SUBSCRIPTION_TEXTS.alreadyCancelled] });
    }
    // Cancelling wins over a pending downgrade: nothing renews, on either plan.
    await this.change(view, { cancel_at_period_end: 1, downgrade_price_id: null }, 'subscription.canceled', {
      ends_at: subscriptionOf(view).billing_period_ends_at,
    });
  }

  /** Renews at the period end again; only while the members fit the plan and its seat add-ons. */
  async reactivate(view: WorkspaceView): Promise<void> {
    requireOwner(view);
    requireActive(view.state);
    if (!view.state.isMarkedForCancellation) throw invalidRecord({ base: [SUBSCRIPTION_TEXTS.notCancelled] });
    requireMembersFit(view.state, view.facts.seatsUsed);
    await this.change(view, { cancel_at_period_end: 0 }, 'subscription.changed', { change: 'reactivated' });
  }

  /** Moves to a lower plan when the billing period ends (checked again then). */
  async downgrade(view: WorkspaceView, priceId: number): Promise<void> {
    requireOwner(view);
    requireActive(view.state);
    requirePaidPlan(view.state);
    const subscription = subscriptionOf(view);
    const target = this.catalogue.price(priceId);
    if (!target || target.plan.name === FREE_TRIAL_PLAN_NAME) {
      throw invalidRecord({ price_id: [SUBSCRIPTION_TEXTS.planNotAvailable] });
    }
    if (target.plan.level >= this.currentPrice(subscription).plan.level) {
      throw invalidRecord({ price_id: [SUBSCRIPTION_TEXTS.notLower] });
    }
    if (!fitsPlan(target.plan, usageOf(view))) throw invalidRecord({ price_id: [PLAN_LIMITS_TOOLTIP] });
    // Choosing a lower plan means going on: a pending cancellation is lifted.
    await this.change(
      view,
      { downgrade_price_id: target.price.id, cancel_at_period_end: 0 },
      'subscription.changed',
      {
        change: 'downgrade_scheduled',
        downgrade_price_id: target.price.id,
      },
    );
  }

  /** 'Restore Team': keeps the current plan after the period end. */
  async cancelDowngrade(view: WorkspaceView): Promise<void> {
    requireOwner(view);
    requireActive(view.state);
    if (!view.state.isDowngradePending) throw invalidRecord({ base: [SUBSCRIPTION_TEXTS.noDowngrade] });
    await this.change(view, { downgrade_price_id: null }, 'subscription.changed', {
      change: 'downgrade_canceled',
    });
  }

  /** A change that takes effect at the period end: no charge now, one update and its event. */
  private async change<T extends 'subscription.canceled' | 'subscription.changed'>(
    view: WorkspaceView,
    changes: { cancel_at_period_end?: number; downgrade_price_id?: number | null },
    type: T,
    data: DomainEventPayloads[T],
  ): Promise<void> {
    const subscription = subscriptionOf(view);
    await withClaim(this.uow.read.subscriptions, subscription, this.clock.now(), () =>
      this.uow.transaction(async (tx) => {
        await tx.subscriptions.update(subscription.id, changes, this.clock.now());
        await tx.record({ ...subscriptionEvent(view, type), data });
      }),
    );
  }

  private currentPrice(subscription: SubscriptionRow) {
    const current = this.catalogue.price(subscription.price_id);
    if (!current)
      throw new Error(`Subscription ${subscription.id} refers to unknown price ${subscription.price_id}`);
    return current;
  }

  /** The workspace's add-ons moved to the same add-on's price for `period`. */
  private addOnsAtPeriod(
    view: WorkspaceView,
    period: 'month' | 'year',
  ): { rowId: number; price: AddOnPrice; quantity: number }[] {
    return view.facts.addOns.flatMap((row) => {
      const held = this.catalogue.addOnPrice(row.add_on_price_id);
      const price = held
        ? this.catalogue.addOnPrice(held.addOn.prices[period === 'year' ? 'annual' : 'monthly'].id)
        : undefined;
      return price ? [{ rowId: row.id, price, quantity: row.quantity }] : [];
    });
  }
}
