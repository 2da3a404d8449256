import type { ReactNode } from 'react';
import { EmptyState, Paper } from '@mantine/core';

/** An empty state inside a bordered panel: icon, title, honest description, optional actions. */
export function EmptyPanel({
  icon,
  title,
  description,
  children,
  testId,
}: {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder py={64} px="xl" data-testid={testId ?? 'empty-state'}>
      <EmptyState
        icon={icon}
        title={title}
        description={description}
        variant="light"
        size="md"
        maw={480}
        mx="auto"
      >
        {children && <EmptyState.Actions>{children}</EmptyState.Actions>}
      </EmptyState>
    </Paper>
  );
}
