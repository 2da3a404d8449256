import { Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AssetView } from '@common/api/assets';
import { plural } from '@common/text';
import { AssetPreview } from './AssetPreview';
import classes from './AssetTile.module.css';

export const assetPath = (asset: Pick<AssetView, 'id' | 'project_id'>) =>
  `/projects/${asset.project_id}/assets/${asset.id}`;

/** An asset in the grid: its preview, name, current round and how many rounds it has. */
export function AssetTile({ asset }: { asset: AssetView }) {
  const to = assetPath(asset);
  const rounds = asset.asset_versions_count;
  return (
    <article
      className={classes.card}
      data-testid="asset-tile"
      data-asset-id={asset.id}
      data-processing={asset.is_processing}
      aria-label={asset.name}
    >
      {/* The pointer's way in; the keyboard and screen readers reach the asset by its name. */}
      <Link to={to} className={classes.previewLink} tabIndex={-1} aria-hidden>
        <AssetPreview asset={asset} />
      </Link>
      <div className={classes.body}>
        <Link to={to} className={classes.name} title={asset.name} data-testid="asset-name">
          {asset.name}
        </Link>
        <Group gap={6} mt={4} wrap="nowrap">
          <Badge variant="light" radius="sm" size="sm" tt="none" data-testid="asset-round">
            Round {asset.current_version.number}
          </Badge>
          {rounds > 1 && (
            <Text size="xs" c="dimmed" data-testid="asset-rounds-count">
              {plural(rounds, 'round')}
            </Text>
          )}
        </Group>
      </div>
    </article>
  );
}
