import { PROJECT_TEXTS } from '@common/api/projects';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { isApiError } from '@web/api/client';
import type { SnackbarInput } from '@web/components/snackbar/snackbar';

/** 'Title: body' texts of the spec read as a snackbar's title and description. */
export function titledSnackbar(text: string): SnackbarInput {
  const at = text.indexOf(': ');
  return at === -1 ? { title: text } : { title: text.slice(0, at), description: text.slice(at + 2) };
}

/**
 * The error snackbar of a refused project invitation (projects-side §8): the daily e-mail limit,
 * an address that is a member or already invited and a role the inviter may not give read as the
 * server words them; anything else is the generic text.
 */
export function projectInviteError(error: unknown): SnackbarInput {
  if (isApiError(error, 'email_limit_reached')) return titledSnackbar(WORKSPACE_TEXTS.emailLimit);
  if (isApiError(error, 'invalid_record')) {
    const detail = Object.keys(error.details ?? {}).flatMap((field) => error.fieldMessages(field))[0];
    return { title: detail ?? PROJECT_TEXTS.alreadyInvited };
  }
  if (isApiError(error) && [400, 403].includes(error.status) && error.message)
    return { title: error.message };
  return { title: PROJECT_TEXTS.generic };
}
