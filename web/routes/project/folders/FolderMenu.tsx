import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Folder } from '@common/api/projects';

/** A folder's actions: rename and delete, each only when the user may. */
export function FolderMenu({
  folder,
  canRename,
  canDelete,
  onRename,
  onDelete,
}: {
  folder: Folder;
  canRename: boolean;
  canDelete: boolean;
  onRename: () => void;
  onDelete: () => void;
}) {
  if (!canRename && !canDelete) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={180}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${folder.name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {canRename && (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={onRename}>
            Rename
          </Menu.Item>
        )}
        {canDelete && (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
