import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResetPassword, SignIn, SignUp } from '@common/api/auth';
import type { User } from '@common/api/users';
import { api } from '@web/api/client';
import { queryKeys } from '@web/api/keys';

/** The signed-in user, or null when nobody is (GET /users/me answers 401). */
/** The signed-in user, or null (GET /session answers 200 either way: no failed request to log). */
export async function fetchMe(): Promise<User | null> {
  return (await api<{ user: User | null }>('/session', { authCall: true })).user;
}

export function useMe() {
  return useQuery({ queryKey: queryKeys.me, queryFn: fetchMe, staleTime: 5 * 60_000, retry: 1 });
}

/**
 * The signed-in user under RequireAuth. It can still be null for the one render between a
 * logout (or an expired session) and the guard's redirect, so callers render nothing then.
 */
export function useSignedInUser(): User | null {
  return useMe().data ?? null;
}

/** Stores a freshly signed-in user so every guard and screen sees it at once. */
function useSetMe() {
  const queryClient = useQueryClient();
  return (user: User | null) => queryClient.setQueryData(queryKeys.me, user);
}

export function useSignIn() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: (body: SignIn) => api<User>('/users/sign_in', { method: 'POST', body, authCall: true }),
    onSuccess: setMe,
  });
}

export function useSignUp() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: (body: SignUp) => api<User>('/users/sign_up', { method: 'POST', body, authCall: true }),
    onSuccess: setMe,
  });
}

export function useResendAccessCode() {
  return useMutation({
    mutationFn: (email: string) =>
      api<{ message: string }>('/users/access_code', {
        method: 'PUT',
        body: { access_code: { email } },
        authCall: true,
      }),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      api<{ message: string }>('/users/password', { method: 'POST', body: { email }, authCall: true }),
  });
}

export function useResetPassword() {
  const setMe = useSetMe();
  return useMutation({
    mutationFn: (body: ResetPassword) =>
      api<User>('/users/password', { method: 'PUT', body, authCall: true }),
    onSuccess: setMe,
  });
}

/**
 * Signs out on the server, then forgets every cached answer that belonged to the user.
 * The caller navigates away first (see useLogout) so that guards do not remember the page.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: () => api<unknown>('/users/sign_out', { method: 'DELETE', authCall: true }),
  });
}
