import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/api/client';
import { dismissalKeys } from '@web/api/keys';

/** Banners and popups the user closed, remembered on the server (GET/POST /user_dismissals). */
export { dismissalKeys };

export function useDismissals(enabled = true) {
  return useQuery({
    queryKey: dismissalKeys.all,
    queryFn: () => api<string[]>('/user_dismissals'),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** Closes a banner for good: hidden at once, then remembered by the server. */
export function useDismiss() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => api<string[]>('/user_dismissals', { method: 'POST', body: { key } }),
    onMutate: (key) => {
      queryClient.setQueryData<string[]>(dismissalKeys.all, (keys) =>
        keys?.includes(key) ? keys : [...(keys ?? []), key],
      );
    },
    onSuccess: (keys) => queryClient.setQueryData(dismissalKeys.all, keys),
  });
}

/** Whether `key` was closed; false until the list is known would flash banners, so null then. */
export function useIsDismissed(key: string | null): boolean | null {
  const { data } = useDismissals(key !== null);
  if (key === null) return true;
  if (!data) return null;
  return data.includes(key);
}
