import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationsPreferences, NotificationsPreferencesUpdate } from '@common/api/users';
import { api } from '@web/api/client';
import { queryKeys } from '@web/api/keys';

export function useNotificationsPreferences() {
  return useQuery({
    queryKey: queryKeys.notificationsPreferences,
    queryFn: () => api<NotificationsPreferences>('/notifications_preferences'),
  });
}

export function useUpdateNotificationsPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationsPreferencesUpdate) =>
      api<NotificationsPreferences>('/notifications_preferences', { method: 'PATCH', body }),
    onSuccess: (prefs) => queryClient.setQueryData(queryKeys.notificationsPreferences, prefs),
  });
}
