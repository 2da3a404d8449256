import { CloseButton, Group, Pill } from '@mantine/core';
import { assetFilterChips, withoutAssetFilter } from '@common/assetGrid/viewOptions';
import type { AssetFilterProps } from './AssetFiltersPopover';

/** The active filters under the toolbar, each removable, and a way to clear them all. */
export function AssetFilterChips({ filter, labels, onChange }: AssetFilterProps) {
  const chips = assetFilterChips(filter, labels);
  if (chips.length === 0) return null;
  return (
    <Group gap={6} data-testid="asset-filter-chips">
      {chips.map((chip) => (
        <Pill
          key={chip.key}
          size="md"
          withRemoveButton
          removeButtonProps={{ 'aria-label': `Remove filter ${chip.label}` }}
          onRemove={() => onChange(withoutAssetFilter(filter, chip.key))}
        >
          {chip.label}
        </Pill>
      ))}
      <CloseButton size="sm" aria-label="Clear all filters" onClick={() => onChange({})} />
    </Group>
  );
}
