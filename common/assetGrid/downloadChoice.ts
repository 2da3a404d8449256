import type { DownloadResolution } from '../api/users';

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
