import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PreferenceUpdate, UpdatePassword, User } from '@common/api/users';
import { api } from '@web/api/client';
import { queryKeys } from '@web/api/keys';

export interface ProfileChanges {
  name?: string;
  email?: string;
  /** Needed with a new e-mail. */
  currentPassword?: string;
  avatar?: File;
}

/** PATCH /users/{id} as multipart form data: only the fields that changed. */
export function useUpdateProfile(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) => {
      const form = new FormData();
      if (changes.name !== undefined) form.append('name', changes.name);
      if (changes.email !== undefined) form.append('email', changes.email);
      if (changes.currentPassword !== undefined) form.append('current_password', changes.currentPassword);
      if (changes.avatar) form.append('avatar', changes.avatar, changes.avatar.name);
      return api<User>(`/users/${userId}`, { method: 'PATCH', body: form });
    },
    onSuccess: (user) => queryClient.setQueryData(queryKeys.me, user),
  });
}

/** PATCH /users/{id} as JSON: download resolution and two-step verification (off needs the password). */
export function useUpdatePreference(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user_preference: PreferenceUpdate['user_preference'] & { current_password?: string }) => {
      const { current_password, ...preference } = user_preference;
      return api<User>(`/users/${userId}`, {
        method: 'PATCH',
        body: { user_preference: preference, ...(current_password ? { current_password } : {}) },
      });
    },
    onSuccess: (user) => queryClient.setQueryData(queryKeys.me, user),
  });
}

export function useUpdatePassword(userId: number) {
  return useMutation({
    mutationFn: (body: UpdatePassword) =>
      api<{ message: string }>(`/users/${userId}/update_password`, { method: 'POST', body }),
  });
}
