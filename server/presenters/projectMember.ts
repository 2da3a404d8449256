import type { ProjectInvitation, ProjectMember } from '@common/api/projects';
import type { ProjectRow } from '../db/repositories/projects';
import type { ProjectInvitationRow } from '../db/repositories/projectInvitations';
import type { ProjectMemberWithUser } from '../db/repositories/projectMembers';
import type { UserRow } from '../db/repositories/users';
import type { WorkspaceRow } from '../db/repositories/workspaces';
import { presentProjectRole } from './project';
import { presentPerson, workspaceLogoUrl } from './workspace';

/** The one shape of a project member; `canBeRemoved` is the caller's right over them. */
export function presentProjectMember(
  { member, user }: ProjectMemberWithUser,
  canBeRemoved: boolean,
): ProjectMember {
  return {
    id: member.id,
    project_id: member.project_id,
    user: presentPerson(user),
    role: presentProjectRole(member.role),
    can_be_removed: canBeRemoved,
    created_at: member.created_at,
  };
}

/** The one shape of a project invitation; never carries the hash (only its e-mail does). */
export function presentProjectInvitation(
  invitation: ProjectInvitationRow,
  project: Pick<ProjectRow, 'id' | 'name'>,
  workspace: WorkspaceRow,
  invitedBy: UserRow | undefined,
  canBeDeleted: boolean,
): ProjectInvitation {
  return {
    id: invitation.id,
    email: invitation.email,
    role: presentProjectRole(invitation.role),
    project_id: project.id,
    project: { id: project.id, name: project.name },
    workspace: { id: workspace.id, name: workspace.name, logo: workspaceLogoUrl(workspace) },
    invited_by: invitedBy ? presentPerson(invitedBy) : null,
    can_be_deleted: canBeDeleted,
    created_at: invitation.created_at,
  };
}
