import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PreferenceUpdate, UpdatePassword, User } from '@common/api/users';
import { api } from './client';
import { queryKeys } from './keys';

export interface ProfileChanges {
  name?: string;
  email?: string;
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
      if (changes.avatar) form.append('avatar', changes.avatar, changes.avatar.name);
      return api<User>(`/users/${userId}`, { method: 'PATCH', body: form });
    },
    onSuccess: (user) => queryClient.setQueryData(queryKeys.me, user),
  });
}

/** PATCH /users/{id} as JSON: download resolution and two-step verification. */
export function useUpdatePreference(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user_preference: PreferenceUpdate['user_preference']) =>
      api<User>(`/users/${userId}`, { method: 'PATCH', body: { user_preference } }),
    onSuccess: (user) => queryClient.setQueryData(queryKeys.me, user),
  });
}

export function useUpdatePassword(userId: number) {
  return useMutation({
    mutationFn: (body: UpdatePassword) =>
      api<{ message: string }>(`/users/${userId}/update_password`, { method: 'POST', body }),
  });
}
