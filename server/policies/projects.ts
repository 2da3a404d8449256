import { can, type Capability } from '@common/projectRoles';
import { forbidden } from '../errors';
import type { ProjectView } from '../services/projectAccess';

/**
 * Who may do what on a project (projects-side §6), on top of ProjectAccess: a caller who reached
 * the view may see the project, so a refusal here is 403 (API.md).
 */
export function authorize(view: ProjectView, capability: Capability, message?: string): void {
  if (!can(view.actor, capability)) throw forbidden(message);
}

export function allows(view: ProjectView, capability: Capability): boolean {
  return can(view.actor, capability);
}
