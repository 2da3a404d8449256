import type { ReactNode } from 'react';
import { Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileOff, IconPhotoOff } from '@tabler/icons-react';
import type { AssetRound, AssetView } from '@common/api/assets';
import { pageUrl } from '@common/documentPages';
import { useDocumentPage, ImageViewer, DocumentPager } from '@web/features/viewer';
import { keepClearOfSnackbars } from '@web/components/snackbar/snackbarClearance';
import type { ViewController } from '@web/features/viewer';
import { ROUND_TEXTS } from './RoundMenu';
import classes from './AssetView.module.css';

export const STAGE_TEXTS = {
  processingTitle: 'Preparing the preview…',
  processing: (round: number) =>
    `${ROUND_TEXTS.round(round)} has been uploaded and is being processed. It shows here as soon as it is ready.`,
  failedTitle: 'No preview could be made of this round',
  failedDocument: 'This document has no preview.',
  failedImage: 'No preview could be made of this image.',
  failedHint: 'The original file can still be downloaded.',
  pageMissingTitle: (page: number) => `Page ${page} could not be shown`,
  pageDrawing: (page: number) => `Drawing page ${page}…`,
  pageMissing: 'This page cannot be shown. Download the file to read it.',
  download: 'Download the file',
} as const;

function StatePanel({
  icon,
  title,
  children,
  status = false,
  testId,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  status?: boolean;
  testId: string;
}) {
  return (
    <div className={classes.statePanel} role={status ? 'status' : undefined} data-testid={testId}>
      <Stack align="center" gap="sm" maw={440} ta="center">
        {icon}
        <Text fw={600} size="lg" c="gray.0">
          {title}
        </Text>
        {children}
      </Stack>
    </div>
  );
}

/** A document's page past the first as the server answers it (drawn there on its first view). */
function usePageShown(isDocument: boolean, round: AssetRound, page: number) {
  const ready = round.preview_state === 'ready';
  return useDocumentPage(
    isDocument && ready && page > 1 ? pageUrl(round, page) : null,
    isDocument && ready ? pageUrl(round, page + 1) : null,
  );
}

/**
 * What the stage shows of a round: its picture or a document's page in the viewer, or the
 * processing and failed states of §3 (processing while the preview is missing, failed with the
 * reason the preview job gave).
 */
export function RoundStage({
  asset,
  round,
  controller,
  page,
  onPage,
  onDownload,
  overlay,
}: {
  asset: AssetView;
  round: AssetRound;
  controller: ViewController;
  page: number;
  onPage: (page: number) => void;
  /** Offered where there is nothing to see; null when the user may not download. */
  onDownload: (() => void) | null;
  /** Layers drawn over the picture in its coordinates (markup); see ViewController. */
  overlay?: ReactNode;
}) {
  const isDocument = asset.kind === 'document';
  const pageShown = usePageShown(isDocument, round, page);
  const download = onDownload && (
    <Button
      mt="xs"
      variant="white"
      color="dark"
      leftSection={<IconDownload size={16} />}
      onClick={onDownload}
    >
      {STAGE_TEXTS.download}
    </Button>
  );
  if (round.preview_state === 'processing')
    return (
      <StatePanel
        status
        testId="round-processing"
        icon={<Loader color="gray.3" aria-hidden />}
        title={STAGE_TEXTS.processingTitle}
      >
        <Text size="sm" c="gray.5">
          {STAGE_TEXTS.processing(round.number)}
        </Text>
      </StatePanel>
    );
  if (round.preview_state === 'failed' || !round.image_url)
    return (
      <StatePanel
        testId="round-failed"
        icon={
          asset.kind === 'document' ? (
            <IconFileOff size={48} color="var(--mantine-color-gray-5)" aria-hidden />
          ) : (
            <IconPhotoOff size={48} color="var(--mantine-color-gray-5)" aria-hidden />
          )
        }
        title={STAGE_TEXTS.failedTitle}
      >
        <Text size="sm" c="gray.4" data-testid="round-failed-reason">
          {round.preview_error ??
            (asset.kind === 'document' ? STAGE_TEXTS.failedDocument : STAGE_TEXTS.failedImage)}
        </Text>
        <Text size="sm" c="gray.5">
          {STAGE_TEXTS.failedHint}
        </Text>
        {download}
      </StatePanel>
    );

  const pages = asset.kind === 'document' ? (round.page_count ?? 1) : 1;
  const pager = pages > 1 ? <DocumentPager page={page} pages={pages} onPage={onPage} /> : null;
  const url = pageShown?.isError ? null : pageUrl(round, page);
  const warning = round.preview_error && (
    <div className={classes.warning} role="note" data-testid="preview-warning">
      <IconAlertTriangle size={16} aria-hidden />
      <span>{round.preview_error}</span>
    </div>
  );
  if (!url)
    return (
      <div className={classes.stageFrame}>
        <StatePanel
          testId="page-missing"
          icon={<IconFileOff size={44} color="var(--mantine-color-gray-5)" aria-hidden />}
          title={STAGE_TEXTS.pageMissingTitle(page)}
        >
          <Text size="sm" c="gray.5" data-testid="page-missing-reason">
            {pageShown?.error?.message ?? STAGE_TEXTS.pageMissing}
          </Text>
          {download}
        </StatePanel>
        <div className={classes.pagerDock} ref={keepClearOfSnackbars}>
          {pager}
        </div>
      </div>
    );
  return (
    <div className={classes.stageFrame}>
      <ImageViewer
        controller={controller}
        label={pages > 1 ? `${asset.name}, page ${page}` : asset.name}
        source={{
          previewUrl: url,
          lqipUrl: page === 1 ? round.lqip_url : null,
          tilesUrl: page === 1 ? round.tiles_url : null,
          // A document's pages are drawn at the preview's size: the page's own is not known.
          size:
            asset.kind === 'image' && round.width && round.height
              ? { width: round.width, height: round.height }
              : null,
        }}
        controls={pager}
        overlay={overlay}
      />
      {pageShown?.isPending && (
        <div className={classes.pageDrawing} role="status" data-testid="page-drawing">
          <Loader size="xs" color="gray.3" aria-hidden />
          <span>{STAGE_TEXTS.pageDrawing(page)}</span>
        </div>
      )}
      {warning}
    </div>
  );
}
