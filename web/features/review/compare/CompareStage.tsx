import { useState } from 'react';
import { Loader, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import type { AssetRound, AssetView } from '@common/api/assets';
import { pageUrl } from '@common/documentPages';
import { RoundDrawings } from '@web/features/comments';
import { useDocumentPage, DocumentPager } from '@web/features/viewer';
import { CompareToolbar, CompareViewer, type CompareSide, useDifference } from '@web/features/compare';
import type { DifferenceDetail } from '@web/features/compare';
import type { MarkupStore } from '@web/features/markup';
import type { ViewController } from '@web/features/viewer';
import { ROUND_TEXTS } from '../RoundMenu';
import { comparedPage, comparedPageCount } from './comparePages';
import type { CompareSession } from './useCompareSession';
import classes from '../AssetView.module.css';
import compareClasses from './compareStage.module.css';

export const COMPARE_STAGE_TEXTS = {
  processingTitle: (round: string) => `${round} is still being prepared`,
  processing: 'It can be compared as soon as its preview is ready.',
  failedTitle: (round: string) => `${round} has no preview to compare`,
  failed: 'Pick another round above, or leave compare to download its file.',
  noPage: (round: string, page: number) => `${round} has no page ${page}`,
  pageFailed: (round: string, page: number) => `Page ${page} of ${round} could not be shown`,
  pageDrawing: (page: number) => `Drawing page ${page}…`,
} as const;

/**
 * A document's page past the first as the server answers it (drawn there on its first view), and
 * the next one asked for ahead; null for page 1 (the preview) and for images.
 */
function usePageShown(asset: AssetView, round: AssetRound | null, page: number) {
  const ready = asset.kind === 'document' && round?.preview_state === 'ready';
  return useDocumentPage(
    ready && page > 1 ? pageUrl(round, page) : null,
    ready ? pageUrl(round, page + 1) : null,
  );
}

/**
 * A round as compare shows it at `page`: its picture (an image's preview, a document's page) with
 * its comments' drawings on that page, a sentence in its place when the round has no such page,
 * or null while it has no preview.
 */
function sideOf(
  asset: AssetView,
  round: AssetRound,
  page: number,
  failed: Error | null,
  markup: MarkupStore,
): CompareSide | null {
  if (round.preview_state !== 'ready' || !round.image_url) return null;
  const label = ROUND_TEXTS.round(round.number);
  const shown = comparedPage(round, asset.kind === 'document' ? page : 1);
  if (shown === 'missing') return { label, source: null, missing: COMPARE_STAGE_TEXTS.noPage(label, page) };
  if (!shown || failed)
    return { label, source: null, missing: failed?.message ?? COMPARE_STAGE_TEXTS.pageFailed(label, page) };
  const first = shown.url === round.image_url;
  return {
    label,
    source: {
      previewUrl: shown.url,
      lqipUrl: first ? round.lqip_url : null,
      tilesUrl: first ? round.tiles_url : null,
      // A document's pages are drawn at the preview's size: the page's own is not known.
      size:
        asset.kind === 'image' && round.width && round.height
          ? { width: round.width, height: round.height }
          : null,
    },
    markup: <RoundDrawings asset={asset} round={round} page={page} store={markup} />,
  };
}

function Waiting({ round }: { round: AssetRound }) {
  const label = ROUND_TEXTS.round(round.number);
  const processing = round.preview_state === 'processing';
  return (
    <div
      className={classes.statePanel}
      role={processing ? 'status' : undefined}
      data-testid={processing ? 'compare-processing' : 'compare-failed'}
    >
      <Stack align="center" gap="sm" maw={440} ta="center">
        {processing ? (
          <Loader color="gray.3" aria-hidden />
        ) : (
          <IconPhotoOff size={48} color="var(--mantine-color-gray-5)" aria-hidden />
        )}
        <Text fw={600} size="lg" c="gray.0">
          {processing ? COMPARE_STAGE_TEXTS.processingTitle(label) : COMPARE_STAGE_TEXTS.failedTitle(label)}
        </Text>
        <Text size="sm" c="gray.5">
          {processing ? COMPARE_STAGE_TEXTS.processing : (round.preview_error ?? COMPARE_STAGE_TEXTS.failed)}
        </Text>
      </Stack>
    </div>
  );
}

/**
 * The stage while two rounds are compared: the modes' toolbar over the compare viewer. A
 * document's rounds are compared page by page, the same page on both sides.
 */
export function CompareStage({
  asset,
  session,
  controller,
  page: wanted,
  onPage,
  markup,
}: {
  asset: AssetView;
  session: CompareSession;
  controller: ViewController;
  page: number;
  onPage: (page: number) => void;
  /** The review's markup store: the comment pointed at in the comments panel is lit in its round. */
  markup: MarkupStore;
}) {
  const pair = session.pair;
  const roundA = pair ? session.round(pair.a) : null;
  const roundB = pair ? session.round(pair.b) : null;
  const pages = comparedPageCount(asset.kind, roundA, roundB);
  const page = Math.min(wanted, pages);
  const shownA = usePageShown(asset, roundA, page);
  const shownB = usePageShown(asset, roundB, page);
  const a = roundA && sideOf(asset, roundA, page, shownA?.error ?? null, markup);
  const b = roundB && sideOf(asset, roundB, page, shownB?.error ?? null, markup);
  const differing = session.mode === 'difference' && a?.source && b?.source;
  const difference = useDifference(
    differing ? a.source!.previewUrl : null,
    differing ? b.source!.previewUrl : null,
    session.tolerance,
  );
  // The detail the difference on screen is worked out at, and what it found there.
  const [detail, setDetail] = useState<DifferenceDetail | null>(null);
  if (!roundA || !roundB) return null;
  const waiting = !a ? roundA : !b ? roundB : null;
  const drawing = shownA?.isPending || shownB?.isPending;
  return (
    <div className={compareClasses.stage} data-testid="compare-view" data-mode={session.mode}>
      <CompareToolbar
        mode={session.mode}
        onMode={session.setMode}
        labels={{ a: ROUND_TEXTS.round(roundA.number), b: ROUND_TEXTS.round(roundB.number) }}
        opacity={session.opacity}
        onOpacity={session.setOpacity}
        blink={session.blink}
        onFlip={session.flip}
        onAutoBlink={session.setAutoBlink}
        tolerance={session.tolerance}
        onTolerance={session.setTolerance}
        difference={difference}
        detail={detail}
      />
      <div className={compareClasses.viewer}>
        {waiting || !a || !b ? (
          <Waiting round={waiting ?? roundA} />
        ) : (
          <CompareViewer
            leader={controller}
            a={a}
            b={b}
            mode={session.mode}
            wipe={session.wipe}
            onWipe={session.setWipe}
            opacity={session.opacity}
            blink={session.blink}
            difference={difference}
            detail={detail}
            onDetail={setDetail}
            label={pages > 1 ? `${asset.name}, page ${page}` : asset.name}
            controls={pages > 1 && <DocumentPager page={page} pages={pages} onPage={onPage} />}
          />
        )}
        {drawing && (
          <div className={classes.pageDrawing} role="status" data-testid="page-drawing">
            <Loader size="xs" color="gray.3" aria-hidden />
            <span>{COMPARE_STAGE_TEXTS.pageDrawing(page)}</span>
          </div>
        )}
      </div>
    </div>
  );
}
