import { DOWNLOAD_TEXTS } from '@common/api/downloads';
import type { ProjectRow } from '../db/repositories/projects';
import { AppError } from '../errors';

/**
 * What the viewers of a project's public link may take away (§5): originals and downloads only
 * when the link allows downloads, and then only the latest round of each asset. Which link reaches
 * which project is decided once for every shared route (routes/sharedView.ts); these decide what
 * a reached link allows.
 */

type SharedProject = Pick<ProjectRow, 'share_hash_downloadable'>;

export function sharedLinkAllowsDownloads(project: SharedProject): boolean {
  return project.share_hash_downloadable === 1;
}

export const sharedDownloadNotAllowed = () =>
  new AppError(403, 'download_not_allowed', DOWNLOAD_TEXTS.notDownloadable);

/** 403 download_not_allowed on a link without downloads; 403 forbidden for more than the latest round. */
export function authorizeSharedDownload(project: SharedProject, options: { allRounds: boolean }): void {
  if (!sharedLinkAllowsDownloads(project)) throw sharedDownloadNotAllowed();
  if (options.allRounds) throw new AppError(403, 'forbidden', DOWNLOAD_TEXTS.sharedLatestOnly);
}
