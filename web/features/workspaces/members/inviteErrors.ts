import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { isApiError } from '@web/api/client';

export const INVITATION_ERROR_TITLE = 'Invitation Error';

/**
 * The 'Invitation Error' dialog's text for a failed invite (account-side §8): 400 invalid_user
 * names the member's e-mail, 422 invalid_record is an address already invited, 429 the daily
 * e-mail limit; anything else the generic invitation failure. Null for the member-limit refusal,
 * which has its own popups.
 */
export function inviteErrorText(error: unknown): string | null {
  if (isApiError(error, 'forbidden_subscription_limit_reached')) return null;
  if (isApiError(error, 'invalid_user') && error.status === 400) return error.message;
  if (isApiError(error, 'invalid_record') && error.status === 422) return WORKSPACE_TEXTS.alreadyInvited;
  if (isApiError(error, 'email_limit_reached')) return WORKSPACE_TEXTS.emailLimit;
  return WORKSPACE_TEXTS.inviteFailed;
}
