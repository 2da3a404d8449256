import { PROJECT_TEXTS } from '@common/api/projects';
import { can, type Capability, type ProjectActor } from '@common/projectRoles';
import { forbidden, type AppError } from '../errors';
import type { ProjectView } from './projectView';

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

/** The calls that take many project ids, and the capability each needs on every one of them. */
export const BULK_ACTIONS = {
  /** The project owner, or the workspace owner. */
  destroy: 'projects.destroy',
  /** Archive and restore: the project owner. */
  archive: 'projects.archive',
  /** Hide and unhide: anyone who sees the project (it leaves only their own lists). */
  hide: 'projects.see',
  /** A member other than the owner. */
  leave: 'projects.leave',
} as const satisfies Record<string, Capability>;

export type BulkAction = keyof typeof BULK_ACTIONS;

/** Why `actor` may not take `action` on a project, or null when they may. */
export function bulkRefusal(action: BulkAction, actor: ProjectActor): AppError | null {
  if (can(actor, BULK_ACTIONS[action])) return null;
  // The owner must hand the project on before leaving it.
  return forbidden(action === 'leave' && actor.role === 'owner' ? PROJECT_TEXTS.ownerCannotLeave : undefined);
}

/** All or nothing: the first project the caller may not act on refuses the whole call (403). */
export function authorizeBulk(action: BulkAction, views: readonly Pick<ProjectView, 'actor'>[]): void {
  for (const view of views) {
    const refusal = bulkRefusal(action, view.actor);
    if (refusal) throw refusal;
  }
}
