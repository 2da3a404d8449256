import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

/** Title and one line under it, at the top of every auth page. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={6} mb="xl">
      <Title order={1}>{title}</Title>
      {children && (
        <Text c="dimmed" size="md" lh={1.55}>
          {children}
        </Text>
      )}
    </Stack>
  );
}
