import { ASSET_ACTIONS, type AssetAction } from '@common/assetActions';
import type { ProjectView } from './projectView';
import { authorize } from './projects';

export { ASSET_ACTIONS, type AssetAction };

/** 403 when the caller, who sees the project, may not take `action` on its assets. */
export function authorizeAssets(view: ProjectView, action: AssetAction): void {
  authorize(view, ASSET_ACTIONS[action]);
}
