import { PROJECT_TEXTS } from '@common/api/projects';
import {
  canDeleteProjectInvite,
  canRemoveProjectMember,
  invitableProjectRoles,
  type InvitableProjectRole,
  type ProjectRole,
} from '@common/projectRoles';
import type { ProjectMemberRow } from '../db/repositories/projects';
import { forbidden, invalidRecord } from '../errors';
import type { ProjectView } from './projectView';
import { authorize } from './projects';
import { joinsOnSignUp, type InvitationFacts } from './workspaceMembers';

/**
 * Who may invite people to a project, remove its members and delete its pending invitations
 * (projects-side §5, §6 per-member permission), on the role table of common/projectRoles.ts; and
 * who may accept an invitation. Pure functions of the loaded facts; the services call them before
 * they change anything.
 */

export const PROJECT_INVITATION_TEXTS = {
  cannotDelete: 'You are not allowed to delete this invitation.',
} as const;

type Caller = Pick<ProjectView, 'actor' | 'userId'>;

/** Never yourself, never the owner, only members of equal or lower rank, by someone who may invite. */
export function mayRemoveMember(view: Caller, target: Pick<ProjectMemberRow, 'role' | 'user_id'>): boolean {
  return canRemoveProjectMember(
    { role: view.actor.role, userId: view.userId },
    { role: target.role, userId: target.user_id },
  );
}

export function authorizeMemberRemoval(
  view: Caller,
  target: Pick<ProjectMemberRow, 'role' | 'user_id'>,
): void {
  if (!mayRemoveMember(view, target)) throw forbidden(PROJECT_TEXTS.cannotRemove);
}

/** With the invite capability, and only a role of the caller's rank or lower (never owner). */
export function authorizeInvitation(view: ProjectView, role: InvitableProjectRole): void {
  authorize(view, 'projects.invite', PROJECT_TEXTS.cannotInvite);
  if (!invitableProjectRoles(view.actor.role).includes(role)) throw forbidden(PROJECT_TEXTS.roleNotAllowed);
}

/** A pending invitation is deleted by someone who may invite a role of its rank. */
export function mayDeleteInvitation(
  view: Pick<ProjectView, 'actor'>,
  invitation: { role: ProjectRole },
): boolean {
  return canDeleteProjectInvite(view.actor.role, invitation.role);
}

export function authorizeInvitationDeletion(
  view: Pick<ProjectView, 'actor'>,
  invitation: { role: ProjectRole },
): void {
  if (!mayDeleteInvitation(view, invitation)) throw forbidden(PROJECT_INVITATION_TEXTS.cannotDelete);
}

export const invitationAlreadyAccepted = () => invalidRecord({ base: [PROJECT_TEXTS.invitationAccepted] });

/** The invitation must be for the signed-in user's address (else 403) and still pending (else 422). */
export function authorizeInvitationAcceptance(invitation: InvitationFacts, userEmail: string): void {
  if (invitation.email !== userEmail.toLowerCase()) throw forbidden(PROJECT_TEXTS.invitationOtherEmail);
  if (invitation.accepted_at !== null) throw invitationAlreadyAccepted();
}

/** Sign-up with an invitation joins silently when it is pending and for the new address. */
export const joinsProjectOnSignUp: (invitation: InvitationFacts | undefined, userEmail: string) => boolean =
  joinsOnSignUp;
