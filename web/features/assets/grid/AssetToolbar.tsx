import { memo } from 'react';
import { ActionIcon, Group, Slider, Text, Title, Tooltip } from '@mantine/core';
import { IconKeyboard, IconPhoto } from '@tabler/icons-react';
import { ASSET_SORTS, type AssetsViewOptions, type AssetsViewOptionsChange } from '@common/api/assetLists';
import type { Label } from '@common/api/projects';
import { SortWithDirection } from '@web/components/sort/SortWithDirection';
import { AssetFiltersPopover } from './AssetFiltersPopover';
import classes from './AssetToolbar.module.css';

/**
 * Above the assets (§9): their count, the filters, the nine sorts with a direction, the item
 * size, and the keyboard shortcuts. Every change is saved for the user.
 */
export const AssetToolbar = memo(function AssetToolbar({
  options,
  total,
  labels,
  itemSize,
  onItemSize,
  onChange,
  onHelp,
}: {
  options: AssetsViewOptions;
  total: number | null;
  labels: readonly Label[];
  /** The slider's value: what it was moved to, saved when it stops. */
  itemSize: number;
  onItemSize: (size: number) => void;
  onChange: (change: AssetsViewOptionsChange) => void;
  onHelp: () => void;
}) {
  return (
    <div className={classes.toolbar} data-testid="asset-toolbar">
      <Group gap="xs" align="baseline">
        <Title order={2} size="h3">
          Assets
        </Title>
        {total !== null && (
          <Text c="dimmed" size="sm" data-testid="asset-count">
            {total}
          </Text>
        )}
      </Group>
      <Group gap="sm" wrap="nowrap">
        <AssetFiltersPopover
          filter={options.filter}
          labels={labels}
          onChange={(filter) => onChange({ filter })}
        />
        <SortWithDirection
          sorts={ASSET_SORTS}
          options={options}
          onChange={onChange}
          width={200}
          label="Sort assets by"
          selectTestId="asset-sort"
          directionTestId="asset-sort-direction"
        />
        <Group gap={6} wrap="nowrap" className={classes.size}>
          <IconPhoto size={13} color="var(--mantine-color-dimmed)" aria-hidden />
          <Slider
            w={96}
            size="sm"
            min={0}
            max={100}
            step={5}
            label={null}
            value={itemSize}
            onChange={onItemSize}
            onChangeEnd={(size) => onChange({ item_size: size })}
            thumbLabel="Asset size"
            data-testid="asset-item-size"
          />
          <IconPhoto size={19} color="var(--mantine-color-dimmed)" aria-hidden />
        </Group>
        <Tooltip label="Keyboard shortcuts (?)" withArrow>
          <ActionIcon
            variant="default"
            size={36}
            aria-label="Keyboard shortcuts"
            onClick={onHelp}
            data-testid="asset-shortcuts"
          >
            <IconKeyboard size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </div>
  );
});
