import { SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** Where the folders will be while they load. */
export function FolderSkeletons({ count = 4 }: { count?: number }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="lg" data-testid="folders-loading">
      {Array.from({ length: count }, (_, index) => (
        <Stack key={index} gap={8}>
          <Skeleton radius="lg" style={{ aspectRatio: '16 / 11' }} />
          <Skeleton height={12} width="60%" />
          <Skeleton height={10} width="30%" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}
