import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Loader } from '@mantine/core';
import { keepClearOfSnackbars } from '@web/components/snackbar/snackbarClearance';
import {
  InView,
  PictureCanvas,
  type PictureSource,
  viewerClasses,
  ViewController,
  ZoomControls,
  ZoomStage,
} from '@web/features/viewer';
import type { BlinkState } from './blinkState';
import { COMPARE_TEXTS, type CompareMode, drawsMarkup } from './compareModes';
import { DifferenceCanvas } from './DifferenceCanvas';
import { DifferenceTiles, type DifferenceDetail } from './DifferenceTiles';
import { linkViews } from './linkedViews';
import { RoundTag } from './RoundTag';
import type { DifferenceResult } from './useDifference';
import { WipeHandle } from './WipeHandle';
import { wipeClip, wipeClipLeft } from './wipeGeometry';
import classes from './compare.module.css';

export interface CompareSide {
  /** 'Round N'. */
  label: string;
  /** Null where the round has no such page; `missing` says so in the picture's place. */
  source: PictureSource | null;
  missing?: string;
  /**
   * The round's comments' markup on the page shown, drawn over its picture in the round's own view
   * (layers that read useViewController), where the mode draws markup (drawsMarkup).
   */
  markup?: ReactNode;
}

/**
 * A round's picture in a view of the stage, on its own layer (to clip, fade or hide), with its
 * markup over it when `markup` is set: on the same layer, so it is clipped, faded and hidden with it.
 */
function RoundLayer({
  side,
  round,
  controller,
  markup,
  style,
}: {
  side: 'a' | 'b';
  round: CompareSide;
  controller: ViewController;
  markup: boolean;
  style?: CSSProperties;
}) {
  if (!round.source)
    return (
      <div className={classes.layer} style={style} data-testid={`compare-round-${side}`}>
        <div className={classes.missing} role="note" data-testid="compare-page-missing">
          {round.missing}
        </div>
      </div>
    );
  return (
    <div className={classes.layer} style={style} data-testid={`compare-round-${side}`}>
      <PictureCanvas controller={controller} source={round.source} label={round.label} />
      {markup && round.markup && <InView controller={controller}>{round.markup}</InView>}
    </div>
  );
}

function Dock({
  leader,
  wide = false,
  controls,
}: {
  leader: ViewController;
  wide?: boolean;
  controls?: ReactNode;
}) {
  return (
    <div
      className={wide ? classes.dockWide : viewerClasses.dock}
      data-viewer-control
      ref={keepClearOfSnackbars}
    >
      {controls}
      <ZoomControls controller={leader} />
    </div>
  );
}

/** The tag's words for a difference worked out from tiles: their detail, and whether it is still coming. */
function tilesDetail(detail: DifferenceDetail): string {
  const coming = detail.pending ? ` · ${COMPARE_TEXTS.detailComparing}` : '';
  return `${COMPARE_TEXTS.detailTiles(detail.factor)}${coming}`;
}

/**
 * Two rounds compared in one of the modes. One view (the leader, the view of the asset page)
 * takes every zoom and pan, from any stage; round B is shown in a view kept in step with it,
 * mapped through the rounds' alignment, so both rounds always show the same part of the picture.
 */
