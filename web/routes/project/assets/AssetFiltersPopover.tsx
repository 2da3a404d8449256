import { Checkbox, Divider, MultiSelect, SegmentedControl } from '@mantine/core';
import type { AssetFilters } from '@common/api/assetLists';
import type { Label } from '@common/api/projects';
import { assetFilterChips, withoutAssetFilter } from '@common/assetGrid/viewOptions';
import { FilterHeading, FiltersButtonPopover } from '@web/components/filters/FiltersButtonPopover';

const APPROVAL = [
  { value: 'any', label: 'Any' },
  { value: 'confirmed', label: 'Approved' },
  { value: 'pending', label: 'Not approved' },
];
const KINDS = [
  { value: 'any', label: 'All' },
  { value: 'image', label: 'Images' },
  { value: 'document', label: 'Documents' },
];

/** The asset filters: approval, rush, unresolved comments, new for me, kind and labels. */
export function AssetFiltersPopover({
  filter,
  labels,
  onChange,
}: {
  filter: AssetFilters;
  labels: readonly Label[];
  onChange: (filter: AssetFilters) => void;
}) {
  const count = assetFilterChips(filter, labels).length;
  const flag = (key: 'priority' | 'unresolved_comments' | 'new_for_me', on: boolean) =>
    onChange(on ? { ...filter, [key]: true } : withoutAssetFilter(filter, key));

  return (
    <FiltersButtonPopover
      count={count}
      width={320}
      buttonTestId="asset-filters-button"
      dropdownTestId="asset-filters"
      onClear={() => onChange({})}
    >
      <FilterHeading>Approval</FilterHeading>
      <SegmentedControl
        size="xs"
        fullWidth
        aria-label="Approval"
        data={APPROVAL}
        value={filter.approve ?? 'any'}
        onChange={(value) =>
          onChange(
            value === 'confirmed' || value === 'pending'
              ? { ...filter, approve: value }
              : withoutAssetFilter(filter, 'approve'),
          )
        }
      />
      <FilterHeading>Kind</FilterHeading>
      <SegmentedControl
        size="xs"
        fullWidth
        aria-label="Kind"
        data={KINDS}
        value={filter.kind ?? 'any'}
        onChange={(value) =>
          onChange(
            value === 'image' || value === 'document'
              ? { ...filter, kind: value }
              : withoutAssetFilter(filter, 'kind'),
          )
        }
      />
      <Divider />
      <FilterHeading>Show only assets</FilterHeading>
      <Checkbox
        label="Flagged as rush priority"
        checked={filter.priority === true}
        onChange={(event) => flag('priority', event.currentTarget.checked)}
      />
      <Checkbox
        label="With unresolved comments"
        checked={filter.unresolved_comments === true}
        onChange={(event) => flag('unresolved_comments', event.currentTarget.checked)}
      />
      <Checkbox
        label="New for me"
        description="Added, renamed, relabelled or given a round since you last looked"
        checked={filter.new_for_me === true}
        onChange={(event) => flag('new_for_me', event.currentTarget.checked)}
      />
      <Divider />
      <FilterHeading>Labels</FilterHeading>
      <MultiSelect
        size="sm"
        placeholder={labels.length ? 'Any label' : 'No labels yet'}
        disabled={labels.length === 0}
        data={labels.map((l) => ({ value: String(l.id), label: l.name }))}
        value={(filter.label_ids ?? []).map(String)}
        onChange={(values) =>
          onChange(
            values.length > 0
              ? { ...filter, label_ids: values.map(Number) }
              : withoutAssetFilter(filter, 'label_ids'),
          )
        }
        clearable
        comboboxProps={{ withinPortal: false }}
        aria-label="Labels"
      />
    </FiltersButtonPopover>
  );
}
