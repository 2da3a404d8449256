import { Checkbox, Divider, MultiSelect, SegmentedControl } from '@mantine/core';
import type { AssetFilters } from '@common/api/assetLists';
import { ASSET_DECISION_LABELS } from '@common/api/decisions';
import type { Label } from '@common/api/projects';
import { assetFilterChips, withoutAssetFilter } from '@common/assetGrid/viewOptions';
import { FilterHeading, FiltersButtonPopover } from '@web/components/filters/FiltersButtonPopover';

/** What the asset filters' controls take: the filter on, the project's labels, and the change. */
export interface AssetFilterProps {
  filter: AssetFilters;
  labels: readonly Label[];
  onChange: (filter: AssetFilters) => void;
}

const APPROVAL = [
  { value: 'confirmed', label: 'Approved' },
  { value: 'pending', label: 'Not approved' },
] as const;
const KINDS = [
  { value: 'image', label: 'Images' },
  { value: 'document', label: 'Documents' },
] as const;

/** A filter of one choice or none: its heading, then the choices after 'any'. */
function OneOfFilter<V extends string>({
  label,
  anyLabel,
  choices,
  value,
  onChange,
}: {
  label: string;
  anyLabel: string;
  choices: readonly { value: V; label: string }[];
  value: V | undefined;
  onChange: (value: V | undefined) => void;
}) {
  return (
    <>
      <FilterHeading>{label}</FilterHeading>
      <SegmentedControl
        size="xs"
        fullWidth
        aria-label={label}
        data={[{ value: 'any', label: anyLabel }, ...choices]}
        value={value ?? 'any'}
        onChange={(picked) => onChange(choices.find((c) => c.value === picked)?.value)}
      />
    </>
  );
}

/** The asset filters: approval, rush, unresolved comments, changes requested, new for me, kind and labels. */
export function AssetFiltersPopover({ filter, labels, onChange }: AssetFilterProps) {
  const count = assetFilterChips(filter, labels).length;
  const flag = (key: 'priority' | 'unresolved_comments' | 'new_for_me', on: boolean) =>
    onChange(on ? { ...filter, [key]: true } : withoutAssetFilter(filter, key));
  const choose = <K extends 'approve' | 'kind'>(key: K, value: AssetFilters[K]) =>
    onChange(value ? { ...filter, [key]: value } : withoutAssetFilter(filter, key));

  return (
    <FiltersButtonPopover
      count={count}
      width={320}
      buttonTestId="asset-filters-button"
      dropdownTestId="asset-filters"
      onClear={() => onChange({})}
    >
      <OneOfFilter
        label="Approval"
        anyLabel="Any"
        choices={APPROVAL}
        value={filter.approve}
        onChange={(approve) => choose('approve', approve)}
      />
      <OneOfFilter
        label="Kind"
        anyLabel="All"
        choices={KINDS}
        value={filter.kind}
        onChange={(kind) => choose('kind', kind)}
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
        label={ASSET_DECISION_LABELS.changes_requested}
        description="A reviewer asked for changes on the current round"
        checked={filter.decision === 'changes_requested'}
        onChange={(event) =>
          onChange(
            event.currentTarget.checked
              ? { ...filter, decision: 'changes_requested' }
              : withoutAssetFilter(filter, 'decision'),
          )
        }
        data-testid="filter-changes-requested"
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