export function CompareViewer({
  leader,
  a,
  b,
  mode,
  wipe,
  onWipe,
  opacity,
  blink,
  difference,
  detail,
  onDetail,
  label,
  controls,
}: {
  leader: ViewController;
  a: CompareSide;
  b: CompareSide;
  mode: CompareMode;
  wipe: number;
  onWipe: (share: number) => void;
  /** Round B's opacity over round A in the onion skin, 0–1. */
  opacity: number;
  blink: BlinkState;
  difference: DifferenceResult;
  /** The detail the difference is worked out at on screen (DifferenceTiles reports it). */
  detail: DifferenceDetail | null;
  onDetail: (detail: DifferenceDetail) => void;
  /** The asset's name, for the stages' labels. */
  label: string;
  /** Beside the zoom controls (a document's pages). */
  controls?: ReactNode;
}) {
  const [follower] = useState(() => new ViewController());
  useEffect(() => linkViews(leader, follower), [leader, follower]);
  const markup = drawsMarkup(mode);

  if (mode === 'sideBySide')
    return (
      <div className={classes.frame}>
        <div className={classes.sideBySide}>
          {(['a', 'b'] as const).map((side) => (
            <div className={classes.pane} key={side} data-testid={`compare-pane-${side}`}>
              <ZoomStage controller={leader} label={`${label}, ${(side === 'a' ? a : b).label}`}>
                <RoundLayer
                  side={side}
                  round={side === 'a' ? a : b}
                  controller={side === 'a' ? leader : follower}
                  markup={markup}
                />
                <div className={classes.tags}>
                  <RoundTag side={side} label={(side === 'a' ? a : b).label} />
                </div>
              </ZoomStage>
            </div>
          ))}
        </div>
        <Dock leader={leader} wide controls={controls} />
      </div>
    );

  let top: ReactNode = null;
  let tags: ReactNode;
  let under: CSSProperties | undefined;
  switch (mode) {
    case 'wipe':
      under = { clipPath: wipeClipLeft(wipe) };
      top = (
        <RoundLayer
          side="b"
          round={b}
          controller={follower}
          markup={markup}
          style={{ clipPath: wipeClip(wipe) }}
        />
      );
      tags = (
        <>
          <RoundTag side="a" label={a.label} />
          <RoundTag side="b" label={b.label} />
        </>
      );
      break;
    case 'onion':
      top = <RoundLayer side="b" round={b} controller={follower} markup={markup} style={{ opacity }} />;
      tags = (
        <>
          <RoundTag side="a" label={a.label} />
          <RoundTag side="b" label={b.label} extra={`${Math.round(opacity * 100)} %`} />
        </>
      );
      break;
    case 'blink':
      under = blink.shown === 'b' ? { visibility: 'hidden' } : undefined;
      top = (
        <RoundLayer
          side="b"
          round={b}
          controller={follower}
          markup={markup}
          style={blink.shown === 'a' ? { visibility: 'hidden' } : undefined}
        />
      );
      tags = <RoundTag side={blink.shown} label={blink.shown === 'a' ? a.label : b.label} />;
      break;
    case 'difference':
      // Round A shows until the difference is painted over it.
      under = difference.status === 'ready' || !a.source || !b.source ? { visibility: 'hidden' } : undefined;
      top =
        !a.source || !b.source ? (
          <RoundLayer
            side={a.source ? 'b' : 'a'}
            round={a.source ? b : a}
            controller={follower}
            markup={markup}
          />
        ) : difference.status === 'ready' ? (
          <>
            <DifferenceCanvas
              controller={leader}
              image={difference.image}
              label={COMPARE_TEXTS.differenceOf(a.label, b.label)}
            />
            {a.source.tilesUrl && (
              // Zoomed in past the preview: the part on screen compared from the rounds' tiles.
              <DifferenceTiles
                controller={leader}
                source={{
                  baseTilesUrl: a.source.tilesUrl,
                  otherTilesUrl: b.source.tilesUrl,
                  otherPreviewUrl: b.source.previewUrl,
                  otherSize: b.source.size,
                }}
                previewWidth={difference.image.width}
                tolerance={difference.tolerance}
                onDetail={onDetail}
              />
            )}
          </>
        ) : difference.status === 'loading' ? (
          <div className={classes.busy} role="status">
            <Loader size="xs" color="gray.3" />
            {COMPARE_TEXTS.computing}
          </div>
        ) : (
          <div className={classes.busy} role="alert">
            {COMPARE_TEXTS.differenceFailed}
          </div>
        );
      tags = (
        <RoundTag
          side="b"
          label={COMPARE_TEXTS.differenceOf(a.label, b.label)}
          // Which pixels are compared, for a round whose preview is not all it has.
          extra={
            difference.status !== 'ready' || !a.source?.tilesUrl
              ? undefined
              : !detail || detail.level === null
                ? COMPARE_TEXTS.detailPreview
                : tilesDetail(detail)
          }
        />
      );
      break;
  }
  return (
    <ZoomStage controller={leader} label={`${label}: ${a.label} and ${b.label}`} testId="compare-stage">
      <RoundLayer side="a" round={a} controller={leader} markup={markup} style={under} />
      {top}
      <div className={classes.tags}>{tags}</div>
      {mode === 'wipe' && <WipeHandle share={wipe} onChange={onWipe} label={COMPARE_TEXTS.wipeLabel} />}
      <Dock leader={leader} controls={controls} />
    </ZoomStage>
  );
}
