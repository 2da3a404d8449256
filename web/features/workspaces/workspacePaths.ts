/** Where a workspace's settings live: /user/workspaces/{id}/{section} (account-side §2). */
export type WorkspaceSection = 'plan' | 'billing' | 'projects' | 'members' | 'general';

export function workspacePath(workspaceId: number, section?: WorkspaceSection): string {
  return section ? `/user/workspaces/${workspaceId}/${section}` : `/user/workspaces/${workspaceId}`;
}

/**
 * The navigation state that opens the 'Change Workspace Plan' modal on the Plan tab (§2: "the plan
 * tab can be opened with a state flag that shows the subscription modal"). Pass it as
 * `navigate(workspacePath(id, 'plan'), { state: OPEN_PLAN_MODAL })`; the Plan tab reads it with
 * `opensPlanModal(location.state)`.
 */
export const OPEN_PLAN_MODAL = { openPlanModal: true } as const;

export function opensPlanModal(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { openPlanModal?: unknown }).openPlanModal === true
  );
}

/** Where the Contact us buttons write to. */
export const SUPPORT_EMAIL = 'support@proofroom.app';
export const CONTACT_US_URL = `mailto:${SUPPORT_EMAIL}`;
