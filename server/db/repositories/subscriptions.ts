import type { Updateable } from 'kysely';
import { minutes } from '../../clock';
import type { Db } from '../database';
import type { SubscriptionsTable } from '../schema';
import type { SubscriptionRow } from './workspaces';

/** How long a claim holds: longer than any charge takes; a crashed holder's claim lapses after it. */
export const CLAIM_MS = minutes(10);

export type SubscriptionChanges = Updateable<Omit<SubscriptionsTable, 'id' | 'workspace_id' | 'created_at'>>;

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

  /** Writes the changes and releases the claim, in one statement (inside `db`'s transaction when given). */
  async update(id: number, changes: SubscriptionChanges, now: Date, db: Db = this.db): Promise<void> {
    await db
      .updateTable('subscriptions')
      .set({ ...changes, billing_claimed_until: null, updated_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
  }
}
