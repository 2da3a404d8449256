import { useState, type CSSProperties } from 'react';
import { ActionIcon, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhotoOff } from '@tabler/icons-react';
import type { SharedAssetDetail, SharedRound } from '@common/api/sharedAssets';
import { keepClearOfSnackbars } from '@web/components/snackbar/snackbarClearance';
import { FileTypeIcon } from '@web/components/uploads/FileTypeIcon';
import { SHARED_PREVIEW_TEXTS } from './SharedAssetPreview';
import { pageUrl } from '@common/documentPages';
import { factsLine, roundFacts } from './sharedAssetFacts';
import { DocumentPager, PAGER_TEXTS } from '@web/components/viewer/DocumentPager';
import { usePageKeys } from './usePageKeys';
import { SharedComments } from './SharedComments';
import { SharedMarkup } from './SharedMarkup';
import { useArrowKeys } from './useArrowKeys';
import classes from './SharedAssetViewer.module.css';

export const SHARED_VIEWER_TEXTS = {
  previous: 'Previous image',
  next: 'Next image',
  keys: 'Use ← and → to move between images',
  noPreviewDocument: 'This document has no preview.',
  noPreviewImage: 'No preview could be made of this image.',
} as const;

/** The previews are at most this long on their long side, never enlarged. */
const PREVIEW_SIDE = 2048;
/** The bar, the viewer's header and the stage's padding: what the picture's height leaves. */
const CHROME_PX = 60 + 76 + 64;

/**
 * The size of the picture before its pixels arrive, so the placeholder can stand in its place:
 * as large as the stage allows, never past the preview's own pixels.
 */
function frameStyle(round: SharedRound): CSSProperties | undefined {
  if (!round.width || !round.height) return undefined;
  const scale = Math.min(1, PREVIEW_SIDE / Math.max(round.width, round.height));
  const ratio = round.width / round.height;
  return {
    aspectRatio: `${round.width} / ${round.height}`,
    width: `min(100%, ${Math.round(round.width * scale)}px, calc((100vh - ${CHROME_PX}px) * ${ratio.toFixed(4)}))`,
  };
}

function Picture({ asset }: { asset: SharedAssetDetail }) {
  const round = asset.current_version;
  const pages = asset.kind === 'document' ? (round.page_count ?? 1) : 1;
  const [page, setPage] = useState(1);
  const goToPage = (next: number) => setPage(Math.min(pages, Math.max(1, next)));
  usePageKeys(pages > 1 ? goToPage : null, page);
  const src = pageUrl(round, page) ?? round.image_url;
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const loaded = loadedSrc === src;
  const style = frameStyle(round);
  if (round.preview_state === 'processing')
    return (
      <Stack align="center" gap="sm" className={classes.status} data-testid="shared-viewer-processing">
        <Loader aria-hidden />
        <Text c="dimmed">{SHARED_PREVIEW_TEXTS.processing}</Text>
      </Stack>
    );
  if (!round.image_url)
    return (
      <Stack align="center" gap="sm" className={classes.status} data-testid="shared-viewer-no-preview">
        {asset.kind === 'document' ? (
          <FileTypeIcon name={asset.name} size={72} />
        ) : (
          <IconPhotoOff size={56} color="var(--mantine-color-gray-6)" aria-hidden />
        )}
        <Text fw={600}>{SHARED_PREVIEW_TEXTS.failed}</Text>
        <Text size="sm" c="dimmed">
          {round.preview_error ??
            (asset.kind === 'document'
              ? SHARED_VIEWER_TEXTS.noPreviewDocument
              : SHARED_VIEWER_TEXTS.noPreviewImage)}
        </Text>
      </Stack>
    );
  return (
    <div className={classes.frame} style={style}>
      {style && round.lqip_url && page === 1 && !loaded && (
        <img className={classes.lqip} src={round.lqip_url} alt="" aria-hidden />
      )}
      <img
        key={src}
        className={classes.picture}
        style={style && { width: '100%', height: '100%' }}
        src={src ?? undefined}
        alt={pages > 1 ? `${asset.name}, ${PAGER_TEXTS.page(page, pages)}` : asset.name}
        data-loaded={loaded}
        data-testid="shared-viewer-image"
        onLoad={() => setLoadedSrc(src)}
      />
      {loaded && <SharedMarkup comments={asset.comments} round={round} page={page} />}
      {pages > 1 && (
        <div className={classes.page} ref={keepClearOfSnackbars}>
          <DocumentPager page={page} pages={pages} onPage={goToPage} />
        </div>
      )}
    </div>
  );
}

function SideButton({ side, onClick }: { side: 'previous' | 'next'; onClick: (() => void) | null }) {
  const label = side === 'previous' ? SHARED_VIEWER_TEXTS.previous : SHARED_VIEWER_TEXTS.next;
  return (
    <Tooltip label={label} openDelay={300}>
      <ActionIcon
        className={classes.side}
        data-side={side}
        variant="default"
        radius="xl"
        size={48}
        aria-label={label}
        disabled={!onClick}
        onClick={onClick ?? undefined}
      >
        {side === 'previous' ? <IconChevronLeft size={24} /> : <IconChevronRight size={24} />}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * One shared asset on a stage the size of the screen: the 2048 px preview (the placeholder first)
 * or a document's first page, its name and facts, and the previous and next images by button and
 * by ← →, and the round's comments to read beside it. No round selector: a link shows the latest
 * round only.
 */
export function SharedAssetViewer({
  asset,
  onOpen,
}: {
  asset: SharedAssetDetail;
  onOpen: (assetId: number) => void;
}) {
  const previous = asset.previous_image_id;
  const next = asset.next_image_id;
  const goPrevious = previous === null ? null : () => onOpen(previous);
  const goNext = next === null ? null : () => onOpen(next);
  useArrowKeys({ left: () => goPrevious?.(), right: () => goNext?.() });
  const moves = goPrevious !== null || goNext !== null;

  return (
    <section
      className={classes.viewer}
      data-testid="shared-asset"
      data-asset-id={asset.id}
      aria-label={asset.name}
    >
      <header className={classes.header}>
        <Stack gap={2} miw={0}>
          <Title
            order={1}
            size="h3"
            lineClamp={1}
            style={{ wordBreak: 'break-all' }}
            data-testid="shared-asset-title"
          >
            {asset.name}
          </Title>
          <Text size="sm" c="dimmed" data-testid="shared-asset-facts">
            {factsLine(roundFacts(asset.kind, asset.current_version))}
          </Text>
        </Stack>
        {moves && (
          <Text size="xs" c="dimmed" visibleFrom="md" style={{ flexShrink: 0 }}>
            {SHARED_VIEWER_TEXTS.keys}
          </Text>
        )}
      </header>
      <div className={classes.body}>
        <div className={classes.stage}>
          {/* A new asset starts with its own placeholder, not the last picture's loaded state. */}
          <Picture key={asset.version_id} asset={asset} />
          {moves && (
            <>
              <SideButton side="previous" onClick={goPrevious} />
              <SideButton side="next" onClick={goNext} />
            </>
          )}
        </div>
        <SharedComments comments={asset.comments} />
      </div>
    </section>
  );
}
