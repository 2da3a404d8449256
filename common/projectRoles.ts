/**
 * Project roles and the capability table of projects-side §6. The server's policies
 * (server/policies/projects.ts) and the UI read the same table, so what the UI hides is exactly
 * what the server refuses.
 *
 * 'viewer' is the 'View Only' role the spec shows as the default invitation role: it sees the
 * project, its assets, tasks and comments, and changes nothing.
 */
export const PROJECT_ROLES = {
  owner: { type: 'ProjectOwner', label: 'Owner', level: 1 },
  collaborator: { type: 'ProjectCollaborator', label: 'Collaborator', level: 2 },
  viewer: { type: 'ProjectViewer', label: 'View Only', level: 3 },
} as const;

export type ProjectRole = keyof typeof PROJECT_ROLES;
export const PROJECT_ROLE_NAMES = Object.keys(PROJECT_ROLES) as [ProjectRole, ...ProjectRole[]];
export const INVITABLE_PROJECT_ROLES = ['collaborator', 'viewer'] as const satisfies readonly ProjectRole[];
export type InvitableProjectRole = (typeof INVITABLE_PROJECT_ROLES)[number];

export const projectLevelOf = (role: ProjectRole) => PROJECT_ROLES[role].level;

/**
 * What each invitable role may do, in the words both the invitation e-mail and the invite dialog
 * use (§6), so the invitee reads what the inviter picked. Each sentence follows the table below.
 */
export const PROJECT_ROLE_DESCRIPTIONS: Record<InvitableProjectRole, string> = {
  collaborator:
    'A Collaborator can upload, comment, approve, organise folders and share the project, but cannot edit its information or delete it.',
  viewer:
    'A View Only member can see the project, its assets, tasks and comments, but cannot change anything.',
};

/** Every capability of §6, by resource. */
export const PROJECT_CAPABILITIES = {
  projects: ['see', 'add', 'edit', 'destroy', 'archive', 'share', 'flag', 'invite', 'leave'],
  assets: ['see', 'upload', 'destroy', 'approve', 'seeVersions', 'filter', 'editTitle'],
  tasks: ['see', 'add'],
  comments: ['see', 'add', 'destroyOwn', 'destroyOther', 'editOwn', 'editOther'],
  folders: ['see', 'add', 'edit', 'destroy'],
  labels: ['see', 'add', 'edit', 'destroy', 'order'],
} as const;

export type ProjectResource = keyof typeof PROJECT_CAPABILITIES;
export type Capability = {
  [R in ProjectResource]: `${R}.${(typeof PROJECT_CAPABILITIES)[R][number]}`;
}[ProjectResource];

/** View Only: sees the project, its assets, tasks and comments, and changes nothing. */
const VIEWER: Capability[] = [
  'projects.see',
  'projects.leave',
  'assets.see',
  'assets.seeVersions',
  'assets.filter',
  'tasks.see',
  'comments.see',
  'folders.see',
  'labels.see',
];

/** A collaborator collaborates but does not edit project information or delete the project (§6). */
const COLLABORATOR: Capability[] = [
  ...VIEWER,
  'projects.share',
  'projects.flag',
  'projects.invite',
  'assets.upload',
  'assets.destroy',
  'assets.approve',
  'tasks.add',
  'comments.add',
  'comments.destroyOwn',
  'comments.destroyOther',
  'comments.editOwn',
  'folders.add',
  'folders.edit',
  'folders.destroy',
  'labels.add',
  'labels.edit',
  'labels.destroy',
  'labels.order',
];

/** The owner does everything a collaborator does, edits and deletes the project, and cannot leave it. */
const OWNER: Capability[] = [
  ...COLLABORATOR.filter((c) => c !== 'projects.leave'),
  'projects.add',
  'projects.edit',
  'projects.destroy',
  'projects.archive',
  'assets.editTitle',
];

const TABLE: Record<ProjectRole, ReadonlySet<Capability>> = {
  owner: new Set(OWNER),
  collaborator: new Set(COLLABORATOR),
  viewer: new Set(VIEWER),
};

/**
 * What a workspace owner may do on a project of the workspace they are not a member of: see it
 * and delete it (§6: 'Project delete needs the workspace owner or the project owner').
 */
const WORKSPACE_OWNER_OUTSIDE: ReadonlySet<Capability> = new Set(['projects.see', 'projects.destroy']);

export interface ProjectActor {
  /** The caller's project role, or null when not a member. */
  role: ProjectRole | null;
  /** The caller owns the workspace that holds the project. */
  isWorkspaceOwner: boolean;
}

export function can(actor: ProjectActor, capability: Capability): boolean {
  if (actor.role && TABLE[actor.role].has(capability)) return true;
  // The project owner cannot leave (ownership must be transferred first); the workspace owner may delete.
  return actor.isWorkspaceOwner && WORKSPACE_OWNER_OUTSIDE.has(capability);
}

/** Roles the actor may invite: never owner, only of equal or lower rank; the default is the last one. */
export function invitableProjectRoles(role: ProjectRole | null): InvitableProjectRole[] {
  if (!role || !TABLE[role].has('projects.invite')) return [];
  return INVITABLE_PROJECT_ROLES.filter((r) => projectLevelOf(r) >= projectLevelOf(role));
}

export function defaultProjectInviteRole(role: ProjectRole | null): InvitableProjectRole | undefined {
  return invitableProjectRoles(role).at(-1);
}

/**
 * A member is removed by someone who may invite, never themselves and never the owner, and only
 * when the target ranks equal or lower (§5: 'A user cannot delete themselves as a project member').
 */
export function canRemoveProjectMember(
  actor: { role: ProjectRole | null; userId: number },
  target: { role: ProjectRole; userId: number },
): boolean {
  if (!actor.role || target.role === 'owner' || actor.userId === target.userId) return false;
  return (
    TABLE[actor.role].has('projects.invite') && projectLevelOf(target.role) >= projectLevelOf(actor.role)
  );
}

/** A pending invitation is deleted by someone who may invite a role of its rank. */
export function canDeleteProjectInvite(actor: ProjectRole | null, invitedRole: ProjectRole): boolean {
  return invitableProjectRoles(actor).some((r) => r === invitedRole);
}
