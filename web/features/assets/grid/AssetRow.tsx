import { memo, useState } from 'react';
import { Text, VisuallyHidden } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import type { AssetView } from '@common/api/assets';
import { FileTypeIcon } from '@web/components/FileTypeIcon/FileTypeIcon';
import { formatLastActivity } from '@web/features/projects';
import {
  ApprovedMark,
  AssetLabel,
  NewMark,
  RoundBadge,
  RoundsCount,
  RushMark,
  UnresolvedCount,
} from './AssetMarks';
import { AssetName, TileCheckbox, TileMenu } from './AssetTile';
import { assetRowFacts } from './assetRowFacts';
import { cellAttributes, type TileProps } from './tileHandlers';
import classes from './AssetRow.module.css';

export function AssetListHead() {
  return (
    <div className={classes.head} role="row">
      <span role="columnheader">
        <VisuallyHidden>Select</VisuallyHidden>
      </span>
      <span role="columnheader">Asset</span>
      <span role="columnheader">Round</span>
      <span role="columnheader">Approval</span>
      <span role="columnheader">Label</span>
      <span role="columnheader">Comments</span>
      <span role="columnheader">Size</span>
      <span role="columnheader">Dimensions</span>
      <span role="columnheader">Uploader</span>
      <span role="columnheader">Last activity</span>
      <span role="columnheader">
        <VisuallyHidden>Actions</VisuallyHidden>
      </span>
    </div>
  );
}

/** A small picture of the asset: the thumbnail, else its placeholder, else its type's icon. */
function AssetThumb({ asset }: { asset: AssetView }) {
  const round = asset.current_version;
  const src = round.thumbnail_url ?? round.lqip_url;
  return (
    <span className={classes.thumb}>
      {src ? (
        <img src={src} alt="" loading="lazy" decoding="async" draggable={false} />
      ) : asset.kind === 'document' ? (
        <FileTypeIcon name={asset.name} size={22} />
      ) : (
        <IconPhotoOff size={18} color="var(--mantine-color-gray-5)" aria-hidden />
      )}
    </span>
  );
}

/** An asset in the list view (?mode=list): one row, the same marks and actions as its tile. */
export const AssetRow = memo(function AssetRow(props: TileProps) {
  const { asset, selected, selecting, handlers } = props;
  const [armed, setArmed] = useState(false);
  const facts = assetRowFacts(asset);
  return (
    <div
      role="row"
      className={classes.row}
      data-testid="asset-row"
      {...cellAttributes(props, () => setArmed(true))}
    >
      <span role="gridcell" className={classes.select} data-visible={selecting || selected}>
        <TileCheckbox asset={asset} selected={selected} onToggle={handlers.onToggle} />
      </span>
      <span role="gridcell" className={classes.nameCell}>
        <AssetThumb asset={asset} />
        <span className={classes.nameStack}>
          <AssetName asset={asset} onOpen={handlers.onOpen} />
          <span className={classes.flags}>
            <RushMark asset={asset} />
            <NewMark asset={asset} />
          </span>
        </span>
      </span>
      <span role="gridcell" className={classes.round}>
        <RoundBadge asset={asset} /> <RoundsCount asset={asset} />
      </span>
      <span role="gridcell" className={classes.approval}>
        <ApprovedMark asset={asset} size={20} />
        <Text size="sm" c={asset.approve === 'confirmed' ? 'teal.8' : 'dimmed'} aria-hidden>
          {asset.approve === 'confirmed' ? 'Approved' : 'Pending'}
        </Text>
      </span>
      <span role="gridcell">
        <AssetLabel asset={asset} />
      </span>
      <span role="gridcell">
        <UnresolvedCount asset={asset} />
      </span>
      <span role="gridcell" className={classes.fact} data-testid="asset-size">
        {facts.size}
      </span>
      <span role="gridcell" className={classes.fact} data-testid="asset-dimensions">
        {facts.dimensions}
      </span>
      <span role="gridcell" className={classes.fact} title={facts.uploader} data-testid="asset-uploader">
        {facts.uploader}
      </span>
      <span role="gridcell">
        <Text size="sm" c="dimmed" aria-hidden>
          {formatLastActivity(asset.last_activity_at)}
        </Text>
      </span>
      <span role="gridcell" className={classes.menu}>
        <TileMenu props={props} armed={armed} />
      </span>
    </div>
  );
});

export function RowSkeleton() {
  return (
    <div className={classes.skeleton} aria-hidden data-testid="asset-row-skeleton">
      <span />
      <span />
    </div>
  );
}
