import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconDownload, IconPencil, IconShare2, IconTrash } from '@tabler/icons-react';
import type { Folder } from '@common/api/projects';

/** A folder's actions: rename, download, share by link and delete, each only when the user may. */
export function FolderMenu({
  folder,
  canRename,
  canDownload,
  canDelete,
  canShare = false,
  onRename,
  onDownload,
  onShare,
  onDelete,
}: {
  folder: Folder;
  canRename: boolean;
  canDownload: boolean;
  canDelete: boolean;
  /** A view-only or review link to the folder (projects.share). */
  canShare?: boolean;
  onRename: () => void;
  onDownload: () => void;
  onShare?: () => void;
  onDelete: () => void;
}) {
  if (!canRename && !canDownload && !canDelete && !canShare) return null;
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
        {canDownload && (
          <Menu.Item leftSection={<IconDownload size={16} />} onClick={onDownload}>
            Download
          </Menu.Item>
        )}
        {canShare && onShare && (
          <Menu.Item leftSection={<IconShare2 size={16} />} onClick={onShare}>
            Share link…
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
