import { truncate } from '@common/text';

/**
 * A place downloaded whole (projects-side §5): the project, its folders as directories of the zip,
 * or one folder, its files at the zip's root.
 */
export interface DownloadPlace {
  /** The project's or the folder's name. */
  name: string;
  /** The folder; null for the whole project. */
  folderId: number | null;
}

/** Names are cut at 50 characters in messages (§5, §9). */
const NAME_MAX = 50;

export const isWholeProject = (place: DownloadPlace) => place.folderId === null;

/** The download dialog's title for a place. */
export const placeDownloadTitle = (place: DownloadPlace) =>
  isWholeProject(place) ? 'Download Project' : 'Download Folder';

/** The line under the dialog's title: what the one zip will hold. */
export function placeDownloadSummary(place: DownloadPlace): string {
  const name = truncate(place.name, NAME_MAX);
  return isWholeProject(place)
    ? `All assets of ${name}, folders included, as one zip`
    : `All assets of the folder ${name} as one zip`;
}
