import { projectKeys } from '@web/api/keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSET_TEXTS, type AssetRound, type AssetView } from '@common/api/assets';
import type { AssetAbilities } from '@common/assetGrid/abilities';
import type { ProjectRole } from '@common/projectRoles';
import { replaceInLists, assetNotFound, isAssetGone } from '@web/features/assets';
import { api } from '@web/api/client';
import { snackbar } from '@web/components/snackbar/snackbar';

/**
 * Whether the user may delete the latest round (§5, §6): one that may delete the asset, when
 * the asset keeps another round, and only the round's uploader or the project's owner.
 */
export function canDeleteLastRound(
  abilities: AssetAbilities,
  role: ProjectRole | null,
  latest: Pick<AssetRound, 'uploader'>,
  rounds: number,
  userId: number | null,
): boolean {
  if (!abilities.destroy || rounds < 2 || userId === null) return false;
  return latest.uploader.id === userId || role === 'owner';
}

/**
 * DELETE /assets/{id}/versions/last: the round before becomes the current one. Not optimistic:
 * the files go, and the asset the server answers is the truth the view and the lists take.
 */
export function useDeleteLastRound(asset: Pick<AssetView, 'id' | 'project_id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<AssetView & { message: string }>(`/assets/${asset.id}/versions/last`, { method: 'DELETE' }),
    onSuccess: ({ message, ...fresh }) => {
      replaceInLists(queryClient, asset.project_id, [fresh]);
      void queryClient.invalidateQueries({ queryKey: projectKeys.detail(asset.project_id), exact: true });
      snackbar.success({ title: message || ASSET_TEXTS.lastRoundDeleted });
    },
    onError: (error: Error) =>
      isAssetGone(error) ? assetNotFound.show() : snackbar.error({ title: error.message }),
  });
}
