import type { Capability } from './projectRoles';

/**
 * The capability of projects-side §6 each asset action needs, read by the server's asset policy
 * (server/policies/assets.ts) and the grid's abilities alike. §6 names see, upload, destroy,
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
