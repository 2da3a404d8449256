import { INVALID_ADD_ON_TYPE } from '@common/api/billing';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { proratedAddOnCost } from '@common/billing/proration';
import { daysUntil } from '@common/workspaceState';
import type { AddOnPrice, Catalogue } from '../../billing/catalogue';
import { addOnLabel, proratedAddOnLine } from '../../billing/invoiceLines';
import type { Clock } from '../../clock';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { AppError, invalidRecord } from '../../errors';
import type { CheckoutService } from './checkout';
import { requirePaidPlan } from '../../policies/workspaces';
import { SUBSCRIPTION_TEXTS, subscriptionEvent, subscriptionOf, withClaim } from './subscriptions';
import type { WorkspaceView } from '../../policies/workspaceView';
import { requireActive, requireOwner } from '../../policies/workspaces';

export const ADD_ON_TEXTS = {
  notAvailable: 'This add-on is not available.',
  otherPlan: 'This add-on is not part of the workspace plan.',
  otherInterval: (interval: 'monthly' | 'yearly') => `This add-on must be billed ${interval}, like the plan.`,
  notHeld: 'The subscription has no such add-on.',
} as const;

/**
 * Storage and seat add-ons (account-side §4): one unit at a time, charged now prorated to the end
 * of the billing period and then renewed with the plan; removed only when not in use, without refund.
 * Each acts on the view services/workspaces/workspaceSubscriptions.ts let the caller in with.
 */
export class AddOnService {
  constructor(
    private readonly uow: UnitOfWorkOf<'subscriptions'>,
    private readonly catalogue: Catalogue,
    private readonly checkout: CheckoutService,
    private readonly clock: Clock,
  ) {}

  async add(view: WorkspaceView, addOnPriceId: number): Promise<void> {
    requireOwner(view);
    requireActive(view.state);
    requirePaidPlan(view.state);
    const subscription = subscriptionOf(view);
    const addOn = this.addOnPrice(addOnPriceId);
    const plan = this.catalogue.price(subscription.price_id);
    if (addOn.plan.id !== plan?.plan.id) throw invalidRecord({ add_on_price_id: [ADD_ON_TEXTS.otherPlan] });
    if (addOn.period !== plan.price.billing_period) {
      throw invalidRecord({
        add_on_price_id: [
          ADD_ON_TEXTS.otherInterval(plan.price.billing_period === 'year' ? 'yearly' : 'monthly'),
        ],
      });
    }

    await withClaim(this.uow.read.subscriptions, subscription, this.clock.now(), async () => {
      const now = this.clock.now();
      const daysLeft = daysUntil(subscription.billing_period_ends_at, now);
      const amount = proratedAddOnCost(addOn.period, addOn.cost, daysLeft);
      await this.checkout.charge(view.workspace.id, `${addOnLabel(addOn)} add-on`, [
        proratedAddOnLine(addOn, amount, daysLeft),
      ]);
      await this.uow.transaction(async (tx) => {
        await tx.subscriptions.addAddOnUnit(subscription.id, addOn.id, now.toISOString());
        await tx.record({
          ...subscriptionEvent(view, 'subscription.changed'),
          data: { change: 'add_on_added', add_on_price_id: addOn.id, amount },
        });
      });
    });
  }

  /** Refused while the unit is in use: storage above what is left without it, or a seat taken. */
  async remove(view: WorkspaceView, addOnPriceId: number): Promise<void> {
    requireOwner(view);
    requireActive(view.state);
    const subscription = subscriptionOf(view);
    const addOn = this.addOnPrice(addOnPriceId);
    const held = view.facts.addOns.find((row) => row.add_on_price_id === addOn.id && row.quantity > 0);
    if (!held) throw invalidRecord({ add_on_price_id: [ADD_ON_TEXTS.notHeld] });

    if (addOn.addOn.type === 'StorageAddOn') {
      if (view.facts.storageUsedInBytes > view.state.storageCapacity - addOn.addOn.included_amount) {
        throw new AppError(400, 'invalid_workspace', WORKSPACE_TEXTS.storageInUse);
      }
    } else if (view.facts.seatsUsed > view.state.subscriptionMaxMembersCount - addOn.addOn.included_amount) {
      throw new AppError(400, 'invalid_members', WORKSPACE_TEXTS.seatInUse);
    }

    await withClaim(this.uow.read.subscriptions, subscription, this.clock.now(), () =>
      this.uow.transaction(async (tx) => {
        // The in-use check read this quantity: a removal that landed meanwhile makes it stale.
        const current = await tx.subscriptions.addOnQuantity(held.id);
        if (current !== held.quantity) throw invalidRecord({ base: [SUBSCRIPTION_TEXTS.busy] });
        await tx.subscriptions.deleteLastAddOnUnit(held.id);
        await tx.subscriptions.decrementAddOn(held.id);
        await tx.record({
          ...subscriptionEvent(view, 'subscription.changed'),
          data: { change: 'add_on_removed', add_on_price_id: addOn.id },
        });
      }),
    );
  }

  /** A known add-on price of a known type ('Invalid AddOn type' otherwise). */
  private addOnPrice(id: number): AddOnPrice {
    const price = this.catalogue.addOnPrice(id);
    if (!price) throw invalidRecord({ add_on_price_id: [ADD_ON_TEXTS.notAvailable] });
    if (price.addOn.type !== 'StorageAddOn' && price.addOn.type !== 'MembersAddOn') {
      throw invalidRecord({ add_on_price_id: [INVALID_ADD_ON_TYPE] });
    }
    return price;
  }
}
