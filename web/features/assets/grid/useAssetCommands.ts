import { projectKeys } from '@web/api/keys';
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { ASSET_TEXTS, type AssetView } from '@common/api/assets';
import type { Label } from '@common/api/projects';
import {
  useDeleteAssets,
  useMarkAssetSeen,
  useMoveAssets,
  useRenameAsset,
  useSetApproval,
  useSetLabel,
  useSetRush,
} from '@web/features/assets/api/assetActions';
import { assetKeys } from '@web/features/assets/api/assets';
import { assetNotFound, isAssetGone } from '@web/api/assetNotFound';
import { snackbar, type SnackbarKind, type SnackbarInput } from '@web/components/snackbar/snackbar';
import { assetPath } from './assetPaths';

/**
 * Culling gives one snackbar per key press; a new one of a kind takes the place of the last one,
 * so 200 approvals leave one snackbar on screen, not a queue of 200.
 */
const lastOfKind = new Map<string, string>();
function replaceSnackbar(kind: string, type: SnackbarKind, input: SnackbarInput) {
  const previous = lastOfKind.get(kind);
  if (previous) notifications.hide(previous);
  lastOfKind.set(kind, snackbar[type](input));
}

/**
 * The asset actions as the grid, its menus, its keys and its selection bar use them: each sends
 * its call, shows the spec's snackbar, and on a 404 says 'Asset Not Found' and reads the list again.
 * Outcomes are read from the call's promise, not from mutate's callbacks: those are dropped when
 * the grid unmounts, as it does when a move empties the folder on screen.
 */
export function useAssetCommands(projectId: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // mutateAsync keeps its identity across renders: the commands do too, for the memoised parts.
  const approval = useSetApproval(projectId).mutateAsync;
  const rush = useSetRush(projectId).mutateAsync;
  const labeling = useSetLabel(projectId).mutateAsync;
  const rename = useRenameAsset(projectId).mutateAsync;
  const removal = useDeleteAssets(projectId).mutateAsync;
  const moving = useMoveAssets(projectId).mutateAsync;
  const seen = useMarkAssetSeen(projectId).mutateAsync;

  return useMemo(() => {
    function failed(error: Error) {
      if (isAssetGone(error)) {
        assetNotFound.show();
        void queryClient.invalidateQueries({ queryKey: assetKeys.lists(projectId) });
        void queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId), exact: true });
      } else snackbar.error({ title: error.message });
    }

    return {
      setApproval: (ids: number[], approved: boolean) => {
        if (ids.length === 0) return;
        approval({ ids, approved }).then(
          () =>
            replaceSnackbar('approval', 'success', {
              title: approved ? ASSET_TEXTS.approved(ids.length) : ASSET_TEXTS.unapproved(ids.length),
            }),
          failed,
        );
      },
      setRush: (ids: number[], flagged: boolean) => {
        if (ids.length === 0) return;
        rush({ ids, flagged }).then(
          () =>
            replaceSnackbar('rush', 'success', {
              title: flagged ? ASSET_TEXTS.rushAdded : ASSET_TEXTS.rushRemoved,
            }),
          failed,
        );
      },
      setLabel: (ids: number[], label: Label | null) => {
        if (ids.length === 0) return;
        labeling({ ids, label }).catch(failed);
      },
      rename: (asset: AssetView, filename: string) => {
        if (filename === asset.name) return;
        rename({ asset, filename }).then(() => snackbar.success({ title: ASSET_TEXTS.renamed }), failed);
      },
      remove: (ids: number[]) => {
        removal({ ids }).then(
          () => snackbar.success({ title: ids.length === 1 ? ASSET_TEXTS.deleted : ASSET_TEXTS.deletedMany }),
          failed,
        );
      },
      move: (ids: number[], folderId: number | null) => {
        if (ids.length === 0) return;
        moving({ ids, folderId }).then(
          () => snackbar.success({ title: ASSET_TEXTS.moved(ids.length) }),
          failed,
        );
      },
      /** Records the sight (§4 "Seen"), then opens the asset; a deleted one says so instead. */
      open: (asset: AssetView) => {
        seen(asset.id).then(
          () => void navigate(assetPath(asset)),
          (error: Error) => (isAssetGone(error) ? failed(error) : void navigate(assetPath(asset))),
        );
      },
    };
  }, [approval, rush, labeling, rename, removal, moving, seen, queryClient, navigate, projectId]);
}

export type AssetCommands = ReturnType<typeof useAssetCommands>;
