import { TEAM_PLAN_NAME } from '@common/plans';
import { takesSeat, type WorkspaceRole } from '@common/workspaceRoles';
import type { WorkspaceState } from '@common/workspaceState';

/**
 * Which popup stops an invitation before it is sent (account-side §5, §8):
 * - suspended: nothing can be done in a suspended workspace;
 * - freeTrial: free-trial subscriptions do not allow invitations ('You've found a paid feature');
 * - planLimit: the seats of the plan are used up and a bigger plan exists (Upgrade);
 * - topLimit: the seats of the biggest plan are used up (Contact us).
 * Collaborators take no seat, so inviting only collaborators never meets a seat limit.
 */
export type MemberLimitKind = 'suspended' | 'freeTrial' | 'planLimit' | 'topLimit';

export function memberLimitFor(input: {
  state: Pick<WorkspaceState, 'isActive' | 'isOnFreeTrial' | 'subscriptionMaxMembersCount'>;
  seatsUsed: number;
  planName: string | null;
  role: WorkspaceRole;
  count: number;
}): MemberLimitKind | null {
  const { state } = input;
  if (!state.isActive) return 'suspended';
  if (state.isOnFreeTrial) return 'freeTrial';
  if (!takesSeat(input.role)) return null;
  if (input.seatsUsed + input.count <= state.subscriptionMaxMembersCount) return null;
  return input.planName === TEAM_PLAN_NAME ? 'topLimit' : 'planLimit';
}

/** The popup for the server's 403 forbidden_subscription_limit_reached, by its message. */
export function memberLimitFromRefusal(
  state: Pick<WorkspaceState, 'isOnFreeTrial'>,
  planName: string | null,
): MemberLimitKind {
  if (state.isOnFreeTrial) return 'freeTrial';
  return planName === TEAM_PLAN_NAME ? 'topLimit' : 'planLimit';
}
