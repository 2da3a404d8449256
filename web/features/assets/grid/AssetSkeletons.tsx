import { SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** Where the assets will be while their first page loads. */
export function AssetSkeletons({ count = 5 }: { count?: number }) {
  return (
    <Stack gap="md" data-testid="assets-loading">
      <Skeleton height={28} width={140} />
      <SimpleGrid cols={count} spacing={16}>
        {Array.from({ length: count }, (_, index) => (
          <Stack key={index} gap={8}>
            <Skeleton radius="lg" style={{ aspectRatio: '4 / 3' }} />
            <Skeleton height={12} width="70%" />
            <Skeleton height={10} width="30%" />
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
