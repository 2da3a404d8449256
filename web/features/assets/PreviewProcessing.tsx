import { Loader, Stack, Text } from '@mantine/core';

/** The middle of a preview whose round is still being processed: a spinner above the words. */
export function PreviewProcessing({ text, className }: { text: string; className?: string }) {
  return (
    <Stack gap={8} align="center" className={className}>
      <Loader size="sm" aria-hidden />
      <Text size="xs" c="dimmed" fw={500}>
        {text}
      </Text>
    </Stack>
  );
}
