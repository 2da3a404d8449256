import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssetRound, AssetView } from '@common/api/assets';
import type { Comment } from '@common/api/comments';
import { api } from '@web/api/client';
import { restoreComment, withoutComment } from './carriedList';
import { removeComment, setCompletedAt } from './commentCache';
import { commentKeys } from './comments';
import { carriedKeys, assetKeys } from '@web/api/keys';

export { carriedKeys };

export function useCarriedComments(assetId: number, versionId: number, enabled: boolean) {
  return useQuery({
    queryKey: carriedKeys.asset(assetId, versionId),
    queryFn: () => api<Comment[]>(`/assets/${assetId}/carried_comments`),
    enabled,
    staleTime: 10_000,
  });
}

export type Settle = 'fixed' | 'carry';

/** Marks a waiting comment fixed or carries it over to `current` (the asset's current round number). */
export function useSettleCarried(assetId: number, versionId: number, current: number) {
  const queryClient = useQueryClient();
  const key = carriedKeys.asset(assetId, versionId);
  const editList = (change: (list: Comment[]) => Comment[]) =>
    queryClient.setQueryData<Comment[]>(key, (list) => (list ? change(list) : list));
  const editRound = (round: number, change: (list: Comment[]) => Comment[]) =>
    queryClient.setQueryData<Comment[]>(commentKeys.round(assetId, round), (list) =>
      list ? change(list) : list,
    );

  return useMutation({
    mutationFn: ({ comment, action }: { comment: Comment; action: Settle }) =>
      action === 'fixed'
        ? api<Comment>(`/comments/${comment.id}/mark_as_completed`, { method: 'PATCH' })
        : api<Comment>(`/comments/${comment.id}/carry_over`, { method: 'POST' }),
    onMutate: async ({ comment }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      editList((list) => withoutComment(list, comment.id));
    },
    onSuccess: (answer, { comment, action }) => {
      if (action === 'fixed') {
        editRound(comment.round_number, (list) => setCompletedAt(list, answer.id, answer.completed_at));
      } else {
        editRound(comment.round_number, (list) => removeComment(list, answer.id));
        editRound(current, (list) => restoreComment(list, answer));
      }
    },
    onError: (_error, { comment }) => editList((list) => restoreComment(list, comment)),
    // The unresolved counts are the server's.
    onSettled: (_answer, _error, { action }) =>
      action === 'fixed'
        ? queryClient.invalidateQueries({ queryKey: assetKeys.one(assetId), exact: true })
        : undefined,
  });
}

/** Where an asset's or a project's comments are exported (a download the browser makes itself). */
export function commentExportUrl(target: { asset: number } | { project: number }, format: 'csv' | 'pdf') {
  const path = 'asset' in target ? `assets/${target.asset}` : `projects/${target.project}`;
  return `/api/v1/${path}/comments/export?format=${format}`;
}

/** The asset's rounds (the same query as the asset view's round selector, so read once). */
export function useRoundsOf(asset: Pick<AssetView, 'id' | 'version_id'>) {
  return useQuery({
    queryKey: [...assetKeys.one(asset.id), 'rounds', asset.version_id] as const,
    queryFn: () => api<AssetRound[]>(`/assets/${asset.id}/versions`),
    staleTime: 30_000,
  });
}
