import { DOWNLOAD_TEXTS } from '@common/api/downloads';
import { GUEST_TEXTS } from '@common/api/guests';
import type { AssetRow } from '../db/repositories/assets';
import type { ProjectRow } from '../db/repositories/projects';
import { AppError } from '../errors';
import { assetInReach, type SharedProject, type ShareLinkReach } from './sharedReach';

/**
 * What the viewers of a project's public link may take away (§5): originals and downloads only
 * when the link allows downloads, and then only the latest round of each asset. Which link reaches
 * which project is decided once for every shared route (routes/sharedView.ts); these decide what
 * a reached link allows.
 */

type DownloadOptions = Pick<ProjectRow, 'share_hash_downloadable'>;

export function sharedLinkAllowsDownloads(project: DownloadOptions): boolean {
  return project.share_hash_downloadable === 1;
}

export const sharedDownloadNotAllowed = () =>
  new AppError(403, 'download_not_allowed', DOWNLOAD_TEXTS.notDownloadable);

/** 403 download_not_allowed on a link without downloads; 403 forbidden for more than the latest round. */
export function authorizeSharedDownload(project: DownloadOptions, options: { allRounds: boolean }): void {
  if (!sharedLinkAllowsDownloads(project)) throw sharedDownloadNotAllowed();
  if (options.allRounds) throw new AppError(403, 'forbidden', DOWNLOAD_TEXTS.sharedLatestOnly);
}

/**
 * Whether a reached link shows the asset: one of its project's, and for a folder link in that
 * folder, for a selection link among the selected assets.
 */
export function sharedLinkReaches(
  project: Pick<SharedProject, 'id' | 'share_link'>,
  asset: Pick<AssetRow, 'id' | 'project_id' | 'folder_id'>,
): boolean {
  return asset.project_id === project.id && assetInReach(project, asset);
}

export const reviewNotAllowed = () => new AppError(403, 'review_not_allowed', GUEST_TEXTS.reviewNotAllowed);

/** The review link a guest call came through; 403 review_not_allowed on a view-only or public link. */
export function authorizeReview(project: Pick<SharedProject, 'share_link'>): ShareLinkReach {
  const link = project.share_link;
  if (!link || link.kind !== 'review') throw reviewNotAllowed();
  return link;
}
