import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isApiError } from '@web/api/client';
import { queryKeys } from '@web/api/keys';
import { useSignOut } from '@web/api/session';
import { snackbar } from '@web/components/snackbar/snackbar';
import { forgetUser } from './forgetUser';

/**
 * Signs out, goes to /login (without remembering the page: the user chose to leave) and only
 * then forgets the user, so no guard sees a signed-out user on a protected page.
 */
export function useLogout() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function logout() {
    try {
      await signOut.mutateAsync();
    } catch (error) {
      if (!isApiError(error) || error.status !== 401) {
        snackbar.error();
        return;
      }
    }
    await navigate('/login', { replace: true, state: { signedOut: true } });
    forgetUser(queryClient);
    void queryClient.invalidateQueries({ queryKey: queryKeys.status });
  }

  return { logout, pending: signOut.isPending };
}
