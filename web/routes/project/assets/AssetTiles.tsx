import { Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useAssetList } from '@web/api/assets';
import { LoadError } from '@web/components/page/LoadError';
import { AssetTile } from './AssetTile';

const GRID_COLS = { base: 2, sm: 3, lg: 4 } as const;

function AssetSkeletons({ count = 4 }: { count?: number }) {
  return (
    <SimpleGrid cols={GRID_COLS} spacing="lg" data-testid="assets-loading">
      {Array.from({ length: count }, (_, index) => (
        <Stack key={index} gap={8}>
          <Skeleton radius="lg" style={{ aspectRatio: '4 / 3' }} />
          <Skeleton height={12} width="70%" />
          <Skeleton height={10} width="30%" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/**
 * The assets of a project's root or of a folder as tiles (issue 10 item 7), 100 a page with
 * 'Show more'. Tiles still processing are asked for again every 2 s until their previews exist.
 * Nothing shows when there are none: the page's own empty state speaks for it.
 */
export function AssetTiles({ projectId, folderId }: { projectId: number; folderId: number | null }) {
  const list = useAssetList(projectId, folderId);
  const assets = list.data?.pages.flatMap((page) => page.assets) ?? [];
  const total = list.data?.pages[0]?.pagination?.total_count ?? assets.length;

  if (list.isPending) return <AssetSkeletons />;
  if (list.isError) return <LoadError onRetry={() => void list.refetch()} />;
  if (assets.length === 0) return null;

  return (
    <Stack gap="md" data-testid="asset-section">
      <Group gap="xs" align="baseline">
        <Title order={2} size="h3">
          Assets
        </Title>
        <Text c="dimmed" size="sm" data-testid="asset-count">
          {total}
        </Text>
      </Group>
      <SimpleGrid cols={GRID_COLS} spacing="lg" data-testid="asset-grid">
        {assets.map((asset) => (
          <AssetTile key={asset.id} asset={asset} />
        ))}
      </SimpleGrid>
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
