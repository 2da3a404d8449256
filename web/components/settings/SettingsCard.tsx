import type { ReactNode } from 'react';
import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';

/** A titled block of settings, with its actions in a footer. */
export function SettingsCard({
  title,
  description,
  children,
  footer,
  testId,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="lg" data-testid={testId}>
      <Stack gap="lg" p="xl">
        <Stack gap={4}>
          <Title order={3}>{title}</Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
      {footer && (
        <>
          <Divider color="gray.2" />
          <Group
            justify="flex-end"
            gap="sm"
            px="xl"
            py="md"
            bg="gray.0"
            style={{ borderRadius: '0 0 16px 16px' }}
          >
            {footer}
          </Group>
        </>
      )}
    </Paper>
  );
}
