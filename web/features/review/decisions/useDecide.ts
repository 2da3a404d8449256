import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssetView } from '@common/api/assets';
import type { AssetDecision, DecideAnswer } from '@common/api/decisions';
import { api, isApiError } from '@web/api/client';
import { snackbar } from '@web/components/snackbar/snackbar';
import { patchInLists } from '@web/features/assets';

/**
 * PUT /assets/{id}/decision: the caller's own decision on the asset's current round (null takes it
 * back). The round's decisions the server answers go into the asset wherever it is cached; the
 * other members' screens hear of it on the live stream (asset.decided).
 */
export function useDecide(asset: Pick<AssetView, 'id' | 'project_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: AssetDecision | null) =>
      api<DecideAnswer>(`/assets/${asset.id}/decision`, { method: 'PUT', body: { decision } }),
    onSuccess: ({ decisions }) =>
      patchInLists(queryClient, asset.project_id, new Set([asset.id]), (a) => ({ ...a, decisions })),
    onError: (error) =>
      snackbar.error(isApiError(error) && error.status === 403 ? { title: error.message } : {}),
  });
}
