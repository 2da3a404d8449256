import {
  Badge,
  Button,
  Checkbox,
  Divider,
  MultiSelect,
  Popover,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { AssetFilters } from '@common/api/assetLists';
import type { Label } from '@common/api/projects';
import { assetFilterChips, withoutAssetFilter } from '@common/assetGrid/viewOptions';

function Heading({ children }: { children: string }) {
  return (
    <Text size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.4}>
      {children}
    </Text>
  );
}

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
    <Popover position="bottom-end" shadow="md" width={320} withinPortal trapFocus>
      <Popover.Target>
        <Button
          variant={count > 0 ? 'light' : 'default'}
          leftSection={<IconFilter size={16} />}
          rightSection={
            count > 0 ? (
              <Badge size="xs" circle variant="filled">
                {count}
              </Badge>
            ) : undefined
          }
          data-testid="asset-filters-button"
        >
          Filters
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="md" data-testid="asset-filters">
        <Stack gap="sm">
          <Heading>Approval</Heading>
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
          <Heading>Kind</Heading>
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
          <Heading>Show only assets</Heading>
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
          <Heading>Labels</Heading>
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
          {count > 0 && (
            <Button variant="subtle" size="xs" onClick={() => onChange({})} ml="auto">
              Clear filters
            </Button>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
