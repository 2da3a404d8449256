import { GENERIC_ERROR } from '@common/api/errors';
import { isApiError } from '@web/api/client';
import { sharedRefusal } from '@web/features/sharing';

export const GUEST_FAILURE_TEXTS = {
  rateLimited: (seconds: number | null) =>
    seconds === null
      ? 'You are sending comments too fast. Wait a moment and send it again.'
      : `You are sending comments too fast. Wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and send it again.`,
} as const;

/**
 * What a guest's refused call means for the screen:
 * - `refused`: the link may be refused now (revoked, expired, locked: 404, 410, 403 password):
 *   the link is read again, and the page shows the shared view's refusal if it is;
 * - `rejoin`: the link no longer knows this browser's guest (401 guest_required): join again;
 * - `fields`: the server's messages for the form's fields (422 invalid_record);
 * - `message`: one sentence to show (too fast, too many reviewers, a view-only link, anything else).
 */
export type GuestFailure =
  | { kind: 'refused'; message: string }
  | { kind: 'rejoin' }
  | { kind: 'fields'; messages: string[] }
  | { kind: 'message'; message: string };

export function guestFailure(error: unknown): GuestFailure {
  if (!isApiError(error)) return { kind: 'message', message: GENERIC_ERROR };
  if (error.code === 'guest_required') return { kind: 'rejoin' };
  if (error.status === 429) {
    const seconds = error.details?.retry_after_seconds;
    return {
      kind: 'message',
      message: GUEST_FAILURE_TEXTS.rateLimited(typeof seconds === 'number' ? Math.ceil(seconds) : null),
    };
  }
  if (sharedRefusal(error) !== 'error') return { kind: 'refused', message: error.message };
  if (error.status === 422 && error.details) {
    const messages = Object.keys(error.details).flatMap((field) => error.fieldMessages(field));
    if (messages.length > 0) return { kind: 'fields', messages };
  }
  if (error.status >= 400 && error.status < 500) return { kind: 'message', message: error.message };
  return { kind: 'message', message: GENERIC_ERROR };
}
