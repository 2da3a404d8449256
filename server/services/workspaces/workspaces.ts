import { randomUUID } from 'node:crypto';
import type { Checkout } from '@common/api/billing';
import { WORKSPACE_TEXTS, type Workspace } from '@common/api/workspaces';
import { messages } from '@common/validation';
import { isFreePrice, PRO_PLAN_NAME, FREE_TRIAL_PLAN_NAME } from '@common/plans';
import type { FileStorage } from '../../adapters/storage/fileStorage';
import { addPeriod } from '../../billing/periods';
import type { Catalogue } from '../../billing/catalogue';
import { days, type Clock } from '../../clock';
import type { NewSubscription } from '../../db/repositories/subscriptions';
import { isUniqueViolation, type UserRow } from '../../db/repositories/users';
import type { TxOf, UnitOfWorkOf } from '../../db/unitOfWork';
import { invalidRecord, notFound } from '../../errors';
import { reencodeImage } from '../../media/reencodeImage';
import { priceDetail, type CheckoutService } from '../billing/checkout';
import type { AvatarUpload } from '../accounts/profile';
import type { WorkspaceView } from '../../policies/workspaceView';
import { requireActive, requireOwner } from '../../policies/workspaces';
import type { WorkspaceAccess } from './workspaceAccess';

/** A workspace logo is stored at most this many pixels on its longer side. */
const LOGO_MAX_SIDE = 512;

/** What an owner changes of a workspace: its name, its logo, or both. */
export interface WorkspaceChanges {
  name?: string;
  logo?: AvatarUpload;
}

/** The repositories WorkspaceService uses. */
type WorkspaceRepositories = 'billing' | 'subscriptions' | 'users' | 'workspaceMembers' | 'workspaces';

/**
 * The caller's workspaces, one workspace and its logo, creating a workspace (free trial, free plan,
 * or paid checkout) and editing its name and logo. The calls on a workspace let the caller in (404
 * for anyone not a member) and ask the policy (403) before they act.
 */
export class WorkspaceService {
  constructor(
    private readonly uow: UnitOfWorkOf<WorkspaceRepositories>,
    private readonly access: WorkspaceAccess,
    private readonly catalogue: Catalogue,
    private readonly checkout: CheckoutService,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
    private readonly trialDays: number,
  ) {}

  /** Every workspace of the caller, owned first, then by name. */
  async listForUser(userId: number): Promise<Workspace[]> {
    return (await this.access.listForUser(userId)).map((view) => view.presented);
  }

  /** One workspace as the caller sees it. */
  async show(userId: number, workspaceId: number): Promise<Workspace> {
    return (await this.access.forMember(workspaceId, userId)).presented;
  }

  /** The key of the workspace's logo in storage, for its members; null when it has none. */
  async logoKey(userId: number, workspaceId: number): Promise<string | null> {
    return (await this.access.forMember(workspaceId, userId)).workspace.logo_key;
  }

  /** The signed-in user opens their workspace; answers it as they now see it. */
  async create(userId: number, input: Checkout): Promise<Workspace> {
    const owner = await this.uow.read.users.findById(userId);
    if (!owner) throw notFound();
    return this.show(userId, await this.open(owner, input));
  }

  /**
   * 'Pro Plan' without a card, or a free price, starts a free trial; any other price pays first and
   * only then exists: its events are recorded once the payment went through, and a failed payment
   * leaves neither a workspace nor an event behind.
   */
  private async open(owner: UserRow, input: Checkout): Promise<number> {
    if (await this.uow.read.workspaces.ownedBy(owner.id))
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
      const subscription: NewSubscription = {
        price_id: trialPrice.id,
        active: 1,
        billing_period_started_at: now.toISOString(),
        billing_period_ends_at: expires,
        free_trial_expires_at: expires,
      };
      const created = await this.insert(owner, subscription, (tx, ids) =>
        recordCreated(tx, owner, ids, subscription),
      );
      return created.workspaceId;
    }

