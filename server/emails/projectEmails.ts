import { PROJECT_ROLE_DESCRIPTIONS, PROJECT_ROLES, type ProjectRole } from '@common/projectRoles';
import type { Mail } from '../adapters/mail/mailer';
import { composeMail } from './layout';

/** The project invitation link of projects-side §2: `/projects/invitations/{hash}?em={email}`. */
export function projectInvitationUrl(appUrl: string, token: string, email: string): string {
  return `${appUrl}/projects/invitations/${encodeURIComponent(token)}?em=${encodeURIComponent(email)}`;
}

export function projectInvitationEmail(input: {
  to: string;
  inviter: { name: string; email: string };
  projectName: string;
  workspaceName: string;
  role: ProjectRole;
  message: string | null;
  url: string;
}): Mail {
  const description = input.role === 'owner' ? undefined : PROJECT_ROLE_DESCRIPTIONS[input.role];
  return composeMail({
    to: input.to,
    subject: `${input.inviter.name} invited you to the project ${input.projectName} on Proofroom`,
    greeting: 'Hi,',
    paragraphs: [
      `${input.inviter.name} (${input.inviter.email}) invited you to join the project ${input.projectName} in ${input.workspaceName} on Proofroom as ${PROJECT_ROLES[input.role].label}.`,
      ...(description ? [description] : []),
      ...(input.message ? [`${input.inviter.name} wrote: “${input.message}”`] : []),
      'Open the link below to accept the invitation. If you have no Proofroom account yet, you can create one with this e-mail address.',
    ],
    action: { label: 'Accept invitation', url: input.url },
  });
}
