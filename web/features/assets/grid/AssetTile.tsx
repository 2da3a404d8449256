import { memo, useState } from 'react';
import type { AssetView } from '@common/api/assets';
import { AssetPreview } from './AssetPreview';
import {
  ApprovedMark,
  AssetLabel,
  DecisionCounts,
  NewMark,
  RoundBadge,
  RoundsCount,
  RushMark,
  UnresolvedCount,
} from './AssetMarks';
import { AssetMenu } from './AssetMenu';
import { assetPath } from './assetPaths';
import { cellAttributes, type TileHandlers, type TileProps } from './tileHandlers';
import classes from './AssetTile.module.css';

/**
 * The asset's name: a link for the pointer (a plain one: the click is handled here, and the
 * router's link costs hooks a tile pays for on every scroll frame); the keyboard opens the tile
 * with Enter instead.
 */
export function AssetName({ asset, onOpen }: { asset: AssetView; onOpen: (asset: AssetView) => void }) {
  return (
    <a
      href={assetPath(asset)}
      className={classes.name}
      title={asset.name}
      tabIndex={-1}
      draggable={false}
      data-testid="asset-name"
      data-new={asset.has_new_name_for_current_user}
      onClick={(event) => {
        // Opening records the sight first, and a deleted asset says so instead of opening.
        event.preventDefault();
        event.stopPropagation();
        onOpen(asset);
      }}
    >
      {asset.name}
    </a>
  );
}

/**
 * The checkbox that adds an asset to the selection, with shift for a range: a native one drawn
 * like Mantine's (AssetTile.module.css), light enough to mount a row of them a frame.
 */
export function TileCheckbox({
  asset,
  selected,
  onToggle,
}: {
  asset: AssetView;
  selected: boolean;
  onToggle: TileHandlers['onToggle'];
}) {
  return (
    <input
      type="checkbox"
      className={classes.checkbox}
      checked={selected}
      tabIndex={-1}
      readOnly
      aria-label={`Select ${asset.name}`}
      data-testid="asset-select"
      onClick={(event) => {
        event.stopPropagation();
        onToggle(event, asset);
      }}
      onPointerDown={(event) => event.stopPropagation()}
    />
  );
}

/**
 * The asset's menu, made only for the tile that may show it: the current one, or one the pointer
 * has reached (a Mantine menu per tile is what a scroll frame would otherwise pay for).
 */
export function TileMenu({ props, armed }: { props: TileProps; armed: boolean }) {
  const { asset, current, abilities, handlers } = props;
  if (!armed && !current) return null;
  return (
    <AssetMenu
      asset={asset}
      abilities={abilities}
      tabbable={current}
      onIntent={(intent) => handlers.onIntent(asset, intent)}
    />
  );
}

/**
 * An asset in the grid: preview with its marks, name and round, label and unresolved comments.
 * A click selects it, a double click or Enter opens it, and it drags onto a folder to move there.
 */
export const AssetTile = memo(function AssetTile(props: TileProps) {
  const { asset, selected, current, selecting, handlers } = props;
  const [armed, setArmed] = useState(false);
  return (
    <div
      role="gridcell"
      className={classes.tile}
      data-testid="asset-tile"
      data-processing={asset.is_processing}
      {...cellAttributes(props, () => setArmed(true))}
    >
      {/* The name comes first in the page's order (the picture is drawn above it), so the tile's
          visible text starts as its accessible name does. */}
      <div className={classes.body}>
        <AssetName asset={asset} onOpen={handlers.onOpen} />{' '}
        <div className={classes.meta}>
          <RoundBadge asset={asset} /> <RoundsCount asset={asset} />
          <AssetLabel asset={asset} />
          <span className={classes.spacer} />
          <DecisionCounts asset={asset} />
          <UnresolvedCount asset={asset} />
        </div>
      </div>{' '}
      <div className={classes.frame}>
        <AssetPreview asset={asset} />
        <div className={classes.select} data-visible={selecting || selected}>
          <TileCheckbox asset={asset} selected={selected} onToggle={handlers.onToggle} />
        </div>
        <div className={classes.menu} data-visible={current}>
          <TileMenu props={props} armed={armed} />
        </div>
        <div className={classes.flags}>
          <RushMark asset={asset} />
          <NewMark asset={asset} />
        </div>
        <div className={classes.approval}>
          <ApprovedMark asset={asset} />
        </div>
      </div>
    </div>
  );
});

/** Where a tile of a page not loaded yet will be. */
export function TileSkeleton() {
  return (
    <div className={classes.skeleton} aria-hidden data-testid="asset-tile-skeleton">
      <div className={classes.skeletonPreview} />
      <div className={classes.skeletonLine} />
      <div className={classes.skeletonLine} data-short />
    </div>
  );
}
