import type { Updateable } from 'kysely';
import { minutes } from '../../clock';
import type { Db } from '../database';
import type { SubscriptionsTable } from '../schema';
import type { SubscriptionRow } from './workspaces';

/** How long a claim holds: longer than any charge takes; a crashed holder's claim lapses after it. */
export const CLAIM_MS = minutes(10);

export type SubscriptionChanges = Updateable<Omit<SubscriptionsTable, 'id' | 'workspace_id' | 'created_at'>>;
/** What a new workspace's subscription starts with. */
export type NewSubscription = Pick<
  SubscriptionRow,
  'price_id' | 'active' | 'billing_period_started_at' | 'billing_period_ends_at' | 'free_trial_expires_at'
>;

/**
 * Subscription rows and their claim. Whoever charges a subscription (the period-end run on any
 * instance, or an owner changing plan or buying an add-on) first claims it with one conditional
 * update of `billing_claimed_until`; only the one whose update changed the row goes on.
 */
export class SubscriptionsRepository {
  constructor(private readonly db: Db) {}

  findById(id: number): Promise<SubscriptionRow | undefined> {
    return this.db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Active subscriptions whose billing period (or free trial) has ended by `now`, oldest first. */
  async dueIds(now: Date): Promise<number[]> {
    const rows = await this.db
      .selectFrom('subscriptions')
      .select('id')
      .where('active', '=', 1)
      .where('billing_period_ends_at', '<=', now.toISOString())
      .orderBy('billing_period_ends_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Claims a due subscription for the period-end run; false when it is not due or already claimed. */
  async claimDue(id: number, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('subscriptions')
      .set({ billing_claimed_until: new Date(now.getTime() + CLAIM_MS).toISOString() })
      .where('id', '=', id)
      .where('active', '=', 1)
      .where('billing_period_ends_at', '<=', now.toISOString())
      .where((eb) =>
        eb.or([eb('billing_claimed_until', 'is', null), eb('billing_claimed_until', '<', now.toISOString())]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Claims a subscription for an owner's change; false while another change or the period end holds it. */
  async claim(id: number, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('subscriptions')
      .set({ billing_claimed_until: new Date(now.getTime() + CLAIM_MS).toISOString() })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([eb('billing_claimed_until', 'is', null), eb('billing_claimed_until', '<', now.toISOString())]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async release(id: number): Promise<void> {
    await this.db
      .updateTable('subscriptions')
      .set({ billing_claimed_until: null })
      .where('id', '=', id)
      .execute();
  }

  /** Writes the changes and releases the claim, in one statement. */
  async update(id: number, changes: SubscriptionChanges, now: Date): Promise<void> {
    await this.db
      .updateTable('subscriptions')
      .set({ ...changes, billing_claimed_until: null, updated_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /** Answers the new subscription's id. */
  async insert(workspaceId: number, values: NewSubscription, now: string): Promise<number> {
    const row = await this.db
      .insertInto('subscriptions')
      .values({
        workspace_id: workspaceId,
        ...values,
        downgrade_price_id: null,
        billing_claimed_until: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** One more unit of the add-on (the first one makes the row). */
  async addAddOnUnit(subscriptionId: number, addOnPriceId: number, now: string): Promise<void> {
    await this.db
      .insertInto('subscription_add_ons')
      .values({
        subscription_id: subscriptionId,
        add_on_price_id: addOnPriceId,
        quantity: 1,
        created_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['subscription_id', 'add_on_price_id'])
          .doUpdateSet((eb) => ({ quantity: eb('subscription_add_ons.quantity', '+', 1) })),
      )
      .execute();
  }

  async addOnQuantity(addOnRowId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('subscription_add_ons')
      .select('quantity')
      .where('id', '=', addOnRowId)
      .executeTakeFirst();
    return row?.quantity;
  }

  /** Deletes the add-on row when it holds its last unit. */
  async deleteLastAddOnUnit(addOnRowId: number): Promise<void> {
    await this.db
      .deleteFrom('subscription_add_ons')
      .where('id', '=', addOnRowId)
      .where('quantity', '<=', 1)
      .execute();
  }

  /** Takes one unit off an add-on row holding several. */
  async decrementAddOn(addOnRowId: number): Promise<void> {
    await this.db
      .updateTable('subscription_add_ons')
      .set((eb) => ({ quantity: eb('quantity', '-', 1) }))
      .where('id', '=', addOnRowId)
      .where('quantity', '>', 1)
      .execute();
  }

  /** Deletes the subscription's add-ons, but for the rows in `keep`. */
  async deleteAddOns(subscriptionId: number, keep: readonly number[] = []): Promise<void> {
    await this.db
      .deleteFrom('subscription_add_ons')
      .where('subscription_id', '=', subscriptionId)
      .$if(keep.length > 0, (q) => q.where('id', 'not in', [...keep]))
      .execute();
  }

  async setAddOnPrice(addOnRowId: number, addOnPriceId: number): Promise<void> {
    await this.db
      .updateTable('subscription_add_ons')
      .set({ add_on_price_id: addOnPriceId })
      .where('id', '=', addOnRowId)
      .execute();
  }
}
