import type { Logger } from 'pino';
import type { InvoiceLine, PricingPlanPrice } from '@common/api/billing';
import type { DomainEventPayloads, DomainEventType } from '@common/domainEvents';
import { fitsPlan, isFreePrice, type Usage } from '@common/plans';
import type { Catalogue } from '../../billing/catalogue';
import { addOnLine, planLine } from '../../billing/invoiceLines';
import { addPeriod } from '../../billing/periods';
import type { SubscriptionChanges } from '../../db/repositories/subscriptions';
import type { SubscriptionRow } from '../../db/repositories/workspaces';
import type { TxOf, UnitOfWorkOf } from '../../db/unitOfWork';
import { AppError } from '../../errors';
import type { CheckoutService } from './checkout';
import type { WorkspaceUsage } from './workspaceUsage';

/** What the end of one billing period did to a subscription. */
export type PeriodOutcome =
  'trial_expired' | 'cancelled' | 'downgraded' | 'suspended_for_downgrade' | 'renewed' | 'payment_failed';

export interface PeriodResult {
  subscriptionId: number;
  workspaceId: number;
  outcome: PeriodOutcome;
}

export interface RunResult {
  results: PeriodResult[];
  /** Subscriptions whose period end failed for a reason other than a refused payment; retried once their claim lapses. */
  failed: { subscriptionId: number; reason: string }[];
}

/**
 * The period-end run (account-side §4): suspends an expired trial or a cancelled subscription,
 * applies a pending downgrade when the workspace fits the lower plan (else suspends it for the
 * downgrade), and otherwise renews, charging the plan and its add-ons on one invoice. Each
 * subscription is claimed first, so instances running this at the same time never charge twice.
 */
export class BillingPeriodService {
  constructor(
    private readonly uow: UnitOfWorkOf<'subscriptions' | 'workspaces'>,
    private readonly usage: WorkspaceUsage,
    private readonly catalogue: Catalogue,
    private readonly checkout: CheckoutService,
    private readonly log: Logger,
  ) {}

  async runDue(now: Date): Promise<RunResult> {
    const run: RunResult = { results: [], failed: [] };
    const subscriptions = this.uow.read.subscriptions;
    for (const id of await subscriptions.dueIds(now)) {
      if (!(await subscriptions.claimDue(id, now))) continue;
      try {
        run.results.push(await this.endPeriod(id, now));
      } catch (error) {
        // The claim is left to lapse, so a persistent fault is retried every few minutes, not every run.
        this.log.error({ err: error, subscriptionId: id }, 'billing period end failed');
        run.failed.push({
          subscriptionId: id,
          reason: error instanceof Error ? error.message : String(error),
        });
      }
    }
    return run;
  }

  private async endPeriod(id: number, now: Date): Promise<PeriodResult> {
    const subscription = await this.uow.read.subscriptions.findById(id);
    if (!subscription?.billing_period_ends_at) throw new Error(`Subscription ${id} has no billing period`);
    const current = this.catalogue.price(subscription.price_id);
    if (!current) throw new Error(`Subscription ${id} refers to unknown price ${subscription.price_id}`);
    const result = (outcome: PeriodOutcome): PeriodResult => ({
      subscriptionId: id,
      workspaceId: subscription.workspace_id,
      outcome,
    });

    if (subscription.free_trial_expires_at !== null && isFreePrice(current.price)) {
      // Still on the trial plan, now inactive: the workspace reads as an expired free trial.
      await this.end(subscription, { active: 0 }, now, 'trial.expired', {});
      return result('trial_expired');
    }
    if (subscription.cancel_at_period_end === 1) {
      await this.end(subscription, { active: 0, cancel_at_period_end: 0 }, now, 'subscription.ended', {});
      return result('cancelled');
    }
    if (subscription.downgrade_price_id !== null) {
      const target = this.catalogue.price(subscription.downgrade_price_id);
      if (!target)
        throw new Error(`Subscription ${id} downgrades to unknown price ${subscription.downgrade_price_id}`);
      if (!fitsPlan(target.plan, await this.usageOf(subscription.workspace_id))) {
        // Suspended for downgrade: the owner must make room or pick a plan ('See Plans').
        await this.end(subscription, { active: 0 }, now, 'subscription.suspended', {
          reason: 'downgrade_does_not_fit',
          downgrade_price_id: target.price.id,
        });
        return result('suspended_for_downgrade');
      }
      // Add-ons belong to the plan they were bought for; the lower plan starts without them.
      const line = planLine(target.price);
      const paid = await this.chargePeriod(
        subscription,
        target.price,
        `Downgrade: ${line.description}`,
        [line],
        now,
        {
          price_id: target.price.id,
          downgrade_price_id: null,
          dropAddOns: true,
        },
      );
      return result(paid ? 'downgraded' : 'payment_failed');
    }

    const lines = [planLine(current.price)];
    for (const row of await this.uow.read.workspaces.addOnsOf(id)) {
      const price = this.catalogue.addOnPrice(row.add_on_price_id);
      if (price && row.quantity > 0) lines.push(addOnLine(price, row.quantity));
    }
    const detail = `Renewal: ${planLine(current.price).description}`;
    const paid = await this.chargePeriod(subscription, current.price, detail, lines, now, {});
    return result(paid ? 'renewed' : 'payment_failed');
  }

