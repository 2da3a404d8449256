import type { Capability } from '@common/projectRoles';
import type { ProjectView } from './projectView';
import { authorize } from './projects';

/**
 * The capability of projects-side §6 each asset action needs. §6 names see, upload, destroy,
 * approve and editTitle; moving between folders changes what folders hold (the folders' edit
 * right), and the rush flag and labels are review marks like approval (decisions.md).
 */
export const ASSET_ACTIONS = {
  see: 'assets.see',
  seeVersions: 'assets.seeVersions',
  markSeen: 'assets.see',
  upload: 'assets.upload',
  rename: 'assets.editTitle',
  destroy: 'assets.destroy',
  move: 'folders.edit',
  approve: 'assets.approve',
  flag: 'assets.approve',
  label: 'assets.approve',
} as const satisfies Record<string, Capability>;

export type AssetAction = keyof typeof ASSET_ACTIONS;

/** 403 when the caller, who sees the project, may not take `action` on its assets. */
export function authorizeAssets(view: ProjectView, action: AssetAction): void {
  authorize(view, ASSET_ACTIONS[action]);
}
