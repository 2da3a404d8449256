import { WORKSPACE_ROLES, type WorkspaceRole } from '@common/workspaceRoles';
import type { Mail } from '../adapters/mail/mailer';
import { composeMail } from './layout';

/** The invitation link of account-side §2: `/workspaces/invitations/{hash}?em={email}`. */
export function invitationUrl(appUrl: string, hash: string, email: string): string {
  return `${appUrl}/workspaces/invitations/${encodeURIComponent(hash)}?em=${encodeURIComponent(email)}`;
}

const ROLE_DESCRIPTIONS: Partial<Record<WorkspaceRole, string>> = {
  admin: 'As a Member you can create and delete projects and edit their settings.',
  collaborator:
    "As a Collaborator you can collaborate on projects you've been invited to but cannot create new projects.",
};

/*
 * A workspace is named by its name alone, never 'the {name} workspace': the default name of a
 * workspace is "{owner}'s Workspace", and 'the Maya's Workspace workspace' reads as a mistake.
 */

export function workspaceInvitationEmail(input: {
  to: string;
  inviter: { name: string; email: string };
  workspaceName: string;
  role: WorkspaceRole;
  message: string | null;
  url: string;
}): Mail {
  const description = ROLE_DESCRIPTIONS[input.role];
  return composeMail({
    to: input.to,
    subject: `${input.inviter.name} invited you to join ${input.workspaceName} on Proofroom`,
    greeting: 'Hi,',
    paragraphs: [
      `${input.inviter.name} (${input.inviter.email}) invited you to join ${input.workspaceName} on Proofroom as ${WORKSPACE_ROLES[input.role].label}.`,
      ...(description ? [description] : []),
      ...(input.message ? [`${input.inviter.name} wrote: “${input.message}”`] : []),
      'Open the link below to accept the invitation. If you have no Proofroom account yet, you can create one with this e-mail address.',
    ],
    action: { label: 'Accept invitation', url: input.url },
  });
}

export function newOwnerEmail(input: {
  to: { name: string; email: string };
  formerOwner: { name: string };
  workspaceName: string;
  message: string | null;
  url: string;
}): Mail {
  return composeMail({
    to: input.to.email,
    subject: `You are now the owner of ${input.workspaceName}`,
    greeting: `Hi ${input.to.name},`,
    paragraphs: [
      `${input.formerOwner.name} transferred the ownership of ${input.workspaceName} to you. You now manage its plan, billing and members; ${input.formerOwner.name} stays in the workspace as a Member.`,
      ...(input.message ? [`${input.formerOwner.name} wrote: “${input.message}”`] : []),
    ],
    action: { label: 'Open the workspace', url: input.url },
  });
}
