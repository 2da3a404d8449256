import { INVITE_MESSAGE_MAX } from '@common/limits';
import { messages } from '@common/validation';

/** The optional message of an invitation or a transfer is at most 300 characters (§5). */
export function messageProblem(message: string): string | null {
  return message.trim().length > INVITE_MESSAGE_MAX
    ? messages.maxLength('Message', INVITE_MESSAGE_MAX)
    : null;
}
