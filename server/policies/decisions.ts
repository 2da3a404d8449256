import { DECISION_CAPABILITY, DECISION_TEXTS } from '@common/api/decisions';
import { can } from '@common/projectRoles';
import { forbidden } from '../errors';
import type { ProjectView } from './projectView';

/**
 * Who gives their own decision on an asset's current round (issue 26 item 3): the members who may
 * comment (§6 comments.add: owner and collaborator; not View Only, not the workspace owner outside
 * the project). Guests decide through their review link, whose checks are the shared scope's.
 * Everyone who sees the asset sees its decisions.
 */
export function mayDecide(view: Pick<ProjectView, 'actor'>): boolean {
  return can(view.actor, DECISION_CAPABILITY);
}

/** 403 when the caller, who sees the asset, may not decide. */
export function authorizeDecide(view: Pick<ProjectView, 'actor'>): void {
  if (!mayDecide(view)) throw forbidden(DECISION_TEXTS.mayNotDecide);
}
