import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssetsViewOptions, AssetsViewOptionsChange } from '@common/api/assetLists';
import { api } from '@web/api/client';
import { queryKeys } from '@web/api/keys';

/** The signed-in user's view options of asset lists (projects-side §3), one set for every project. */
export const assetViewOptionsKey = [...queryKeys.me, 'assets_view_options'] as const;
const SAVE_KEY = ['save', ...assetViewOptionsKey] as const;

/** GET /users/me/assets_view_options. */
export function useAssetsViewOptions() {
  return useQuery({
    queryKey: assetViewOptionsKey,
    queryFn: () => api<AssetsViewOptions>('/users/me/assets_view_options'),
    staleTime: Infinity,
  });
}

/**
 * PATCH /users/me/assets_view_options with what changed. The cache takes the change at once, so
 * the grid follows the control without waiting; the calls go one at a time, in order, so the
 * server keeps the last change made; a refusal reads the saved options again.
 */
export function useSaveAssetsViewOptions(): (change: AssetsViewOptionsChange) => void {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationKey: SAVE_KEY,
    scope: { id: SAVE_KEY.join('/') },
    mutationFn: (change: AssetsViewOptionsChange) =>
      api<AssetsViewOptions>('/users/me/assets_view_options', { method: 'PATCH', body: change }),
    onError: () => queryClient.invalidateQueries({ queryKey: assetViewOptionsKey }),
  });
  return useCallback(
    (change: AssetsViewOptionsChange) => {
      queryClient.setQueryData<AssetsViewOptions>(assetViewOptionsKey, (options) =>
        options ? { ...options, ...change } : options,
      );
      mutate(change);
    },
    [queryClient, mutate],
  );
}
