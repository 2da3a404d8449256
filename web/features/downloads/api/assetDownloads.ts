import type { DownloadAnswer, ProjectDownloadRequest } from '@common/api/downloads';
import { api, API_BASE } from '@web/api/client';

/**
 * Downloads (projects-side §5, §7): one file straight from GET /assets/{id}/download; several
 * assets, all rounds of one, a folder or the whole project through the calls that answer where the
 * zip streams from, or that it will be e-mailed.
 */
export interface DownloadFlags {
  low_res: boolean;
  with_round_number: boolean;
}

/** The address of one asset's file, or of the zip of all its rounds. */
export function assetDownloadUrl(assetId: number, flags: DownloadFlags & { all_rounds: boolean }): string {
  const query = new URLSearchParams({
    low_res: String(flags.low_res),
    with_round_number: String(flags.with_round_number),
  });
  if (flags.all_rounds) query.set('all_rounds', 'true');
  return `${API_BASE}/assets/${assetId}/download?${query.toString()}`;
}

/** Starts the browser's own download of `url`, leaving the page where it is. */
export function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * POST /projects/{id}/assets/download {ids, low_res, with_round_number}. A plain call rather than
 * a mutation hook: the dialog that asks closes at once, and the answer must still be acted on.
 */
export function requestAssetsDownload(
  projectId: number,
  body: DownloadFlags & { ids: number[] },
): Promise<DownloadAnswer> {
  return api<DownloadAnswer>(`/projects/${projectId}/assets/download`, { method: 'POST', body });
}

/** POST /projects/{id}/download {folder_id?, low_res, with_round_number}: the whole project, or one folder. */
export function requestProjectDownload(
  projectId: number,
  body: ProjectDownloadRequest,
): Promise<DownloadAnswer> {
  return api<DownloadAnswer>(`/projects/${projectId}/download`, { method: 'POST', body });
}
