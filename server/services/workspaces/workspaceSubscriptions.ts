import type { Checkout } from '@common/api/billing';
import type { Workspace } from '@common/api/workspaces';
import type { WorkspaceView } from '../../policies/workspaceView';
import type { AddOnService } from '../billing/addOns';
import type { SubscriptionService } from '../billing/subscriptions';
import type { WorkspaceAccess } from './workspaceAccess';

/**
 * The subscription actions (subscribe or upgrade, cancel, reactivate, downgrade, cancel downgrade)
 * and add-ons of a workspace as its members call them: each lets the caller in (404 for anyone not
 * a member), hands what the caller saw to the billing service, which asks the policy (403) and
 * acts, and answers the workspace as it is afterwards.
 */
export class WorkspaceSubscriptions {
  constructor(
    private readonly access: WorkspaceAccess,
    private readonly subscriptions: SubscriptionService,
    private readonly addOns: AddOnService,
  ) {}

  subscribe(userId: number, workspaceId: number, input: Checkout): Promise<Workspace> {
    return this.act(userId, workspaceId, (view) => this.subscriptions.subscribe(view, input));
  }

  cancel(userId: number, workspaceId: number): Promise<Workspace> {
    return this.act(userId, workspaceId, (view) => this.subscriptions.cancel(view));
  }

  reactivate(userId: number, workspaceId: number): Promise<Workspace> {
    return this.act(userId, workspaceId, (view) => this.subscriptions.reactivate(view));
  }

  downgrade(userId: number, workspaceId: number, priceId: number): Promise<Workspace> {
    return this.act(userId, workspaceId, (view) => this.subscriptions.downgrade(view, priceId));
  }

  cancelDowngrade(userId: number, workspaceId: number): Promise<Workspace> {
    return this.act(userId, workspaceId, (view) => this.subscriptions.cancelDowngrade(view));
  }

  addAddOn(userId: number, workspaceId: number, addOnPriceId: number): Promise<Workspace> {
    return this.act(userId, workspaceId, (view) => this.addOns.add(view, addOnPriceId));
  }

  removeAddOn(userId: number, workspaceId: number, addOnPriceId: number): Promise<Workspace> {
    return this.act(userId, workspaceId, (view) => this.addOns.remove(view, addOnPriceId));
  }

  /** Lets the caller in, runs the action on what they saw, answers the workspace read again. */
  private async act(
    userId: number,
    workspaceId: number,
    action: (view: WorkspaceView) => Promise<void>,
  ): Promise<Workspace> {
    await action(await this.access.forMember(workspaceId, userId));
    return (await this.access.forMember(workspaceId, userId)).presented;
  }
}
