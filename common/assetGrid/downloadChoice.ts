import { DOWNLOAD_IDS_MAX } from '../api/downloads';
import type { DownloadResolution } from '../api/users';
import { plural } from '../text';

/** The 'Download Asset(s)' dialog's choices and their rules (projects-side §5 "Download"). */

export interface DownloadChoice {
  resolution: DownloadResolution;
  withRoundNumber: boolean;
  allRounds: boolean;
}

/** What the dialog offers: all rounds only for one asset with more than one round, not when shared. */
export function canDownloadAllRounds(
  assets: readonly { asset_versions_count: number }[],
  shared = false,
): boolean {
  return !shared && assets.length === 1 && (assets[0]?.asset_versions_count ?? 0) > 1;
}

/** The dialog's first state: the user's preferred resolution, no round number, the current round. */
export function initialChoice(preferred: DownloadResolution | undefined): DownloadChoice {
  return { resolution: preferred ?? 'original', withRoundNumber: false, allRounds: false };
}

/** All rounds forces round numbers on (the files would otherwise share names); refused when not offered. */
export function effectiveChoice(choice: DownloadChoice, allRoundsOffered: boolean): DownloadChoice {
  const allRounds = choice.allRounds && allRoundsOffered;
  return { ...choice, allRounds, withRoundNumber: allRounds || choice.withRoundNumber };
}

/**
 * The selection cut into zips of at most DOWNLOAD_IDS_MAX assets each (a download link names its
 * assets, so one link cannot name ten thousand): one part for most selections.
 */
export function zipParts<T>(ids: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < ids.length; start += DOWNLOAD_IDS_MAX)
    parts.push(ids.slice(start, start + DOWNLOAD_IDS_MAX));
  return parts;
}

/** The dialog's line for several assets: '24 assets as one zip', '2400 assets as 3 zips'. */
export function severalAssetsSummary(count: number): string {
  const zips = Math.ceil(count / DOWNLOAD_IDS_MAX);
  return `${plural(count, 'asset')} as ${zips === 1 ? 'one zip' : `${zips} zips`}`;
}
