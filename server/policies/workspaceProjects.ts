import { PROJECT_TEXTS } from '@common/api/projects';
import type { WorkspaceRole } from '@common/workspaceRoles';
import { forbidden } from '../errors';

/**
 * What a workspace member may do with the workspace's projects (account-side §6): the owner and
 * admins create projects there (or move them in) and see every project of the workspace; the other
 * roles see only the projects they are members of.
 */

export function mayCreateProjects(role: WorkspaceRole): boolean {
  return role === 'owner' || role === 'admin';
}

export function authorizeProjectCreation(view: { member: { role: WorkspaceRole } }): void {
  if (!mayCreateProjects(view.member.role)) throw forbidden(PROJECT_TEXTS.cannotCreate);
}

/** The workspace's Projects tab: every project for the owner and admins, else the caller's own. */
export function seesEveryWorkspaceProject(role: WorkspaceRole): boolean {
  return role === 'owner' || role === 'admin';
}
