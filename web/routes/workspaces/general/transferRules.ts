import type { WorkspaceMember } from '@common/api/workspaces';
import { INVITE_MESSAGE_MAX } from '@common/limits';
import { messages } from '@common/validation';

/** Who may receive the workspace: every member but the current owner (§5). */
export function transferCandidates(members: readonly WorkspaceMember[], ownerId: number): WorkspaceMember[] {
  return members.filter((m) => m.user_id !== ownerId && m.role.name !== 'owner');
}

/** The optional message is at most 300 characters. */
export function messageProblem(message: string): string | null {
  return message.trim().length > INVITE_MESSAGE_MAX
    ? messages.maxLength('Message', INVITE_MESSAGE_MAX)
    : null;
}
