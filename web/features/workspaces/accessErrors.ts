import { useSyncExternalStore } from 'react';
import { isApiError } from '@web/api/client';

/**
 * The workspace access error (account-side §4): a 403 or 404 while working in a workspace means
 * the user cannot go on there (removed, role changed, workspace deleted). The failing call reports
 * it here; WorkspaceAccessDialog shows it, then sends the user to /user/profile.
 */
export interface WorkspaceAccessProblem {
  workspaceId: number;
  ownerEmail: string | null;
  status: 403 | 404;
}

let current: WorkspaceAccessProblem | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/**
 * True for answers that mean "you may not be here any more": 404 not_found (the workspace or the
 * membership is gone) and 403 forbidden (a permission was withdrawn). Business refusals with their
 * own codes (inactive_workspace, forbidden_subscription_limit_reached, not_found_member, …) are
 * handled by the screen that made the call.
 */
export function isWorkspaceAccessError(error: unknown): error is { status: 403 | 404 } {
  return (
    (isApiError(error, 'not_found') && error.status === 404) ||
    (isApiError(error, 'forbidden') && error.status === 403)
  );
}

/** Shows the access dialog when `error` is an access error; returns whether it did. */
export function reportWorkspaceAccessError(
  error: unknown,
  workspace: { id: number; owner: { email: string } | null },
): boolean {
  if (!isWorkspaceAccessError(error)) return false;
  if (current) return true;
  current = { workspaceId: workspace.id, ownerEmail: workspace.owner?.email ?? null, status: error.status };
  emit();
  return true;
}

export function clearWorkspaceAccessError(): void {
  current = null;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useWorkspaceAccessProblem(): WorkspaceAccessProblem | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
