import type { Mail } from '../adapters/mail/mailer';
import { composeMail } from './layout';

/** Tells the new owner of a project that it is theirs, with the former owner's message. */
export function projectOwnershipEmail(input: {
  to: { name: string; email: string };
  /** Who made the transfer: the former owner, or the workspace owner. */
  by: { name: string };
  projectName: string;
  message: string | null;
  url: string;
}): Mail {
  return composeMail({
    to: input.to.email,
    subject: `You are now the owner of the project ${input.projectName}`,
    greeting: `Hi ${input.to.name},`,
    paragraphs: [
      `${input.by.name} transferred the ownership of the project ${input.projectName} to you. You can now edit its information, archive it and delete it; the former owner stays in the project as a Collaborator.`,
      ...(input.message ? [`${input.by.name} wrote: “${input.message}”`] : []),
    ],
    action: { label: 'Open the project', url: input.url },
  });
}
