import { randomUUID } from 'node:crypto';
import type { Checkout } from '@common/api/billing';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { messages } from '@common/validation';
import { isFreePrice, PRO_PLAN_NAME, FREE_TRIAL_PLAN_NAME } from '@common/plans';
import type { FileStorage } from '../adapters/storage/fileStorage';
import { addPeriod } from '../billing/periods';
import type { Catalogue } from '../billing/catalogue';
import { days, type Clock } from '../clock';
import type { Db } from '../db/database';
import { isUniqueViolation, type UserRow } from '../db/repositories/users';
import type { WorkspacesRepository } from '../db/repositories/workspaces';
import { invalidRecord } from '../errors';
import { reencodeImage } from '../media/reencodeImage';
import { priceDetail, type CheckoutService } from './checkout';
import type { AvatarUpload } from './profile';
import type { WorkspaceView } from './workspaceAccess';
import { requireActive, requireOwner } from './workspaceLimits';

/** A workspace logo is stored at most this many pixels on its longer side. */
const LOGO_MAX_SIDE = 512;

/** Creating a workspace (free trial, free plan, or paid checkout) and editing its name and logo. */
export class WorkspaceService {
  constructor(
    private readonly db: Db,
    private readonly workspaces: WorkspacesRepository,
    private readonly catalogue: Catalogue,
    private readonly checkout: CheckoutService,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
    private readonly trialDays: number,
  ) {}

  /**
   * 'Pro Plan' without a card, or a free price, starts a free trial; any other price pays first and
   * only then exists. A failed payment leaves no workspace behind.
   */
  async create(owner: UserRow, input: Checkout): Promise<number> {
    if (await this.workspaces.ownedBy(owner.id))
      throw invalidRecord({ base: [WORKSPACE_TEXTS.alreadyOwnsWorkspace] });
    const chosen = this.catalogue.price(input.price_id);
    if (!chosen) throw invalidRecord({ price_id: ['This plan is not available.'] });
    const now = this.clock.now();
    const trial =
      isFreePrice(chosen.price) || (chosen.plan.name === PRO_PLAN_NAME && !input.payment_method_id);

    if (trial) {
      const trialPrice = this.catalogue.planByName(FREE_TRIAL_PLAN_NAME)?.prices[0];
      if (!trialPrice) throw new Error('The catalogue has no Free Trial price');
      const expires = new Date(now.getTime() + days(this.trialDays)).toISOString();
      return this.insert(owner, {
        price_id: trialPrice.id,
        active: 1,
        billing_period_started_at: now.toISOString(),
        billing_period_ends_at: expires,
        free_trial_expires_at: expires,
      });
    }

    if (!input.payment_method_id)
      throw invalidRecord({ payment_method_id: [messages.required('Payment method')] });
    if (!input.billing_information)
      throw invalidRecord({ billing_information: [messages.required('Billing information')] });
    const workspaceId = await this.insert(owner, {
      price_id: chosen.price.id,
      active: 0,
      billing_period_started_at: null,
      billing_period_ends_at: null,
      free_trial_expires_at: null,
    });
    try {
      await this.checkout.savePaymentMethod(workspaceId, input.payment_method_id);
      await this.checkout.saveBillingInformation(workspaceId, input.billing_information);
      await this.checkout.charge(workspaceId, priceDetail(chosen.price), [
        { description: priceDetail(chosen.price), amount: chosen.price.cost },
      ]);
    } catch (error) {
      await this.db.deleteFrom('workspaces').where('id', '=', workspaceId).execute();
      throw error;
    }
    await this.db
      .updateTable('subscriptions')
      .set({
        active: 1,
        billing_period_started_at: now.toISOString(),
        billing_period_ends_at: addPeriod(now, chosen.price.billing_period).toISOString(),
        updated_at: now.toISOString(),
      })
      .where('workspace_id', '=', workspaceId)
      .execute();
    return workspaceId;
  }

  /** Only the owner of an active workspace edits its name and logo. */
  async update(view: WorkspaceView, input: { name?: string; logo?: AvatarUpload }): Promise<void> {
    requireOwner(view);
    requireActive(view.state);
    let logoKey: string | undefined;
    if (input.logo) {
      const logo = await reencodeImage(input.logo.filename, input.logo.data, { maxSide: LOGO_MAX_SIDE });
      if (!logo) throw invalidRecord({ logo: [messages.file('Logo')] });
      logoKey = `workspaces/${view.workspace.id}/logo-${randomUUID()}.${logo.extension}`;
      await this.storage.put(logoKey, logo.data, logo.contentType);
    }
    await this.db
      .updateTable('workspaces')
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(logoKey ? { logo_key: logoKey } : {}),
        updated_at: this.clock.now().toISOString(),
      })
      .where('id', '=', view.workspace.id)
      .execute();
    if (logoKey && view.workspace.logo_key) await this.storage.delete(view.workspace.logo_key);
  }

  private async insert(
    owner: UserRow,
    subscription: {
      price_id: number;
      active: number;
      billing_period_started_at: string | null;
      billing_period_ends_at: string | null;
      free_trial_expires_at: string | null;
    },
  ): Promise<number> {
    const now = this.clock.now().toISOString();
    // One owned workspace per user; the unique owner column settles two creations racing.
    return this.db
      .transaction()
      .execute(async (trx) => {
        const workspace = await trx
          .insertInto('workspaces')
          .values({
            name: `${owner.name}'s Workspace`,
            logo_key: null,
            owner_id: owner.id,
            payment_customer_id: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('workspace_members')
          .values({ workspace_id: workspace.id, user_id: owner.id, role: 'owner', created_at: now })
          .execute();
        await trx
          .insertInto('subscriptions')
          .values({
            workspace_id: workspace.id,
            ...subscription,
            downgrade_price_id: null,
            billing_claimed_until: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        return workspace.id;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw invalidRecord({ base: [WORKSPACE_TEXTS.alreadyOwnsWorkspace] });
        throw error;
      });
  }
}
