import { useMemo, useState } from 'react';
import { Badge, Button, CloseButton, Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import type { Project } from '@common/api/projects';
import { plural } from '@common/text';
import { useLabelsOfWorkspaces } from '@web/features/labels';
import { useProjectList, type ProjectListScope } from '../api/projects';
import { useCreateProjectFlow } from '../CreateProjectFlow';
import { ProjectsEmpty, ProjectsSkeleton } from '../ProjectsStates';
import { SelectionBar } from '../SelectionBar';
import { ProjectsToolbar } from '../toolbar/ProjectsToolbar';
import { useManualOrder } from '../useManualOrder';
import { useProjectsView } from '../useProjectsView';
import { canReorder, cardMinWidth, filterChips, listParams, withoutFilter } from '../viewOptions';
import { ProjectCard } from './ProjectCard';
import { ProjectRow, ProjectTableHead } from './ProjectRow';
import rowClasses from './ProjectRow.module.css';
import { SortableProjects } from './SortableProjects';
import { useMyWorkspaces } from '@web/features/workspaces';
import { LoadError } from '@web/components/page/LoadError';
import { Page, PageHeader, GRID_PAGE_WIDTH } from '@web/components/page/Page';
import gridClasses from './ProjectList.module.css';

const SCOPE_PARAM = 'show';

const SCOPE_NOUN: Record<ProjectListScope, string> = {
  active: 'active project',
  archived: 'archived project',
  hidden: 'hidden project',
};

/**
 * The project list with its views, sorting, filters, manual order and selection (§2, §9); the
 * screen provides the actions its menus open.
 */
export function ProjectList() {
  const { options, update, ready } = useProjectsView();
  const createFlow = useCreateProjectFlow();
  const workspaces = useMyWorkspaces();
  const labels = useLabelsOfWorkspaces((workspaces.data ?? []).map((w) => w.id));
  const [params, setParams] = useSearchParams();
  const scope: ProjectListScope =
    params.get(SCOPE_PARAM) === 'hidden' ? 'hidden' : options.show_archived ? 'archived' : 'active';

  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  // The slider's value while it moves; the saved one otherwise.
  const [movingSize, setMovingSize] = useState<number | null>(null);
  const itemSize = movingSize ?? options.item_size;

  const query = listParams(options, debouncedSearch);
  const list = useProjectList(scope, query, ready);
  const projects = useMemo(() => list.data?.pages.flatMap((p) => p.projects) ?? [], [list.data]);
  const total = list.data?.pages.at(-1)?.pagination?.total_count ?? projects.length;
  const reorder = useManualOrder(scope, options, debouncedSearch);
  const sortable = canReorder(options, debouncedSearch) && projects.length > 1;

  // A selection belongs to the list it was made in.
  const [picked, setPicked] = useState<{ scope: ProjectListScope; ids: number[] }>({ scope, ids: [] });
  const selectedIds = picked.scope === scope ? picked.ids : [];
  const setSelectedIds = (change: (ids: number[]) => number[]) =>
    setPicked({ scope, ids: change(selectedIds) });
  const selected = projects.filter((p) => selectedIds.includes(p.id));
  const selection = (project: Project) => ({
    selected: selectedIds.includes(project.id),
    active: selectedIds.length > 0,
    toggle: () =>
      setSelectedIds((ids) =>
        ids.includes(project.id) ? ids.filter((id) => id !== project.id) : [...ids, project.id],
      ),
  });

  const chips = filterChips(options.filter, labels);
  const filtered = chips.length > 0 || debouncedSearch.trim() !== '';
  const clearFilters = () => {
    setSearch('');
    update({ filter: {} });
  };
  function changeScope(next: ProjectListScope) {
    const updated = new URLSearchParams(params);
    if (next === 'hidden') updated.set(SCOPE_PARAM, 'hidden');
    else updated.delete(SCOPE_PARAM);
    setParams(updated, { replace: true });
    if (next !== 'hidden' && (next === 'archived') !== options.show_archived)
      update({ show_archived: next === 'archived' });
  }

  const loading = !ready || list.isPending;
  return (
    <Page size={GRID_PAGE_WIDTH}>
      <PageHeader
        title="Projects"
        description={loading || list.isError ? ' ' : plural(total, SCOPE_NOUN[scope])}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={createFlow.start}
            disabled={!createFlow.ready}
          >
            New Project
          </Button>
        }
      />
      <ProjectsToolbar
        options={options}
        scope={scope}
        search={search}
        labels={labels}
        workspaces={workspaces.data ?? []}
        itemSize={itemSize}
        onScope={changeScope}
        onSearch={setSearch}
        onChange={update}
        onItemSize={setMovingSize}
        onItemSizeEnd={(size) => {
          update({ item_size: size });
          setMovingSize(null);
        }}
      />
      {chips.length > 0 && (
        <Group gap={6} mb="md" data-testid="filter-chips">
          <Text size="xs" c="dimmed" fw={500}>
            Filtered by
          </Text>
          {chips.map((chip) => (
            <Badge
              key={chip.key}
              variant="light"
              radius="sm"
              tt="none"
              pr={3}
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={`Remove filter ${chip.label}`}
                  onClick={() => update({ filter: withoutFilter(options.filter, chip.key) })}
                />
              }
            >
              {chip.label}
            </Badge>
          ))}
          <Button variant="subtle" size="compact-xs" onClick={clearFilters}>
            Clear filters
          </Button>
        </Group>
      )}
      {loading ? (
        <ProjectsSkeleton view={options.view} minWidth={cardMinWidth(itemSize)} />
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : projects.length === 0 ? (
        <ProjectsEmpty
          scope={scope}
          filtered={filtered}
          canCreate={createFlow.ready}
          onCreate={createFlow.start}
          onClearFilters={clearFilters}
          onShowActive={() => changeScope('active')}
        />
      ) : options.view === 'list' ? (
        <div className={rowClasses.table} role="table" aria-label="Projects" data-testid="projects-list">
          <ProjectTableHead />
          <SortableProjects
            items={projects}
            enabled={sortable}
            layout="list"
            onReorder={(ids) => reorder(ids, projects)}
          >
            {(project, bits) => (
              <ProjectRow
                key={project.id}
                project={project}
                selection={selection(project)}
                bits={bits}
                itemSize={itemSize}
              />
            )}
          </SortableProjects>
        </div>
      ) : (
        <div
          className={gridClasses.grid}
          style={{ gridTemplateColumns: `repeat(auto-fill, minmax(${cardMinWidth(itemSize)}px, 1fr))` }}
          data-testid="projects-grid"
        >
          <SortableProjects
            items={projects}
            enabled={sortable}
            layout="grid"
            onReorder={(ids) => reorder(ids, projects)}
          >
            {(project, bits) => (
              <ProjectCard key={project.id} project={project} selection={selection(project)} bits={bits} />
            )}
          </SortableProjects>
        </div>
      )}
      {list.hasNextPage && (
        <Group justify="center" mt="xl">
          <Button
            variant="default"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Load more projects
          </Button>
        </Group>
      )}
      <SelectionBar selected={selected} onClear={() => setSelectedIds(() => [])} />
    </Page>
  );
}
