import type { ReactNode } from 'react';
import { ActionBar, Button, Text, Tooltip } from '@mantine/core';
import {
  IconCircleCheck,
  IconCircleX,
  IconDownload,
  IconFlag3,
  IconFlag3Filled,
  IconFolderSymlink,
  IconSelectAll,
  IconShare2,
  IconTag,
  IconTrash,
} from '@tabler/icons-react';
import type { AssetView } from '@common/api/assets';
import type { AssetAbilities } from '@common/assetGrid/abilities';
import { keepClearOfSnackbars } from '@web/components/snackbar/snackbarClearance';
import type { AssetIntent } from './AssetMenu';

function BarButton({
  icon,
  label,
  onClick,
  danger,
  hint,
}: {
  icon: ReactNode;
  label: string;
  onClick: () => void;
  danger?: boolean;
  hint: string;
}) {
  return (
    <Tooltip label={hint} withArrow openDelay={400}>
      <Button size="xs" variant="subtle" color={danger ? 'red' : 'gray'} leftSection={icon} onClick={onClick}>
        {label}
      </Button>
    </Tooltip>
  );
}

/**
 * What to do with the selected assets, floating at the bottom while any are selected: approve,
 * unapprove, flag, label, move, download, share by link, delete; and select every asset of the list.
 */
export function AssetSelectionBar({
  selected,
  total,
  abilities,
  selectingAll,
  onIntent,
  onSelectAll,
  onClear,
}: {
  selected: readonly AssetView[];
  total: number;
  abilities: AssetAbilities;
  selectingAll: boolean;
  onIntent: (intent: AssetIntent) => void;
  onSelectAll: () => void;
  onClear: () => void;
}) {
  const count = selected.length;
  const allFlagged = count > 0 && selected.every((a) => a.rush_priority);
  return (
    <ActionBar
      opened={count > 0}
      onClose={onClear}
      zIndex={150}
      aria-label="Selected assets"
      data-testid="asset-selection-bar"
      ref={keepClearOfSnackbars}
    >
      <Text size="sm" fw={600} px="xs" data-testid="asset-selection-count">
        {count === 1 ? '1 asset selected' : `${count} assets selected`}
      </Text>
      {count < total && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconSelectAll size={15} />}
          loading={selectingAll}
          onClick={onSelectAll}
        >
          Select all {total}
        </Button>
      )}
      <ActionBar.Divider />
      {abilities.approve && (
        <>
          <BarButton
            icon={<IconCircleCheck size={16} />}
            label="Approve"
            hint="A"
            onClick={() => onIntent('approve')}
          />
          <BarButton
            icon={<IconCircleX size={16} />}
            label="Unapprove"
            hint="U"
            onClick={() => onIntent('unapprove')}
          />
        </>
      )}
      {abilities.flag && (
        <BarButton
          icon={allFlagged ? <IconFlag3Filled size={16} /> : <IconFlag3 size={16} />}
          label={allFlagged ? 'Unflag' : 'Rush'}
          hint="R"
          onClick={() => onIntent(allFlagged ? 'unflag' : 'flag')}
        />
      )}
      {abilities.label && (
        <BarButton
          icon={<IconTag size={16} />}
          label="Label"
          hint="L, or 0–9"
          onClick={() => onIntent('label')}
        />
      )}
      {abilities.move && (
        <BarButton
          icon={<IconFolderSymlink size={16} />}
          label="Move"
          hint="M"
          onClick={() => onIntent('move')}
        />
      )}
      <BarButton
        icon={<IconDownload size={16} />}
        label="Download"
        hint="D"
        onClick={() => onIntent('download')}
      />
      {abilities.share && (
        <BarButton
          icon={<IconShare2 size={16} />}
          label="Share"
          hint="A view-only or review link to these assets"
          onClick={() => onIntent('share')}
        />
      )}
      {abilities.destroy && (
        <BarButton
          icon={<IconTrash size={16} />}
          label="Delete"
          hint="Delete"
          danger
          onClick={() => onIntent('delete')}
        />
      )}
      <ActionBar.Divider />
      <ActionBar.CloseButton aria-label="Clear selection" />
    </ActionBar>
  );
}
