import { DOWNLOAD_TEXTS, type DownloadAnswer } from '@common/api/downloads';
import { zipParts } from '@common/assetGrid/downloadChoice';
import { plural } from '@common/text';
import {
  requestAssetsDownload,
  requestProjectDownload,
  startDownload,
  type DownloadFlags,
} from '@web/features/downloads/api/assetDownloads';
import { snackbar } from '@web/components/snackbar/snackbar';
import { assetNotFound, isAssetGone } from '@web/api/assetNotFound';
import { isWholeProject, type DownloadPlace } from './downloadPlace';
import { zipBoxes } from './zipBoxes';

/** A zip box shows at least this long, so it is read rather than flashed. */
const ZIP_BOX_MIN_MS = 2500;

/** Shows 'Your assets are being zipped.' and answers how to take it down, no sooner than the minimum. */
export function showZipBox(detail: string): () => void {
  const box = zipBoxes.add(detail);
  const started = Date.now();
  return () => {
    setTimeout(() => zipBoxes.remove(box), Math.max(0, ZIP_BOX_MIN_MS - (Date.now() - started)));
  };
}

interface ZipRequest {
  /** What is being zipped, under the box's title. */
  detail: string;
  ask: () => Promise<DownloadAnswer>;
  /** Said once the zip streams to the browser. */
  streaming?: string;
  onError: (error: unknown) => void;
}

/**
 * One flow for every zip: the box while the server prepares it, then the browser's own download
 * of the stream; a zip too large to stream is e-mailed ('Your download is ready!').
 */
async function zipAndDownload({ detail, ask, streaming, onError }: ZipRequest): Promise<void> {
  const hide = showZipBox(detail);
  try {
    const answer = await ask();
    if (answer.download_type === 'email')
      snackbar.success({ title: DOWNLOAD_TEXTS.ready, description: DOWNLOAD_TEXTS.emailed });
    else if (answer.download_url) {
      startDownload(answer.download_url);
      if (streaming) snackbar.info({ title: streaming });
    }
  } catch (error) {
    onError(error);
  } finally {
    hide();
  }
}

const showError = (error: unknown) =>
  snackbar.error({ title: error instanceof Error ? error.message : undefined });

/**
 * Several assets as one zip, or as several for a selection larger than one link may name, one
 * after another; one of them deleted meanwhile raises 'Asset Not Found'.
 */
export async function downloadAsZip(projectId: number, ids: number[], flags: DownloadFlags): Promise<void> {
  const parts = zipParts(ids);
  for (const [index, part] of parts.entries())
    await zipAndDownload({
      detail:
        parts.length === 1
          ? plural(ids.length, 'asset')
          : `${plural(part.length, 'asset')}, zip ${index + 1} of ${parts.length}`,
      ask: () => requestAssetsDownload(projectId, { ids: part, ...flags }),
      onError: (error) => (isAssetGone(error) ? assetNotFound.show() : showError(error)),
    });
}

/** The whole project, its folders as directories, or one folder, as one zip. */
export function downloadPlaceAsZip(
  projectId: number,
  place: DownloadPlace,
  flags: DownloadFlags,
): Promise<void> {
  return zipAndDownload({
    detail: place.name,
    ask: () => requestProjectDownload(projectId, { folder_id: place.folderId, ...flags }),
    streaming: isWholeProject(place) ? DOWNLOAD_TEXTS.projectDownloading : undefined,
    // A folder deleted meanwhile: the server's own words ('This folder no longer exists.').
    onError: showError,
  });
}
