import type { ReactNode } from 'react';
import { Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { SharedAsset } from '@common/api/sharedAssets';
import { LoadError } from '@web/components/page/LoadError';
import type { ViewMode } from '@web/features/projects';
import { SharedAssetTable } from './SharedAssetTable';
import { SharedAssetTile } from './SharedAssetTile';
import { useSharedAssetList } from './sharedAssetQueries';
import { sharedAssetPath } from './sharedPaths';

const GRID_COLS = { base: 2, sm: 3, lg: 4 } as const;

function TileSkeletons() {
  return (
    <SimpleGrid cols={GRID_COLS} spacing="lg" data-testid="shared-assets-loading">
      {Array.from({ length: 4 }, (_, index) => (
        <Stack key={index} gap={8}>
          <Skeleton radius="lg" style={{ aspectRatio: '4 / 3' }} />
          <Skeleton height={12} width="70%" />
          <Skeleton height={10} width="40%" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/**
 * The assets of the shared project's root or of one of its folders, as tiles or rows, 100 at a
 * time with 'Show more'. `empty` shows when there are none (the page decides what to say).
 */
export function SharedAssetSection({
  shareHash,
  folderId,
  mode,
  empty,
}: {
  shareHash: string;
  folderId: number | null;
  mode: ViewMode;
  empty: ReactNode;
}) {
  const list = useSharedAssetList(shareHash, folderId);
  const assets = list.data?.pages.flatMap((page) => page.assets) ?? [];
  const total = list.data?.pages[0]?.pagination?.total_count ?? assets.length;
  const linkTo = (asset: SharedAsset) => sharedAssetPath(shareHash, asset.id);

  if (list.isPending) return <TileSkeletons />;
  if (list.isError) return <LoadError onRetry={() => void list.refetch()} />;
  if (assets.length === 0) return empty;
  return (
    <Stack gap="md" data-testid="shared-assets">
      <Group gap="xs" align="baseline">
        <Title order={2} size="h3">
          Assets
        </Title>
        <Text c="dimmed" size="sm" data-testid="shared-asset-count">
          {total}
        </Text>
      </Group>
      {mode === 'list' ? (
        <SharedAssetTable assets={assets} linkTo={linkTo} />
      ) : (
        <SimpleGrid cols={GRID_COLS} spacing="lg" data-testid="shared-asset-grid">
          {assets.map((asset) => (
            <SharedAssetTile key={asset.id} asset={asset} to={linkTo(asset)} />
          ))}
        </SimpleGrid>
      )}
      {list.hasNextPage && (
        <Button
          variant="default"
          mx="auto"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          Show more
        </Button>
      )}
    </Stack>
  );
}
