import type { WorkspaceSection } from '@web/features/workspaces';

/** The tabs of /user/workspaces/{id}/{section} (account-side §2, §6). */
export const WORKSPACE_TABS: readonly { id: WorkspaceSection; label: string; ownerOnly: boolean }[] = [
  { id: 'plan', label: 'Plan', ownerOnly: true },
  { id: 'billing', label: 'Billing', ownerOnly: true },
  { id: 'projects', label: 'Projects', ownerOnly: false },
  { id: 'members', label: 'Members', ownerOnly: true },
  { id: 'general', label: 'General', ownerOnly: false },
];

/** The owner sees Plan, Billing, Projects, Members, General; everyone else Projects and General. */
export function workspaceTabs(isOwner: boolean) {
  return WORKSPACE_TABS.filter((tab) => isOwner || !tab.ownerOnly);
}

/** The tab a workspace opens on: Plan for the owner, Projects otherwise. */
export function defaultSection(isOwner: boolean): WorkspaceSection {
  return isOwner ? 'plan' : 'projects';
}

/** The section the URL names when the user may see it, else null (the page then redirects). */
export function visibleSection(section: string | undefined, isOwner: boolean): WorkspaceSection | null {
  return workspaceTabs(isOwner).find((tab) => tab.id === section)?.id ?? null;
}
