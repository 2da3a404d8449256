import { isApiError } from '@web/api/client';
import { snackbar } from '@web/components/snackbar/snackbar';

/**
 * A refused action says why when the server says it in words meant for people (a 4xx with the
 * spec's text); anything else gets the generic message.
 */
export function showActionError(error: unknown): void {
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401)
    snackbar.error({ title: error.message });
  else snackbar.error();
}
