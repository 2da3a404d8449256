import { ASSET_ACTIONS, type AssetAction } from '@common/assetActions';
import type { AssetVersionRow } from '../db/repositories/assetVersions';
import { forbidden } from '../errors';
import type { ProjectView } from './projectView';
import { authorize } from './projects';

export { ASSET_ACTIONS, type AssetAction };

/** 403 when the caller, who sees the project, may not take `action` on its assets. */
export function authorizeAssets(view: ProjectView, action: AssetAction): void {
  authorize(view, ASSET_ACTIONS[action]);
}

/**
 * Uploader-only actions on the current round (§6), such as deleting the last round: its
 * uploader, or the project owner. The capability of the action itself is checked before.
 */
export function mayActAsUploader(
  view: Pick<ProjectView, 'actor' | 'userId'>,
  round: Pick<AssetVersionRow, 'uploader_id'>,
): boolean {
  return round.uploader_id === view.userId || view.actor.role === 'owner';
}

export function authorizeUploaderAction(
  view: Pick<ProjectView, 'actor' | 'userId'>,
  round: Pick<AssetVersionRow, 'uploader_id'>,
): void {
  if (!mayActAsUploader(view, round)) throw forbidden();
}
