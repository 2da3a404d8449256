import type { Mail } from '../adapters/mail/mailer';
import { composeMail } from './layout';

/** Sent to the address an account had before its e-mail was changed, so a hijack is noticed. */
export function emailChangedEmail(
  to: { name: string; oldEmail: string; newEmail: string },
  appUrl: string,
): Mail {
  return composeMail({
    to: to.oldEmail,
    subject: 'Your Proofroom e-mail address was changed',
    greeting: `Hi ${to.name},`,
    paragraphs: [
      `The e-mail address of your Proofroom account was changed from ${to.oldEmail} to ${to.newEmail}. From now on we write to the new address, and you log in with it.`,
      'If you did not make this change, someone else has your password: reset it from the log in page with your new address, or write to our support team at once.',
    ],
    action: { label: 'Open Proofroom', url: `${appUrl}/login` },
  });
}
