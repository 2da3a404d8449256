import { QueryClient } from '@tanstack/react-query';
import { isApiError, setUnauthorizedHandler } from './api/client';
import { forgetUser } from './shell/forgetUser';
import { queryKeys } from './api/keys';
import { noteSessionEnd } from './auth/sessionEvents';

/** A 4xx will not change by asking again; other failures get one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/**
 * Any 401 but sign-out's: forget the user. RequireAuth then sends them to /login and
 * remembers the page they were on (API.md "Authentication").
 */
setUnauthorizedHandler(() => {
  if (!queryClient.getQueryData(queryKeys.me)) return;
  noteSessionEnd('expired');
  forgetUser(queryClient);
});
