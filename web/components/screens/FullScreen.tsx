import type { ReactNode } from 'react';
import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { LogoMark } from '../Logo/Logo';

export interface FullScreenProps {
  icon?: ReactNode;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  testId?: string;
}

/** A whole-window message (maintenance, mobile notice, rotate device): one layout for all. */
export function FullScreen({ icon, title, description, children, testId }: FullScreenProps) {
  return (
    <Center mih="100vh" p="xl" bg="var(--mantine-color-body)" data-testid={testId}>
      <Stack align="center" gap="md" maw={460} ta="center">
        {icon ? (
          <ThemeIcon size={72} radius="xl" variant="light">
            {icon}
          </ThemeIcon>
        ) : (
          <LogoMark size={56} />
        )}
        <Title order={2}>{title}</Title>
        {description && (
          <Text c="dimmed" size="md" lh={1.6}>
            {description}
          </Text>
        )}
        {children}
      </Stack>
    </Center>
  );
}