  /**
   * Charges the next period on one invoice. Paid: the period starts where the last one ended (or
   * now, when the app was down for a whole period). Refused: the workspace is suspended with its
   * payment marked failed, and the invoice stays as failed.
   */
  private async chargePeriod(
    subscription: SubscriptionRow,
    price: PricingPlanPrice,
    detail: string,
    lines: InvoiceLine[],
    now: Date,
    changes: SubscriptionChanges & { dropAddOns?: boolean },
  ): Promise<boolean> {
    const { dropAddOns = false, ...subscriptionChanges } = changes;
    let start = new Date(subscription.billing_period_ends_at ?? now);
    let end = addPeriod(start, price.billing_period);
    if (end.getTime() <= now.getTime()) {
      start = now;
      end = addPeriod(now, price.billing_period);
    }
    let paid = true;
    if (lines.some((line) => line.amount > 0)) {
      try {
        await this.checkout.charge(subscription.workspace_id, detail, lines, {
          periodKey: `renewal:${subscription.id}:${subscription.billing_period_ends_at ?? ''}`,
        });
      } catch (error) {
        if (!(error instanceof AppError) || error.status !== 400) throw error;
        paid = false;
      }
    }
    await this.uow.transaction(async (tx) => {
      await tx.subscriptions.update(
        subscription.id,
        paid
          ? {
              ...subscriptionChanges,
              active: 1,
              last_payment_succeeded: 1,
              billing_period_started_at: start.toISOString(),
              billing_period_ends_at: end.toISOString(),
            }
          : { ...subscriptionChanges, active: 0, last_payment_succeeded: 0 },
        now,
      );
      if (dropAddOns) await tx.subscriptions.deleteAddOns(subscription.id);
      const price_id = changes.price_id ?? subscription.price_id;
      if (!paid) {
        await record(tx, subscription, 'subscription.payment_failed', { price_id });
        return;
      }
      if (price_id !== subscription.price_id) {
        await record(tx, subscription, 'subscription.changed', {
          change: 'downgraded',
          from_price_id: subscription.price_id,
          price_id,
        });
      }
      await record(tx, subscription, 'subscription.renewed', {
        price_id,
        billing_period_ends_at: end.toISOString(),
      });
    });
    return paid;
  }

  /** Suspends the subscription at its period end, for the reason `type` names. */
  private async end<T extends 'trial.expired' | 'subscription.ended' | 'subscription.suspended'>(
    subscription: SubscriptionRow,
    changes: SubscriptionChanges,
    now: Date,
    type: T,
    data: DomainEventPayloads[T],
  ): Promise<void> {
    await this.uow.transaction(async (tx) => {
      await tx.subscriptions.update(subscription.id, changes, now);
      await record(tx, subscription, type, data);
    });
  }

  private async usageOf(workspaceId: number): Promise<Usage> {
    return {
      seatsUsed: await this.uow.read.workspaces.seatsUsed(workspaceId),
      projectsCount: await this.usage.projectsCount(workspaceId),
      storageUsedInBytes: await this.usage.storageUsedInBytes(workspaceId),
    };
  }
}

/** What the period end did, by the system (no actor). */
async function record<T extends DomainEventType>(
  tx: TxOf<never>,
  subscription: SubscriptionRow,
  type: T,
  data: DomainEventPayloads[T],
): Promise<void> {
  await tx.record({
    type,
    workspaceId: subscription.workspace_id,
    actorId: null,
    subject: { type: 'Subscription', id: subscription.id },
    data,
  });
}
