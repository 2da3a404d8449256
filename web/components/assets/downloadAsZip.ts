import { DOWNLOAD_TEXTS } from '@common/api/downloads';
import { plural } from '@common/text';
import { requestAssetsDownload, startDownload, type DownloadFlags } from '@web/api/assetDownloads';
import { snackbar } from '@web/components/snackbar/snackbar';
import { assetNotFound, isAssetGone } from './assetNotFound';
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

/**
 * Several assets as one zip: the box while the server prepares it, then the browser's own
 * download of the stream; a zip too large to stream is e-mailed ('Your download is ready!').
 */
export async function downloadAsZip(projectId: number, ids: number[], flags: DownloadFlags): Promise<void> {
  const hide = showZipBox(plural(ids.length, 'asset'));
  try {
    const answer = await requestAssetsDownload(projectId, { ids, ...flags });
    if (answer.download_type === 'email')
      snackbar.success({ title: DOWNLOAD_TEXTS.ready, description: DOWNLOAD_TEXTS.emailed });
    else if (answer.download_url) startDownload(answer.download_url);
  } catch (error) {
    if (isAssetGone(error)) assetNotFound.show();
    else snackbar.error({ title: error instanceof Error ? error.message : undefined });
  } finally {
    hide();
  }
}
