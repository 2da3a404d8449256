import type { ReactNode } from 'react';
import { Box, Group, Stack, Text, Title } from '@mantine/core';

/** The width of pages that show grids of projects, folders and assets. */
export const GRID_PAGE_WIDTH = 1360;

/** The settings pages beside their sidebar: the whole column of a 1440 px screen, capped beyond. */
export const SETTINGS_PAGE_WIDTH = 1200;

/** A page's content column with the app's spacing; `start` keeps it beside a sidebar. */
export function Page({
  children,
  size = 1200,
  align = 'center',
}: {
  children: ReactNode;
  size?: number;
  align?: 'center' | 'start';
}) {
  return (
    <Box w="100%" maw={size} mx={align === 'center' ? 'auto' : 0} px={{ base: 'md', sm: 40 }} py={32}>
      {children}
    </Box>
  );
}

/** The heading of a page: title, an optional line under it, and actions on the right. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" mb="xl" wrap="nowrap">
      <Stack gap={4} miw={0}>
        <Title order={1}>{title}</Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
