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
