import { useMemo, useState, type ReactNode } from 'react';
import { ActionIcon, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPhotoOff } from '@tabler/icons-react';
import type { Guest } from '@common/api/guests';
import type { SharedAssetDetail } from '@common/api/sharedAssets';
import { FileTypeIcon } from '@web/components/FileTypeIcon/FileTypeIcon';
import { SHARED_PREVIEW_TEXTS } from './SharedAssetPreview';
import { pageUrl } from '@common/documentPages';
import { factsLine, roundFacts } from '@web/features/sharing';
import { MarkupStore } from '@web/features/markup';
import { DocumentPager, PAGER_TEXTS, ImageViewer, ViewController } from '@web/features/viewer';
import { useGuestComments } from './guest/guestApi';
import { GuestReviewPanel } from './guest/GuestReviewPanel';
import { GuestStageMarkup } from './guest/GuestStageMarkup';
import { usePageKeys } from './usePageKeys';
import { SharedComments } from './SharedComments';
import { SharedMarkup } from './SharedMarkup';
import { useArrowKeys } from './useArrowKeys';
import { useZoomKeys } from './useZoomKeys';
import classes from './SharedAssetViewer.module.css';

export const SHARED_VIEWER_TEXTS = {
  previous: 'Previous image',
  next: 'Next image',
  keys: 'Use ← and → to move between images',
  noPreviewDocument: 'This document has no preview.',
  noPreviewImage: 'No preview could be made of this image.',
} as const;

/**
 * The latest round in the members' viewer: the placeholder, the preview and, for large pictures,
 * the DeepZoom tiles; zoom by the controls, the wheel (or a pinch), a double click and + − 0 1;
 * pan by dragging. A document shows one page at a time with its pager beside the zoom controls.
 * The drawings of the comments the link shows follow the picture.
 */
function Picture({
  asset,
  page,
  onPage,
  overlay,
}: {
  asset: SharedAssetDetail;
  page: number;
  onPage: (page: number) => void;
  /** The drawings over the page shown (and, on a review link, the guest's drawing tools). */
  overlay: ReactNode;
}) {
  const round = asset.current_version;
  const pages = asset.kind === 'document' ? (round.page_count ?? 1) : 1;
  const [controller] = useState(() => new ViewController());
  const goToPage = (next: number) => onPage(Math.min(pages, Math.max(1, next)));
  usePageKeys(pages > 1 ? goToPage : null, page);
  useZoomKeys(controller);
  const src = pageUrl(round, page) ?? round.image_url;
  if (round.preview_state === 'processing')
    return (
      <Stack align="center" gap="sm" className={classes.status} data-testid="shared-viewer-processing">
        <Loader aria-hidden />
        <Text c="dimmed">{SHARED_PREVIEW_TEXTS.processing}</Text>
      </Stack>
    );
  if (!src)
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
    <div className={classes.viewerFrame} data-testid="shared-viewer-image" data-src={src}>
      <ImageViewer
        controller={controller}
        label={pages > 1 ? `${asset.name}, ${PAGER_TEXTS.page(page, pages)}` : asset.name}
        source={{
          previewUrl: src,
          lqipUrl: page === 1 ? round.lqip_url : null,
          tilesUrl: page === 1 ? round.tiles_url : null,
          // A document's pages are drawn at the preview's size: the page's own is not known.
          size:
            asset.kind === 'image' && round.width && round.height
              ? { width: round.width, height: round.height }
              : null,
        }}
        overlay={overlay}
        controls={pages > 1 ? <DocumentPager page={page} pages={pages} onPage={goToPage} /> : null}
      />
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
 * One shared asset on a stage the size of the screen, in the members' viewer (zoom and pan), its
 * name and facts, the previous and next images by button and by ← →, and, when the link shows
 * them, the round's comments to read beside it. On a review link the guest who joined it draws
 * and comments there instead, and gives their decision (GuestReviewPanel). No round selector: a
 * link shows the latest round only.
 */
export function SharedAssetViewer({
  asset,
  showComments,
  review,
  onOpen,
}: {
  asset: SharedAssetDetail;
  /** The link's settings show the team's comments (off by default): the panel beside the picture. */
  showComments: boolean;
  /** A review link and the guest who joined it; null on a view-only link. */
  review: { shareHash: string; guest: Guest } | null;
  onOpen: (assetId: number) => void;
}) {
  // The page shown and the guest's draft belong to one round: another asset starts afresh.
  const [shown, setShown] = useState({ version: asset.version_id, page: 1 });
  const page = shown.version === asset.version_id ? shown.page : 1;
  const onPage = (next: number) => setShown({ version: asset.version_id, page: next });
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new draft for each asset
  const store = useMemo(() => new MarkupStore(), [asset.id]);
  const guestComments = useGuestComments(review?.shareHash ?? '', asset.id, review !== null);
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
          <Picture
            key={asset.version_id}
            asset={asset}
            page={page}
            onPage={onPage}
            overlay={
              review ? (
                <GuestStageMarkup
                  store={store}
                  comments={guestComments.data ?? []}
                  kind={asset.kind}
                  page={page}
                />
              ) : (
                <SharedMarkup comments={asset.comments} page={page} />
              )
            }
          />
          {moves && (
            <>
              <SideButton side="previous" onClick={goPrevious} />
              <SideButton side="next" onClick={goNext} />
            </>
          )}
        </div>
        {review ? (
          <GuestReviewPanel
            shareHash={review.shareHash}
            asset={asset}
            guest={review.guest}
            comments={guestComments}
            store={store}
            page={page}
            onPage={onPage}
          />
        ) : (
          showComments && <SharedComments comments={asset.comments} />
        )}
      </div>
    </section>
  );
}
