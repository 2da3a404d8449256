import type { WorkspaceMember } from '@common/api/workspaces';

/** Who may receive the workspace: every member but the current owner (§5). */
export function transferCandidates(members: readonly WorkspaceMember[], ownerId: number): WorkspaceMember[] {
  return members.filter((m) => m.user_id !== ownerId && m.role.name !== 'owner');
}
