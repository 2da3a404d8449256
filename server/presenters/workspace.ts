import type { AddOnItem, Subscription } from '@common/api/billing';
import type { Workspace } from '@common/api/workspaces';
import { WORKSPACE_ROLES, type WorkspaceRole } from '@common/workspaceRoles';
import type { Catalogue } from '../billing/catalogue';
import type { UserRow } from '../db/repositories/users';
import type { AddOnRow, SubscriptionRow, WorkspaceRow } from '../db/repositories/workspaces';
import { sha256 } from '../secrets';
import type { WorkspaceFactsRows } from '../policies/workspaceView';
import { avatarUrl } from './user';

export function presentRole(role: WorkspaceRole) {
  return { name: role, ...WORKSPACE_ROLES[role] };
}

/** A person as answers show them: the fields of `PERSON_COLUMNS` (server/db/repositories/projectFacts.ts). */
export function presentPerson(user: Pick<UserRow, 'id' | 'name' | 'email' | 'avatar_key'>) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar: avatarUrl(user),
  };
}

export function workspaceLogoUrl(workspace: Pick<WorkspaceRow, 'id' | 'logo_key'>): string | null {
  return workspace.logo_key
    ? `/api/v1/workspaces/${workspace.id}/logo?v=${sha256(workspace.logo_key).slice(0, 12)}`
    : null;
}

export function presentSubscription(
  row: SubscriptionRow,
  addOns: AddOnRow[],
  catalogue: Catalogue,
): Subscription {
  const current = catalogue.price(row.price_id);
  if (!current) throw new Error(`Subscription ${row.id} refers to unknown price ${row.price_id}`);
  const downgrade =
    row.downgrade_price_id === null ? null : (catalogue.price(row.downgrade_price_id)?.price ?? null);
  return {
    id: row.id,
    active: row.active === 1,
    workspace_id: row.workspace_id,
    cancel_at_period_end: row.cancel_at_period_end === 1,
    billing_period_ends_at: row.billing_period_ends_at,
    last_payment_succeeded: row.last_payment_succeeded === 1,
    pricing_plan_price: current.price,
    add_on_items: addOns.flatMap((a): AddOnItem[] => {
      const price = catalogue.addOnPrice(a.add_on_price_id);
      if (!price) return [];
      return [
        {
          id: a.id,
          quantity: a.quantity,
          included_amount: price.addOn.included_amount,
          type: price.addOn.type === 'StorageAddOn' ? 'storage' : 'members',
          add_on_price: { id: price.id, cost: price.cost, billing_period: price.period },
        },
      ];
    }),
    downgrade_at_period_end: downgrade,
    free_trial_expires_at: row.free_trial_expires_at,
  };
}

export function presentWorkspace(rows: WorkspaceFactsRows, catalogue: Catalogue): Workspace {
  const subscription = rows.subscription
    ? presentSubscription(rows.subscription, rows.addOns, catalogue)
    : null;
  return {
    id: rows.workspace.id,
    name: rows.workspace.name,
    logo: workspaceLogoUrl(rows.workspace),
    owner: presentPerson(rows.owner),
    current_user_role: presentRole(rows.role),
    projects_count: rows.projectsCount,
    members_count: rows.membersCount,
    seats_used: rows.seatsUsed,
    storage_used_in_bytes: rows.storageUsedInBytes,
    subscription,
    pricing_plan: rows.subscription ? (catalogue.price(rows.subscription.price_id)?.plan ?? null) : null,
    created_at: rows.workspace.created_at,
  };
}
