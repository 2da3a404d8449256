import type { WorkspaceInvitation, WorkspaceMember } from '@common/api/workspaces';
import type { UserRow } from '../db/repositories/users';
import type { InvitationRow } from '../db/repositories/workspaceInvitations';
import type { MemberWithUser } from '../db/repositories/workspaceMembers';
import type { WorkspaceRow } from '../db/repositories/workspaces';
import { presentPerson, presentRole, workspaceLogoUrl } from './workspace';

/** The one shape of a workspace member, in answers and e-mails. */
export function presentMember(
  { member, user }: MemberWithUser,
  facts: { ownsAWorkspace: boolean; ownedProjectsCount: number },
): WorkspaceMember {
  return {
    id: member.id,
    workspace_id: member.workspace_id,
    user: presentPerson(user),
    user_id: user.id,
    role: presentRole(member.role),
    user_owns_a_workspace: facts.ownsAWorkspace,
    owned_projects_count: facts.ownedProjectsCount,
    created_at: member.created_at,
  };
}

/** The one shape of a workspace invitation; never carries the hash (only its e-mail does). */
export function presentInvitation(
  invitation: InvitationRow,
  workspace: WorkspaceRow,
  invitedBy: UserRow | undefined,
): WorkspaceInvitation {
  return {
    id: invitation.id,
    email: invitation.email,
    role: presentRole(invitation.role),
    workspace_id: workspace.id,
    workspace: { id: workspace.id, name: workspace.name, logo: workspaceLogoUrl(workspace) },
    invited_by: invitedBy ? presentPerson(invitedBy) : null,
    created_at: invitation.created_at,
  };
}
