import { Text } from '@mantine/core';
import { Link } from 'react-router';
import type { SharedAsset } from '@common/api/sharedAssets';
import { SharedAssetPreview } from './SharedAssetPreview';
import { factsLine, roundFacts } from '@web/features/sharing';
import classes from './SharedAssets.module.css';

/** A shared asset in the grid: its preview, name, and type, pixels or pages, and size. */
export function SharedAssetTile({ asset, to }: { asset: SharedAsset; to: string }) {
  return (
    <article
      className={classes.card}
      data-testid="shared-asset-tile"
      data-asset-id={asset.id}
      data-state={asset.current_version.preview_state}
      aria-label={asset.name}
    >
      {/* The pointer's way in; the keyboard and screen readers reach the asset by its name. */}
      <Link to={to} className={classes.previewLink} tabIndex={-1} aria-hidden>
        <SharedAssetPreview asset={asset} />
      </Link>
      <div className={classes.body}>
        <Link to={to} className={classes.name} title={asset.name} data-testid="shared-asset-name">
          {asset.name}
        </Link>
        <Text size="xs" c="dimmed" mt={4} truncate>
          {factsLine(roundFacts(asset.kind, asset.current_version))}
        </Text>
      </div>
    </article>
  );
}
