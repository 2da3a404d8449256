import { workspaceKeys } from '@web/api/keys';
import { useMemo, useState } from 'react';
import { ActionIcon, Avatar, Group, Paper, Select, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconFolders, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Workspace } from '@common/api/workspaces';
import { formatProjectDate } from '@common/projectDates';
import { truncate } from '@common/text';
import { api } from '@web/api/client';
import { WORKSPACE_NAME_MAX } from '../workspaceLabels';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { LoadError } from '@web/components/page/LoadError';
import {
  DEFAULT_PROJECT_SORT,
  formatSize,
  PROJECT_SORTS,
  sortProjects,
  type ProjectSort,
  type WorkspaceProjectItem,
} from './projectSort';

/** GET /workspaces/{id}/projects, asked only when the workspace counts projects. */
function useWorkspaceProjects(workspace: Workspace) {
  return useQuery({
    queryKey: [...workspaceKeys.scope(workspace.id), 'projects'],
    queryFn: () => api<WorkspaceProjectItem[]>(`/workspaces/${workspace.id}/projects`),
    enabled: workspace.projects_count > 0,
  });
}

function SortControls({ sort, onChange }: { sort: ProjectSort; onChange: (sort: ProjectSort) => void }) {
  const ascending = sort.direction === 'asc';
  return (
    <Group gap="xs">
      <Select
        size="sm"
        w={170}
        aria-label="Sort by"
        data={PROJECT_SORTS.map((s) => ({ value: s.value, label: s.label }))}
        value={sort.by}
        allowDeselect={false}
        onChange={(by) => by && onChange({ ...sort, by })}
      />
      <Tooltip label={ascending ? 'Ascending' : 'Descending'} withArrow>
        <ActionIcon
          variant="default"
          size={36}
          aria-label={ascending ? 'Sort ascending' : 'Sort descending'}
          onClick={() => onChange({ ...sort, direction: ascending ? 'desc' : 'asc' })}
        >
          {ascending ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The Projects tab: the workspace's projects with name, date created and size sorting. */
export function ProjectsTab({ workspace }: { workspace: Workspace }) {
  const [sort, setSort] = useState<ProjectSort>(DEFAULT_PROJECT_SORT);
  const query = useWorkspaceProjects(workspace);
  const projects = useMemo(() => sortProjects(query.data ?? [], sort), [query.data, sort]);
  const empty = workspace.projects_count === 0 || (query.isSuccess && projects.length === 0);

  return (
    <Stack gap="md" data-testid="workspace-projects">
      <Group justify="space-between">
        <div>
          <Title order={3}>Projects</Title>
          <Text size="sm" c="dimmed">
            {workspace.projects_count === 1 ? '1 project' : `${workspace.projects_count} projects`} in this
            workspace
          </Text>
        </div>
        <SortControls sort={sort} onChange={setSort} />
      </Group>
      {empty ? (
        <EmptyPanel
          testId="workspace-projects-empty"
          icon={<IconFolders size={28} />}
          title="No projects yet"
          description="Projects created in this workspace will be listed here, with their size and creation date."
        />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <Paper withBorder>
          <Table verticalSpacing="sm" horizontalSpacing="lg" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Owner</Table.Th>
                <Table.Th>Date created</Table.Th>
                <Table.Th ta="right">Size</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {projects.map((project) => (
                <Table.Tr key={project.id} h={50}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <Avatar src={project.cover_image_url} radius="sm" size={32} name={project.name} />
                      <Text size="sm" fw={500} title={project.name}>
                        {truncate(project.name, WORKSPACE_NAME_MAX)}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{project.owner.name}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatProjectDate(project.created_at)}</Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm">{formatSize(project.storage_used_in_bytes)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
    </Stack>
  );
}
