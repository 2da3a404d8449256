import {
  CloseButton,
  Group,
  SegmentedControl,
  Slider,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconLayoutGrid, IconList, IconPhoto, IconSearch } from '@tabler/icons-react';
import { PROJECT_SORTS, type Label, type ProjectsViewOptions } from '@common/api/projects';
import type { Workspace } from '@common/api/workspaces';
import type { ProjectListScope } from '@web/features/projects/api/projects';
import { SortWithDirection } from '@web/components/sort/SortWithDirection';
import { FiltersPopover } from './FiltersPopover';
import classes from './ProjectsToolbar.module.css';

const SCOPES: { value: ProjectListScope; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'hidden', label: 'Hidden' },
];

function IconLabel({ icon, text }: { icon: React.ReactNode; text: string }) {
  return (
    <Tooltip label={text} withArrow openDelay={300}>
      <span className={classes.iconLabel}>
        {icon}
        <VisuallyHidden>{text}</VisuallyHidden>
      </span>
    </Tooltip>
  );
}

/**
 * The list's controls (§9): active / archived / hidden, search, filters, the sort with its
 * direction, grid or list, and the item size. Every change but the search is saved per user.
 */
export function ProjectsToolbar({
  options,
  scope,
  search,
  labels,
  workspaces,
  onScope,
  onSearch,
  onChange,
  itemSize,
  onItemSize,
  onItemSizeEnd,
}: {
  options: ProjectsViewOptions;
  scope: ProjectListScope;
  search: string;
  labels: readonly Label[];
  workspaces: readonly Workspace[];
  onScope: (scope: ProjectListScope) => void;
  onSearch: (search: string) => void;
  onChange: (patch: Partial<ProjectsViewOptions>) => void;
  /** The slider's value while it moves; saved when it stops. */
  itemSize: number;
  onItemSize: (size: number) => void;
  onItemSizeEnd: (size: number) => void;
}) {
  return (
    <div className={classes.toolbar} data-testid="projects-toolbar">
      <Group gap="sm" wrap="nowrap">
        <SegmentedControl
          aria-label="Projects shown"
          value={scope}
          onChange={(value) => onScope(value)}
          data={SCOPES}
          data-testid="scope-control"
        />
        <TextInput
          size="sm"
          w={240}
          placeholder="Search name or client"
          aria-label="Search projects"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          rightSection={
            search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onSearch('')} /> : null
          }
        />
      </Group>
      <Group gap="sm" wrap="nowrap">
        <FiltersPopover
          filter={options.filter}
          labels={labels}
          workspaces={workspaces}
          onChange={(filter) => onChange({ filter })}
        />
        <SortWithDirection
          sorts={PROJECT_SORTS}
          options={options}
          onChange={onChange}
          width={190}
          label="Sort by"
          selectTestId="sort-select"
          directionTestId="sort-direction"
        />
        <SegmentedControl
          aria-label="View"
          value={options.view}
          onChange={(view) => onChange({ view: view === 'list' ? 'list' : 'grid' })}
          data={[
            { value: 'grid', label: <IconLabel icon={<IconLayoutGrid size={16} />} text="Grid view" /> },
            { value: 'list', label: <IconLabel icon={<IconList size={16} />} text="List view" /> },
          ]}
          data-testid="view-control"
        />
        <Group gap={6} wrap="nowrap" className={classes.size}>
          <IconPhoto size={13} color="var(--mantine-color-dimmed)" />
          <Slider
            w={96}
            size="sm"
            min={0}
            max={100}
            step={5}
            label={null}
            value={itemSize}
            onChange={onItemSize}
            onChangeEnd={onItemSizeEnd}
            thumbLabel="Item size"
            aria-label="Item size"
            data-testid="item-size"
          />
          <IconPhoto size={19} color="var(--mantine-color-dimmed)" />
        </Group>
      </Group>
    </div>
  );
}
