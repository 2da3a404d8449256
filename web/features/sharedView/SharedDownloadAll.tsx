import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { DOWNLOAD_TEXTS } from '@common/api/downloads';
import type { SharedProject } from '@common/api/projects';
import { startDownload } from '@web/features/downloads';
import { requestSharedDownload } from '@web/features/sharing';
import { snackbar } from '@web/components/snackbar/snackbar';

export const DOWNLOAD_ALL_TEXTS = {
  label: 'Download all',
  folderDownloading: 'Your folder is being downloaded.',
} as const;

/**
 * 'Download all' on a link that allows downloads: the project (its folders as directories) or the
 * folder shown, as one zip of the latest rounds, streamed by the browser's own download.
 */
export function SharedDownloadAll({
  project,
  folderId = null,
}: {
  project: SharedProject;
  folderId?: number | null;
}) {
  const [pending, setPending] = useState(false);
  if (!project.allows_downloads) return null;

  async function download() {
    setPending(true);
    try {
      const answer = await requestSharedDownload(project.share_hash, folderId);
      if (answer.download_url) startDownload(answer.download_url);
      snackbar.info({
        title: folderId === null ? DOWNLOAD_TEXTS.projectDownloading : DOWNLOAD_ALL_TEXTS.folderDownloading,
      });
    } catch (error) {
      snackbar.error({ title: error instanceof Error ? error.message : undefined });
    } finally {
      setPending(false);
    }
  }

  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={16} />}
      loading={pending}
      onClick={() => void download()}
      data-testid="shared-download-all"
    >
      {DOWNLOAD_ALL_TEXTS.label}
    </Button>
  );
}
