import { useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@web/api/client';
import { queryKeys } from '@web/api/keys';
import { useSignOut } from '@web/features/account';
import { noteSessionEnd } from '@web/auth/sessionEvents';
import { snackbar } from '@web/components/snackbar/snackbar';
import { forgetUser } from './forgetUser';

/** Signs out and forgets the user; RequireAuth then shows /login (remembering nothing). */
export function useLogout() {
  const signOut = useSignOut();
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
    noteSessionEnd('logout');
    forgetUser(queryClient);
    void queryClient.invalidateQueries({ queryKey: queryKeys.status });
  }

  return { logout, pending: signOut.isPending };
}
