import { Button, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { IconArchive, IconEyeOff, IconFilterOff, IconFolderPlus, IconFolders } from '@tabler/icons-react';
import type { ProjectListScope } from '@web/features/projects/api/projects';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import classes from './list/ProjectCard.module.css';

const EMPTY_LOOKS = {
  filtered: {
    testId: 'projects-filtered-empty',
    Icon: IconFilterOff,
    title: 'No projects match',
    description: 'No project matches these filters or this search. Clear them to see every project.',
  },
  archived: {
    testId: 'projects-archived-empty',
    Icon: IconArchive,
    title: 'No archived projects',
    description:
      'Projects you archive leave the active list and wait here, unchanged, until you restore them.',
  },
  hidden: {
    testId: 'projects-hidden-empty',
    Icon: IconEyeOff,
    title: 'No hidden projects',
    description:
      'Hide a project to take it out of your list without leaving it. Only you stop seeing it; everyone else still does.',
  },
  active: {
    testId: 'projects-empty',
    Icon: IconFolders,
    title: 'No projects yet',
    description:
      'Create a project to upload your first images and documents and review them with your team. Projects you are invited to appear here too.',
  },
} as const;

/** Nothing to show: no projects yet, nothing archived or hidden, or nothing matches. */
export function ProjectsEmpty({
  scope,
  filtered,
  canCreate,
  onCreate,
  onClearFilters,
  onShowActive,
}: {
  scope: ProjectListScope;
  filtered: boolean;
  canCreate: boolean;
  onCreate: () => void;
  onClearFilters: () => void;
  onShowActive: () => void;
}) {
  const look = EMPTY_LOOKS[filtered ? 'filtered' : scope];
  const action = filtered ? (
    <Button variant="default" leftSection={<IconFilterOff size={16} />} onClick={onClearFilters}>
      Clear filters
    </Button>
  ) : scope === 'active' ? (
    canCreate && (
      <Button leftSection={<IconFolderPlus size={16} />} onClick={onCreate}>
        Create Project
      </Button>
    )
  ) : (
    <Button variant="default" onClick={onShowActive}>
      Show active projects
    </Button>
  );
  return (
    <EmptyPanel
      testId={look.testId}
      icon={<look.Icon size={28} />}
      title={look.title}
      description={look.description}
    >
      {action}
    </EmptyPanel>
  );
}

/** The list while it loads: the shape of what comes. */
export function ProjectsSkeleton({ view, minWidth }: { view: 'grid' | 'list'; minWidth: number }) {
  if (view === 'list')
    return (
      <Paper withBorder p="md" data-testid="projects-loading">
        <Stack gap="md">
          {Array.from({ length: 6 }, (_, i) => (
            <Group key={i} gap="md" wrap="nowrap">
              <Skeleton height={40} width={64} radius="sm" />
              <Skeleton height={12} width="30%" />
              <Skeleton height={12} width="15%" ml="auto" />
            </Group>
          ))}
        </Stack>
      </Paper>
    );
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, minmax(${minWidth}px, 1fr))`,
        gap: 20,
      }}
      data-testid="projects-loading"
    >
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className={classes.card}>
          <Skeleton style={{ aspectRatio: '16 / 10' }} radius={0} />
          <Stack gap={10} p="md">
            <Skeleton height={14} width="70%" />
            <Skeleton height={10} width="40%" />
            <Group justify="space-between" mt={6}>
              <Skeleton height={24} circle />
              <Skeleton height={10} width={70} />
            </Group>
          </Stack>
        </div>
      ))}
    </div>
  );
}
