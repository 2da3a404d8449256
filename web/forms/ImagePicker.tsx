import type { ReactNode } from 'react';
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';

/** An image field: its preview, the upload button, and the file rules or the file's problem. */
export function ImagePicker({
  preview,
  accept,
  label,
  hint,
  image,
}: {
  preview: ReactNode;
  /** The file picker's filter ('.jpg,.png'). */
  accept: string;
  /** The upload button's text. */
  label: string;
  /** The rules, shown while there is no error. */
  hint: string;
  /** The field's `usePickedImage`. */
  image: { error: string | null; pick: (file: File) => void };
}) {
  return (
    <Group gap="lg" wrap="nowrap">
      {preview}
      <Stack gap={6}>
        <FileButton accept={accept} onChange={(file) => file && image.pick(file)}>
          {(props) => (
            <Button variant="default" leftSection={<IconUpload size={16} />} {...props}>
              {label}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c={image.error ? 'red' : 'dimmed'} role={image.error ? 'alert' : undefined}>
          {image.error ?? hint}
        </Text>
      </Stack>
    </Group>
  );
}
