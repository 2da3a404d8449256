import { ActionIcon, Menu } from '@mantine/core';
import {
  IconCircleCheck,
  IconCircleX,
  IconDots,
  IconDownload,
  IconExternalLink,
  IconFlag3,
  IconFlag3Filled,
  IconFolderSymlink,
  IconPencil,
  IconShare2,
  IconTag,
  IconTrash,
} from '@tabler/icons-react';
import type { AssetView } from '@common/api/assets';
import type { AssetAbilities } from '@common/assetGrid/abilities';

/** What a menu or a key asks the grid to do with some assets. */
export type AssetIntent =
  | 'open'
  | 'rename'
  | 'approve'
  | 'unapprove'
  | 'flag'
  | 'unflag'
  | 'label'
  | 'move'
  | 'download'
  | 'share'
  | 'delete';

/** One asset's actions, each only when the user may take it. */
export function AssetMenu({
  asset,
  abilities,
  tabbable,
  onIntent,
}: {
  asset: AssetView;
  abilities: AssetAbilities;
  /** Only the grid's current tile puts its menu in the tab order. */
  tabbable: boolean;
  onIntent: (intent: AssetIntent) => void;
}) {
  const approved = asset.approve === 'confirmed';
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={210}>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size={28}
          radius="md"
          aria-label={`Actions for ${asset.name}`}
          tabIndex={tabbable ? 0 : -1}
          data-testid="asset-menu"
          // The tile selects on click and drags on press: the menu does neither.
          onClick={(event) => event.stopPropagation()}
          onPointerDown={(event) => event.stopPropagation()}
          onDoubleClick={(event) => event.stopPropagation()}
        >
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        <Menu.Item leftSection={<IconExternalLink size={16} />} onClick={() => onIntent('open')}>
          Open
        </Menu.Item>
        {abilities.rename && (
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onIntent('rename')}>
            Rename
          </Menu.Item>
        )}
        {abilities.approve && (
          <Menu.Item
            leftSection={approved ? <IconCircleX size={16} /> : <IconCircleCheck size={16} />}
            onClick={() => onIntent(approved ? 'unapprove' : 'approve')}
          >
            {approved ? 'Unapprove' : 'Approve'}
          </Menu.Item>
        )}
        {abilities.flag && (
          <Menu.Item
            leftSection={asset.rush_priority ? <IconFlag3Filled size={16} /> : <IconFlag3 size={16} />}
            onClick={() => onIntent(asset.rush_priority ? 'unflag' : 'flag')}
          >
            {asset.rush_priority ? 'Remove rush flag' : 'Flag as rush'}
          </Menu.Item>
        )}
        {abilities.label && (
          <Menu.Item leftSection={<IconTag size={16} />} onClick={() => onIntent('label')}>
            Label…
          </Menu.Item>
        )}
        {abilities.move && (
          <Menu.Item leftSection={<IconFolderSymlink size={16} />} onClick={() => onIntent('move')}>
            Move to…
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => onIntent('download')}>
          Download…
        </Menu.Item>
        {abilities.share && (
          <Menu.Item leftSection={<IconShare2 size={16} />} onClick={() => onIntent('share')}>
            Share link…
          </Menu.Item>
        )}
        {abilities.destroy && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onIntent('delete')}>
              Delete
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