    if (!input.payment_method_id)
      throw invalidRecord({ payment_method_id: [messages.required('Payment method')] });
    if (!input.billing_information)
      throw invalidRecord({ billing_information: [messages.required('Billing information')] });
    const card = await this.checkout.paymentMethodValues(input.payment_method_id);
    const billingInformation = this.checkout.billingInformationValues(input.billing_information);
    const { workspaceId, subscriptionId } = await this.insert(
      owner,
      {
        price_id: chosen.price.id,
        active: 0,
        billing_period_started_at: null,
        billing_period_ends_at: null,
        free_trial_expires_at: null,
      },
      async (tx, ids) => {
        await tx.billing.savePaymentMethod(ids.workspaceId, card);
        await tx.billing.saveBillingInformation(ids.workspaceId, billingInformation);
      },
    );
    try {
      await this.checkout.charge(workspaceId, priceDetail(chosen.price), [
        { description: priceDetail(chosen.price), amount: chosen.price.cost },
      ]);
    } catch (error) {
      // Never shown to anyone: it goes without an event, its card and invoice with it.
      await this.uow.read.workspaces.delete(workspaceId);
      throw error;
    }
    await this.uow.transaction(async (tx) => {
      const subscription: NewSubscription = {
        price_id: chosen.price.id,
        active: 1,
        billing_period_started_at: now.toISOString(),
        billing_period_ends_at: addPeriod(now, chosen.price.billing_period).toISOString(),
        free_trial_expires_at: null,
      };
      await tx.subscriptions.update(subscriptionId, subscription, this.clock.now());
      await recordCreated(tx, owner, { workspaceId, subscriptionId }, subscription);
    });
    return workspaceId;
  }

  /**
   * Only the owner of an active workspace edits its name and logo. `readChanges` reads them from the
   * request once the caller is let in. Answers the workspace as the caller now sees it.
   */
  async update(
    userId: number,
    workspaceId: number,
    readChanges: () => Promise<WorkspaceChanges>,
  ): Promise<Workspace> {
    const view = await this.access.forMember(workspaceId, userId);
    await this.change(view, await readChanges());
    return this.show(userId, workspaceId);
  }

  private async change(view: WorkspaceView, input: WorkspaceChanges): Promise<void> {
    requireOwner(view);
    requireActive(view.state);
    let logoKey: string | undefined;
    if (input.logo) {
      const logo = await reencodeImage(input.logo.filename, input.logo.data, { maxSide: LOGO_MAX_SIDE });
      if (!logo) throw invalidRecord({ logo: [messages.file('Logo')] });
      logoKey = `workspaces/${view.workspace.id}/logo-${randomUUID()}.${logo.extension}`;
      await this.storage.put(logoKey, logo.data, logo.contentType);
    }
    const changes = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(logoKey ? { logo_key: logoKey } : {}),
    };
    await this.uow.transaction(async (tx) => {
      await tx.workspaces.update(view.workspace.id, {
        ...changes,
        updated_at: this.clock.now().toISOString(),
      });
      if (Object.keys(changes).length === 0) return;
      await tx.record({
        type: 'workspace.updated',
        workspaceId: view.workspace.id,
        actorId: view.member.user_id,
        subject: { type: 'Workspace', id: view.workspace.id },
        data: {
          changed: Object.keys(changes).map((key) => (key === 'logo_key' ? 'logo' : key)),
          ...(input.name !== undefined ? { from: view.workspace.name, to: input.name } : {}),
        },
      });
    });
    if (logoKey && view.workspace.logo_key) await this.storage.delete(view.workspace.logo_key);
  }

  /** The workspace, its owner's membership and its subscription, in one transaction with `more`. */
  private async insert(
    owner: UserRow,
    subscription: NewSubscription,
    more: (tx: TxOf<'billing'>, ids: CreatedIds) => Promise<void>,
  ): Promise<CreatedIds> {
    const now = this.clock.now().toISOString();
    // One owned workspace per user; the unique owner column settles two creations racing.
    return this.uow
      .transaction(async (tx) => {
        const workspaceId = await tx.workspaces.insert({
          name: `${owner.name}'s Workspace`,
          ownerId: owner.id,
          now,
        });
        await tx.workspaceMembers.add({ workspaceId, userId: owner.id, role: 'owner', now });
        const subscriptionId = await tx.subscriptions.insert(workspaceId, subscription, now);
        const ids = { workspaceId, subscriptionId };
        await more(tx, ids);
        return ids;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw invalidRecord({ base: [WORKSPACE_TEXTS.alreadyOwnsWorkspace] });
        throw error;
      });
  }
}

interface CreatedIds {
  workspaceId: number;
  subscriptionId: number;
}

/** A new workspace exists, and its subscription (a free trial or a paid plan) has started. */
async function recordCreated(
  tx: TxOf<never>,
  owner: UserRow,
  { workspaceId, subscriptionId }: CreatedIds,
  subscription: NewSubscription,
): Promise<void> {
  await tx.record({
    type: 'workspace.created',
    workspaceId,
    actorId: owner.id,
    subject: { type: 'Workspace', id: workspaceId },
  });
  await tx.record({
    type: 'subscription.started',
    workspaceId,
    actorId: owner.id,
    subject: { type: 'Subscription', id: subscriptionId },
    data: {
      price_id: subscription.price_id,
      trial: subscription.free_trial_expires_at !== null,
      billing_period_ends_at: subscription.billing_period_ends_at,
    },
  });
}
