import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import {
  canDeleteInvite,
  canEditRole,
  canListAllMembers,
  canRemoveMember,
  invitableRoles,
  permissionsOf,
  takesSeat,
  type WorkspaceRole,
} from '@common/workspaceRoles';
import type { WorkspaceState } from '@common/workspaceState';
import { AppError, forbidden, invalidRecord } from '../errors';
import { requireActive, requireSeat } from './workspaces';

/**
 * Who may list, invite, change and remove the members of a workspace (account-side §5–8), on the
 * role tables of common/workspaceRoles.ts. Pure functions of the loaded facts; the services call
 * them before they change anything.
 */

export const MEMBER_TEXTS = {
  cannotChangeRole: "You are not allowed to change this member's role.",
  cannotRemove: 'You are not allowed to remove this member.',
  ownerCannotLeave:
    'The owner cannot leave the workspace. Transfer the ownership or delete the workspace first.',
} as const;

export const INVITATION_TEXTS = {
  cannotInvite: 'Only admins can invite people',
  roleNotAllowed: 'You cannot invite people with this role.',
  cannotDeleteInvite: 'You are not allowed to delete this invitation.',
  otherEmail: 'This invitation was sent to another e-mail address.',
  alreadyAccepted: 'This invitation has already been accepted.',
} as const;

export interface MemberActor {
  role: WorkspaceRole;
  userId: number;
}

/**
 * The roles a member list shows the actor: every role (undefined) when owner or admin ask for
 * everyone; collaborators only otherwise. Pending invitations are listed by the same rule.
 */
export function listedRoles(
  actor: WorkspaceRole,
  scope: 'all' | 'collaborators',
): readonly WorkspaceRole[] | undefined {
  return scope === 'all' && canListAllMembers(actor) ? undefined : ['collaborator'];
}

/**
 * Only with permission, on a non-owner, not on oneself, in an active workspace; moving from a role
 * without a seat to one with a seat needs a free seat. Answers whether the role changes at all.
 */
export function authorizeRoleChange(
  actor: MemberActor,
  target: MemberActor,
  role: WorkspaceRole,
  state: Pick<WorkspaceState, 'isActive' | 'isOnFreeTrial' | 'canInviteMembers'>,
): boolean {
  if (!canEditRole(actor, target, true)) throw forbidden(MEMBER_TEXTS.cannotChangeRole);
  requireActive(state);
  if (target.role === role) return false;
  if (!takesSeat(target.role) && takesSeat(role)) requireSeat(state);
  return true;
}

/** A member who becomes 'limited' hands the projects they own to the workspace owner. */
export function handsOverProjects(role: WorkspaceRole): boolean {
  return role === 'limited';
}

/** A non-owner, by someone with permission and equal or higher rank, or by themself. */
export function authorizeRemoval(actor: MemberActor, target: MemberActor): void {
  if (!canRemoveMember(actor, target)) throw forbidden(MEMBER_TEXTS.cannotRemove);
}

/** Any member but the owner leaves the workspace. */
export function authorizeLeaving(member: { role: WorkspaceRole }): void {
  if (member.role === 'owner') throw forbidden(MEMBER_TEXTS.ownerCannotLeave);
}

/**
 * The member a workspace is handed to: not its owner, and owning no workspace (else 422). A
 * collaborator takes no seat today and will, so they need a free seat.
 */
export function authorizeOwnershipCandidate(
  candidate: { role: WorkspaceRole },
  ownsAWorkspace: boolean,
  state: Pick<WorkspaceState, 'isActive' | 'isOnFreeTrial' | 'canInviteMembers'>,
): void {
  if (candidate.role === 'owner' || ownsAWorkspace)
    throw invalidRecord({ base: [WORKSPACE_TEXTS.alreadyOwnsWorkspace] });
  if (!takesSeat(candidate.role)) requireSeat(state);
}

/** With the invite permission, and only roles of the actor's rank or lower. */
export function authorizeInvitationRoles(actor: WorkspaceRole, roles: readonly WorkspaceRole[]): void {
  if (!permissionsOf(actor).invite) throw forbidden(INVITATION_TEXTS.cannotInvite);
  const allowed = invitableRoles(actor);
  if (roles.some((role) => !allowed.includes(role))) throw forbidden(INVITATION_TEXTS.roleNotAllowed);
}

/** Invitations go out from active workspaces, never on a free trial. */
export function requireInvitationsAllowed(state: Pick<WorkspaceState, 'isActive' | 'isOnFreeTrial'>): void {
  requireActive(state);
  if (state.isOnFreeTrial)
    throw new AppError(403, 'forbidden_subscription_limit_reached', WORKSPACE_TEXTS.freeTrialFeature);
}

/** With the invite permission and an equal or lower level than the invitation's role. */
export function authorizeInvitationDeletion(actor: WorkspaceRole, invitedRole: WorkspaceRole): void {
  if (!canDeleteInvite(actor, invitedRole)) throw forbidden(INVITATION_TEXTS.cannotDeleteInvite);
}

export interface InvitationFacts {
  email: string;
  accepted_at: string | null;
}

/** The invitation must be for the user's address and still pending. */
export function authorizeAcceptance(invitation: InvitationFacts, userEmail: string): void {
  if (invitation.email !== userEmail.toLowerCase()) throw forbidden(INVITATION_TEXTS.otherEmail);
  if (invitation.accepted_at !== null) throw invalidRecord({ base: [INVITATION_TEXTS.alreadyAccepted] });
}

/** Sign-up with an invitation joins silently when it is pending and for the new address. */
export function joinsOnSignUp(invitation: InvitationFacts | undefined, userEmail: string): boolean {
  return (
    invitation !== undefined &&
    invitation.accepted_at === null &&
    invitation.email === userEmail.toLowerCase()
  );
}
