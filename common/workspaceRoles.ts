/** Workspace roles (account-side §6): type, label, level (1 ranks highest) and permission flags. */
export const WORKSPACE_ROLES = {
  owner: { type: 'WorkspaceOwner', label: 'Owner', level: 1 },
  admin: { type: 'WorkspaceAdmin', label: 'Member', level: 2 },
  collaborator: { type: 'WorkspaceCollaborator', label: 'Collaborator', level: 3 },
  limited: { type: 'WorkspaceLimited', label: 'Limited', level: 4 },
} as const;

export type WorkspaceRole = keyof typeof WORKSPACE_ROLES;
export const WORKSPACE_ROLE_NAMES = Object.keys(WORKSPACE_ROLES) as [WorkspaceRole, ...WorkspaceRole[]];
export const INVITABLE_ROLES = ['admin', 'collaborator'] as const satisfies readonly WorkspaceRole[];

export interface MemberPermissions {
  see: boolean;
  invite: boolean;
  editRole: boolean;
  destroy: boolean;
}

const PERMISSIONS: Record<WorkspaceRole, MemberPermissions> = {
  owner: { see: true, invite: true, editRole: true, destroy: true },
  admin: { see: true, invite: true, editRole: false, destroy: false },
  collaborator: { see: true, invite: false, editRole: false, destroy: false },
  limited: { see: true, invite: false, editRole: false, destroy: false },
};

export function permissionsOf(role: WorkspaceRole): MemberPermissions {
  return PERMISSIONS[role];
}

export const levelOf = (role: WorkspaceRole) => WORKSPACE_ROLES[role].level;

/** Roles the actor may invite: never owner, and only of equal or lower rank. */
export function invitableRoles(actor: WorkspaceRole): WorkspaceRole[] {
  if (!permissionsOf(actor).invite) return [];
  return INVITABLE_ROLES.filter((role) => levelOf(role) >= levelOf(actor));
}

/** The default invitation role: admin when allowed ('default admin'), else the last invitable one. */
export function defaultInviteRole(actor: WorkspaceRole): WorkspaceRole | undefined {
  const roles = invitableRoles(actor);
  return roles.includes('admin') ? 'admin' : roles.at(-1);
}

/** A member can be removed if not the owner, by someone with permission and equal or higher rank, or by themself. */
export function canRemoveMember(
  actor: { role: WorkspaceRole; userId: number },
  target: { role: WorkspaceRole; userId: number },
): boolean {
  if (target.role === 'owner') return false;
  if (actor.userId === target.userId) return true;
  return permissionsOf(actor.role).destroy && levelOf(target.role) >= levelOf(actor.role);
}

/** A role is edited only with permission, on a non-owner, not on oneself, and only in an active workspace. */
export function canEditRole(
  actor: { role: WorkspaceRole; userId: number },
  target: { role: WorkspaceRole; userId: number },
  workspaceActive: boolean,
): boolean {
  return (
    workspaceActive &&
    permissionsOf(actor.role).editRole &&
    target.role !== 'owner' &&
    actor.userId !== target.userId
  );
}

/** An invitation is deleted with permission and an equal or lower level than the actor's. */
export function canDeleteInvite(actor: WorkspaceRole, invitedRole: WorkspaceRole): boolean {
  return permissionsOf(actor).invite && levelOf(invitedRole) >= levelOf(actor);
}

/** Workspace labels organise the whole workspace's project list: its owner and admins manage them. */
export function canManageWorkspaceLabels(role: WorkspaceRole): boolean {
  return role === 'owner' || role === 'admin';
}

/** A collaborator (and the limited role) sees only collaborators. */
export function canListAllMembers(role: WorkspaceRole): boolean {
  return role === 'owner' || role === 'admin';
}

/** Roles that take a seat under the plan's member limit; collaborators are unlimited. */
export function takesSeat(role: WorkspaceRole): boolean {
  return role !== 'collaborator';
}
