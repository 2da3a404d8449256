import { Button, Group, Text } from '@mantine/core';
import { IconTrash, IconX } from '@tabler/icons-react';

/** Shown while folders are selected: how many, delete them, or clear the selection. */
export function FolderSelectionBar({
  count,
  onDelete,
  onClear,
}: {
  count: number;
  onDelete: () => void;
  onClear: () => void;
}) {
  return (
    <Group gap="sm" data-testid="folder-selection">
      <Text fw={600} size="sm">
        {count === 1 ? '1 folder selected' : `${count} folders selected`}
      </Text>
      <Button size="xs" color="red" variant="light" leftSection={<IconTrash size={14} />} onClick={onDelete}>
        Delete
      </Button>
      <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={onClear}>
        Clear
      </Button>
    </Group>
  );
}
