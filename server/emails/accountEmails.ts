import { ACCESS_CODE_LIFETIME_TEXT, RESET_TOKEN_TTL_MINUTES } from '@common/limits';
import type { Mail } from '../adapters/mail/mailer';
import { composeMail } from './layout';

export function accessCodeEmail(to: { name: string; email: string }, code: string): Mail {
  return composeMail({
    to: to.email,
    subject: `Your Proofroom verification code: ${code}`,
    greeting: `Hi ${to.name},`,
    paragraphs: [
      `Use this code to finish signing in. ${ACCESS_CODE_LIFETIME_TEXT}`,
      'If you did not try to sign in, change your password: someone knows it.',
    ],
    code,
  });
}

export function resetPasswordEmail(to: { name: string; email: string }, url: string): Mail {
  return composeMail({
    to: to.email,
    subject: 'Reset your Proofroom password',
    greeting: `Hi ${to.name},`,
    paragraphs: [
      `Someone asked to reset the password of your Proofroom account. The link works once, for ${RESET_TOKEN_TTL_MINUTES / 60} hours.`,
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ],
    action: { label: 'Reset password', url },
  });
}
