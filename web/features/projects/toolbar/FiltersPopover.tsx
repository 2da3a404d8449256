import { Checkbox, Chip, Divider, Group, Select } from '@mantine/core';
import type { Label, ProjectFilters } from '@common/api/projects';
import { PROJECT_ROLE_NAMES } from '@common/projectRoles';
import type { Workspace } from '@common/api/workspaces';
import { FilterHeading, FiltersButtonPopover } from '@web/components/filters/FiltersButtonPopover';
import { filterChips, roleFilterLabel, withoutFilter } from '../viewOptions';

/** The label filter's choices, grouped by workspace when the user is in more than one. */
function labelData(labels: readonly Label[], workspaces: readonly Workspace[]) {
  const option = (l: Label) => ({ value: String(l.id), label: l.name });
  if (workspaces.length <= 1) return labels.map(option);
  return workspaces
    .map((w) => ({ group: w.name, items: labels.filter((l) => l.labellable_id === w.id).map(option) }))
    .filter((g) => g.items.length > 0);
}

/**
 * The list's filters (§9): priority, new assets, unresolved comments, 'I'm {role name}', and a
 * workspace label.
 */
export function FiltersPopover({
  filter,
  labels,
  workspaces,
  onChange,
}: {
  filter: ProjectFilters;
  labels: readonly Label[];
  workspaces: readonly Workspace[];
  onChange: (filter: ProjectFilters) => void;
}) {
  const count = filterChips(filter, labels).length;
  const flag = (key: 'priority' | 'new_assets' | 'unresolved_comments', on: boolean) =>
    onChange(on ? { ...filter, [key]: true } : withoutFilter(filter, key));

  return (
    <FiltersButtonPopover
      count={count}
      width={300}
      buttonTestId="filters-button"
      dropdownTestId="filters-popover"
      onClear={() => onChange({})}
    >
      <FilterHeading>Show only projects with</FilterHeading>
      <Checkbox
        label="Priority"
        description="Flagged as rush priority"
        checked={filter.priority === true}
        onChange={(event) => flag('priority', event.currentTarget.checked)}
      />
      <Checkbox
        label="New assets"
        checked={filter.new_assets === true}
        onChange={(event) => flag('new_assets', event.currentTarget.checked)}
      />
      <Checkbox
        label="Unresolved comments"
        checked={filter.unresolved_comments === true}
        onChange={(event) => flag('unresolved_comments', event.currentTarget.checked)}
      />
      <Divider />
      <FilterHeading>My role</FilterHeading>
      <Chip.Group
        value={filter.role ?? null}
        onChange={(role) => onChange(role ? { ...filter, role: role } : withoutFilter(filter, 'role'))}
      >
        <Group gap={6}>
          {PROJECT_ROLE_NAMES.map((role) => (
            <Chip
              key={role}
              value={role}
              size="xs"
              onClick={() => filter.role === role && onChange(withoutFilter(filter, 'role'))}
            >
              {roleFilterLabel(role)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Divider />
      <FilterHeading>Label</FilterHeading>
      <Select
        size="sm"
        placeholder={labels.length ? 'Any label' : 'No labels yet'}
        disabled={labels.length === 0}
        data={labelData(labels, workspaces)}
        value={filter.label_id === undefined ? null : String(filter.label_id)}
        onChange={(value) =>
          onChange(value ? { ...filter, label_id: Number(value) } : withoutFilter(filter, 'label_id'))
        }
        clearable
        searchable
        comboboxProps={{ withinPortal: false }}
        aria-label="Label"
      />
    </FiltersButtonPopover>
  );
}
