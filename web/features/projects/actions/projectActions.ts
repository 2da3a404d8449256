import type { Project } from '@common/api/projects';
import { can, type ProjectActor } from '@common/projectRoles';

/** Every action of a project's menu (§2 'Project actions'), in the menu's order. */
export type ProjectActionKind =
  | 'share'
  | 'invite'
  | 'download'
  | 'flag'
  | 'unflag'
  | 'labels'
  | 'archive'
  | 'unarchive'
  | 'hide'
  | 'unhide'
  | 'transferOwnership'
  | 'transferWorkspace'
  | 'delete'
  | 'leave';

export function actorOf(
  project: Pick<Project, 'current_user_role' | 'current_user_is_workspace_owner'>,
): ProjectActor {
  return {
    role: project.current_user_role?.name ?? null,
    isWorkspaceOwner: project.current_user_is_workspace_owner,
  };
}

/** Every member may download the project or one of its folders, whatever the role (§5). */
export const canDownloadProject = (actor: ProjectActor) => actor.role !== null;

export const isArchived = (project: Pick<Project, 'status'>) =>
  project.status === 'archived' || project.status === 'hidden_archived';
export const isHidden = (project: Pick<Project, 'status'>) =>
  project.status === 'hidden' || project.status === 'hidden_archived';

/**
 * What the user may do with a project, from the capability table (common/projectRoles.ts), so the
 * menu offers exactly what the server allows. Delete needs the project owner or the workspace
 * owner; anyone else sees 'Leave Project' (§6). Every member may download the project (as the
 * server allows, in a suspended workspace too) and hide it, which is per user.
 */
export function projectActions(
  project: Pick<
    Project,
    'current_user_role' | 'current_user_is_workspace_owner' | 'status' | 'rush_priority' | 'workspace'
  >,
): ProjectActionKind[] {
  const actor = actorOf(project);
  const member = actor.role !== null;
  const active = project.workspace.is_active;
  const actions: ProjectActionKind[] = [];
  if (active && can(actor, 'projects.share')) actions.push('share');
  if (active && can(actor, 'projects.invite')) actions.push('invite');
  if (canDownloadProject(actor)) actions.push('download');
  if (active && can(actor, 'projects.flag')) actions.push(project.rush_priority ? 'unflag' : 'flag');
  if (active && can(actor, 'projects.flag')) actions.push('labels');
  if (active && can(actor, 'projects.archive')) actions.push(isArchived(project) ? 'unarchive' : 'archive');
  if (member) actions.push(isHidden(project) ? 'unhide' : 'hide');
  if (actor.role === 'owner') actions.push('transferOwnership', 'transferWorkspace');
  if (can(actor, 'projects.destroy')) actions.push('delete');
  else if (member && can(actor, 'projects.leave')) actions.push('leave');
  return actions;
}
