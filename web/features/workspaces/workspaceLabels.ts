import type { Workspace } from '@common/api/workspaces';
import { FREE_TRIAL_PLAN_NAME } from '@common/plans';
import { truncate } from '@common/text';
import type { WorkspaceState } from '@common/workspaceState';

/** Workspace names are cut at 33 characters (account-side §9). */
export const WORKSPACE_NAME_MAX = 33;

export function workspaceDisplayName(workspace: Pick<Workspace, 'name'>): string {
  return truncate(workspace.name, WORKSPACE_NAME_MAX);
}

/**
 * The sidebar's plan tag, shown to owners only: 'Free Trial' on a trial (running or expired),
 * else the plan's name without ' Plan' ('Pro', 'Team'); null without a plan.
 */
export function planTag(
  workspace: Pick<Workspace, 'pricing_plan'>,
  state: Pick<WorkspaceState, 'isOnFreeTrial' | 'isOnExpiredFreeTrial' | 'currentUserIsOwner'>,
): string | null {
  if (!state.currentUserIsOwner) return null;
  if (state.isOnFreeTrial || state.isOnExpiredFreeTrial) return FREE_TRIAL_PLAN_NAME;
  const name = workspace.pricing_plan?.name;
  if (!name) return null;
  if (name === FREE_TRIAL_PLAN_NAME) return name;
  return name.replace(/ Plan$/, '');
}
