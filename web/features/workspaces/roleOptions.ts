import { WORKSPACE_ROLES, type WorkspaceRole } from '@common/workspaceRoles';

/** What each invitable role may do, as the invite form describes it (account-side §6). */
export const ROLE_DESCRIPTIONS: Partial<Record<WorkspaceRole, string>> = {
  collaborator: "can collaborate on projects they've been invited to but cannot create new projects",
  admin: 'can create and delete projects and edit their settings',
  limited: 'can only see the projects they are invited to; their own projects go to the workspace owner',
};

/** Roles a member's role can be changed to (never owner: that is a transfer). */
export const ASSIGNABLE_ROLES = [
  'admin',
  'collaborator',
  'limited',
] as const satisfies readonly WorkspaceRole[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export function roleLabel(role: WorkspaceRole): string {
  return WORKSPACE_ROLES[role].label;
}

export function roleOptions(roles: readonly WorkspaceRole[]) {
  return roles.map((role) => ({ value: role, label: roleLabel(role) }));
}
