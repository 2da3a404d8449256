import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';

/** A list's sort: the choice of what to sort by, and a button that turns the direction round. */
export function SortWithDirection<S extends string>({
  sorts,
  options,
  onChange,
  width,
  label,
  selectTestId,
  directionTestId,
}: {
  sorts: readonly { value: S; label: string }[];
  /** The list's view options: what it is sorted by, and which way. */
  options: { sort: S; sort_ascending: boolean };
  onChange: (change: { sort: S } | { sort_ascending: boolean }) => void;
  width: number;
  /** The select's accessible name. */
  label: string;
  selectTestId: string;
  directionTestId: string;
}) {
  const ascending = options.sort_ascending;
  return (
    <Group gap={6} wrap="nowrap">
      <Select
        size="sm"
        w={width}
        aria-label={label}
        data={sorts.map((s) => ({ value: s.value, label: s.label }))}
        value={options.sort}
        allowDeselect={false}
        onChange={(value) => {
          const sort = sorts.find((s) => s.value === value)?.value;
          if (sort) onChange({ sort });
        }}
        comboboxProps={{ withinPortal: true }}
        data-testid={selectTestId}
      />
      <Tooltip label={ascending ? 'Ascending' : 'Descending'} withArrow>
        <ActionIcon
          variant="default"
          size={36}
          aria-label={ascending ? 'Sort ascending' : 'Sort descending'}
          aria-pressed={!ascending}
          onClick={() => onChange({ sort_ascending: !ascending })}
          data-testid={directionTestId}
        >
          {ascending ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
