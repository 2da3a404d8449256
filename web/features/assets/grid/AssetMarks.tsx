import type { CSSProperties } from 'react';
import { isLightColor, Tooltip } from '@mantine/core';
import { IconCheck, IconFlag3Filled, IconMessageCircle, IconX } from '@tabler/icons-react';
import type { AssetView } from '@common/api/assets';
import { decisionCounts } from '@common/api/decisions';
import { newMarks } from '@common/assetGrid/describeAsset';
import { plural } from '@common/text';
import { Decorative } from './Decorative';
import classes from './AssetMarks.module.css';

/**
 * The marks of an asset as tiles and rows show them. They are pictures of the asset's state: the
 * tile's accessible name (describeAsset) says the same in words, so their text is decorative.
 * Plain elements styled by AssetMarks.module.css rather than Mantine's Badge and ThemeIcon: a
 * fast scroll mounts a row of tiles a frame, and each Mantine part costs a style pass of its own.
 */
export function ApprovedMark({ asset, size = 24 }: { asset: AssetView; size?: number }) {
  if (asset.approve !== 'confirmed') return null;
  return (
    <span
      className={classes.approved}
      style={{ '--mark-size': `${size}px` } as CSSProperties}
      aria-hidden
      data-testid="asset-approved"
    >
      <IconCheck size={Math.round(size * 0.62)} stroke={3} />
    </span>
  );
}

export function RushMark({ asset }: { asset: AssetView }) {
  if (!asset.rush_priority) return null;
  return (
    <span className={classes.badge} data-tone="red" aria-hidden data-testid="asset-rush">
      <IconFlag3Filled size={11} />
      <Decorative text="Rush" />
    </span>
  );
}

/** 'New', or what changed since the user last looked: a new round, a new name, a new label. */
export function NewMark({ asset }: { asset: AssetView }) {
  const marks = newMarks(asset);
  if (marks.length === 0) return null;
  return (
    <span className={classes.badge} data-tone="brand" data-caps aria-hidden data-testid="asset-new">
      <Decorative text={marks[0] ?? ''} />
    </span>
  );
}

export function UnresolvedCount({ asset }: { asset: AssetView }) {
  const count = asset.unresolved_comments_count;
  if (count === 0) return null;
  return (
    <span className={classes.unresolved} aria-hidden data-testid="asset-unresolved">
      <IconMessageCircle size={14} />
      <Decorative text={String(count)} className={classes.count} />
    </span>
  );
}

/** The asset's label, with a dot when it is new to the user. */
export function AssetLabel({ asset }: { asset: AssetView }) {
  const label = asset.label;
  if (!label) return null;
  const style = {
    '--label-base': label.base_color,
    '--label-text': isLightColor(label.base_color) ? 'var(--mantine-color-black)' : '#fff',
  } as CSSProperties;
  const chip = (
    <span
      className={classes.label}
      style={style}
      title={label.name}
      aria-hidden
      data-new={asset.has_new_label_for_current_user}
      data-testid="asset-label"
    >
      <Decorative text={label.name} className={classes.labelText} />
    </span>
  );
  return asset.has_new_label_for_current_user ? (
    <Tooltip label="New label" withArrow openDelay={300}>
      {chip}
    </Tooltip>
  ) : (
    chip
  );
}

/** The round, in words: the tile's visible text starts with its name and round (describeAsset). */
export function RoundBadge({ asset }: { asset: AssetView }) {
  const unseen = asset.has_rounds_unseen_by_current_user;
  return (
    <span className={classes.badge} data-tone={unseen ? 'brand' : 'gray'} data-testid="asset-round">
      Round {asset.current_version.number}
    </span>
  );
}

/** How many rounds, when there is more than one: in words, after the round (describeAsset). */
export function RoundsCount({ asset }: { asset: AssetView }) {
  const rounds = asset.asset_versions_count;
  if (rounds < 2) return null;
  return (
    <span className={classes.rounds} data-testid="asset-rounds-count">
      {plural(rounds, 'round')}
    </span>
  );
}

/**
 * The reviewers' decisions on the current round, counted: a tick with how many approved, a cross
 * with how many asked for changes (the tile's accessible name says it in words).
 */
export function DecisionCounts({ asset }: { asset: AssetView }) {
  if (asset.decisions.length === 0) return null;
  const counts = decisionCounts(asset.decisions);
  return (
    <span className={classes.decisions} aria-hidden data-testid="asset-decision-counts">
      {counts.approved > 0 && (
        <span className={classes.decision} data-decision="approved">
          <IconCheck size={12} stroke={3} />
          <Decorative text={String(counts.approved)} className={classes.count} />
        </span>
      )}
      {counts.changes_requested > 0 && (
        <span className={classes.decision} data-decision="changes_requested">
          <IconX size={12} stroke={3} />
          <Decorative text={String(counts.changes_requested)} className={classes.count} />
        </span>
      )}
    </span>
  );
}
