import { Skeleton, Stack } from '@mantine/core';

/** The comment list while it loads: `count` cards of a name and two lines. */
export function CommentsSkeleton({ count, testId }: { count: number; testId: string }) {
  return (
    <Stack gap="md" p="md" data-testid={testId} aria-busy>
      {Array.from({ length: count }, (_, i) => (
        <div key={i}>
          <Skeleton height={14} width="45%" mb={10} radius="xl" />
          <Skeleton height={10} mb={6} />
          <Skeleton height={10} width="70%" />
        </div>
      ))}
    </Stack>
  );
}
