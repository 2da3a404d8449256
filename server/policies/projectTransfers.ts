import type { ProjectRole } from '@common/projectRoles';
import { forbidden } from '../errors';
import type { ProjectView } from './projectView';

/**
 * Who may hand a project on (projects-side §2 project actions, §4): its ownership by the project
 * owner or the workspace owner; the project itself, to another workspace, by the project owner.
 */
export function authorizeOwnershipTransfer(view: ProjectView): void {
  if (view.actor.role !== 'owner' && !view.actor.isWorkspaceOwner) throw forbidden();
}

export function authorizeWorkspaceTransfer(view: ProjectView): void {
  if (view.actor.role !== 'owner') throw forbidden();
}

/** Handing the ownership to the member who already holds it changes nothing. */
export function changesOwner(target: { role: ProjectRole }): boolean {
  return target.role !== 'owner';
}
