import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import type { WorkspaceState } from '@common/workspaceState';
import { AppError, forbidden } from '../errors';
import type { WorkspaceView } from './workspaceAccess';

/**
 * The workspace checks other features call before they act (account-side §8 codes). Each takes the
 * derived state of common/workspaceState.ts, so the server refuses exactly what the UI greys out.
 */
export function requireOwner(view: WorkspaceView): void {
  if (view.member.role !== 'owner') throw forbidden('Only the owner of the workspace can do this.');
}

export function requireActive(state: WorkspaceState): void {
  if (!state.isActive) throw new AppError(403, 'inactive_workspace', WORKSPACE_TEXTS.inactiveWorkspace);
}

export function requireRoomForProject(state: WorkspaceState): void {
  requireActive(state);
  if (!state.hasRoomForProjects)
    throw new AppError(403, 'forbidden_project_count', WORKSPACE_TEXTS.projectLimit);
}

/** A new seat-taking member: never on a free trial, and only below the plan's member count. */
export function requireSeat(state: WorkspaceState): void {
  requireActive(state);
  if (state.isOnFreeTrial)
    throw new AppError(403, 'forbidden_subscription_limit_reached', WORKSPACE_TEXTS.freeTrialFeature);
  if (!state.canInviteMembers) {
    throw new AppError(403, 'forbidden_subscription_limit_reached', WORKSPACE_TEXTS.memberLimit);
  }
}

/** Storage may not exceed the included storage plus add-ons. */
export function requireStorage(state: WorkspaceState, bytes: number): void {
  if (bytes > state.storageAvailable)
    throw new AppError(400, 'invalid_workspace', WORKSPACE_TEXTS.storageLimit);
}
