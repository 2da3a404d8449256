import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import type { WorkspaceRole } from '@common/workspaceRoles';
import type { WorkspaceState } from '@common/workspaceState';
import { AppError, forbidden } from '../errors';

/**
 * The workspace checks other features call before they act (account-side §8 codes). Each reads
 * the derived state of common/workspaceState.ts, so the server refuses exactly what the UI greys
 * out. Pure: the caller loads the facts (WorkspaceAccess) and passes them in.
 */

export const ONLY_THE_OWNER = 'Only the owner of the workspace can do this.';

const subscriptionLimit = (message: string) =>
  new AppError(403, 'forbidden_subscription_limit_reached', message);

export function requireOwner(view: { member: { role: WorkspaceRole } }): void {
  if (view.member.role !== 'owner') throw forbidden(ONLY_THE_OWNER);
}

export function requireActive(state: Pick<WorkspaceState, 'isActive'>): void {
  if (!state.isActive) throw new AppError(403, 'inactive_workspace', WORKSPACE_TEXTS.inactiveWorkspace);
}

export function requireRoomForProject(state: Pick<WorkspaceState, 'isActive' | 'hasRoomForProjects'>): void {
  requireActive(state);
  if (!state.hasRoomForProjects)
    throw new AppError(403, 'forbidden_project_count', WORKSPACE_TEXTS.projectLimit);
}

/** A new seat-taking member: never on a free trial, and only below the plan's member count. */
export function requireSeat(
  state: Pick<WorkspaceState, 'isActive' | 'isOnFreeTrial' | 'canInviteMembers'>,
): void {
  requireActive(state);
  if (state.isOnFreeTrial) throw subscriptionLimit(WORKSPACE_TEXTS.freeTrialFeature);
  if (!state.canInviteMembers) throw subscriptionLimit(WORKSPACE_TEXTS.memberLimit);
}

/** Room for `count` more seat-taking people: requireSeat for the first, the plan's count for the batch. */
export function requireSeats(
  state: Pick<
    WorkspaceState,
    'isActive' | 'isOnFreeTrial' | 'canInviteMembers' | 'subscriptionMaxMembersCount'
  >,
  seatsUsed: number,
  count: number,
): void {
  if (count === 0) return;
  requireSeat(state);
  if (seatsUsed + count > state.subscriptionMaxMembersCount)
    throw subscriptionLimit(WORKSPACE_TEXTS.memberLimit);
}

/** Cancelling, downgrading and add-ons are for paid plans: a free trial (cost 0) has none of them. */
export function requirePaidPlan(state: Pick<WorkspaceState, 'hasAPaidPlan'>): void {
  if (!state.hasAPaidPlan) throw forbidden(WORKSPACE_TEXTS.freeTrialFeature);
}

/** A subscription renews again only while the seat-taking members fit the plan and its seat add-ons. */
export function requireMembersFit(
  state: Pick<WorkspaceState, 'subscriptionMaxMembersCount'>,
  seatsUsed: number,
): void {
  if (seatsUsed > state.subscriptionMaxMembersCount) throw subscriptionLimit(WORKSPACE_TEXTS.memberLimit);
}

/** Storage may not exceed the included storage plus add-ons. */
export function requireStorage(state: Pick<WorkspaceState, 'storageAvailable'>, bytes: number): void {
  if (bytes > state.storageAvailable)
    throw new AppError(400, 'invalid_workspace', WORKSPACE_TEXTS.storageLimit);
}
