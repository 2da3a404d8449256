import type { User } from '../../../common/api/users';
import type { Workspace } from '../../../common/api/workspaces';

export interface IntercomSettings {
  app_id: string;
  user_id: string;
  email: string;
  name: string;
  user_hash: string | null;
  paid_workspace_ids: string;
}

/**
 * What the support chat is told about the signed-in user (spec §1): id, e-mail, name, the server's
 * identity hash and the ids of workspaces on a paid plan. Null when the chat is not configured.
 */
export function intercomSettings(
  appId: string | null,
  user: User | null,
  workspaces: readonly Workspace[],
): IntercomSettings | null {
  if (!appId || !user) return null;
  const paid = workspaces
    .filter((w) => w.subscription?.active && w.subscription.pricing_plan_price.cost > 0)
    .map((w) => w.id);
  return {
    app_id: appId,
    user_id: String(user.id),
    email: user.email,
    name: user.name,
    user_hash: user.intercom_hash,
    paid_workspace_ids: paid.join(','),
  };
}
