import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';

/** A list's sort: the choice of what to sort by, and a button that turns the direction round. */
export function SortWithDirection<S extends string>({
  sorts,
  sort,
  ascending,
  onSort,
  onToggleDirection,
  width,
  label,
  selectTestId,
  directionTestId,
}: {
  sorts: readonly { value: S; label: string }[];
  sort: S;
  ascending: boolean;
  onSort: (sort: S) => void;
  onToggleDirection: () => void;
  width: number;
  /** The select's accessible name. */
  label: string;
  selectTestId: string;
  directionTestId: string;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <Select
        size="sm"
        w={width}
        aria-label={label}
        data={sorts.map((s) => ({ value: s.value, label: s.label }))}
        value={sort}
        allowDeselect={false}
        onChange={(value) => {
          const picked = sorts.find((s) => s.value === value)?.value;
          if (picked) onSort(picked);
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
          onClick={onToggleDirection}
          data-testid={directionTestId}
        >
          {ascending ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
