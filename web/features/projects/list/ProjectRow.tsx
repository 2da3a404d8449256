import type { ReactNode } from 'react';
import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { Project } from '@common/api/projects';
import { truncate } from '@common/text';
import { SelectBox, type Selection } from '@web/components/cards/SelectBox';
import { ProjectActionsMenu } from '../actions/ProjectActionsMenu';
import { DragHandle } from './DragHandle';
import { DueDate, MemberAvatars, ProjectLabels, ProjectStatus } from './ProjectBits';
import { PROJECT_TITLE_MAX, projectItemAttributes } from './ProjectCard';
import { ProjectCover, RushBadge } from './ProjectCover';
import { formatLastActivity } from './projectFormat';
import type { SortableBits } from './SortableProjects';
import classes from './ProjectRow.module.css';

export function ProjectTableHead() {
  return (
    <div className={classes.head} role="row">
      <span role="columnheader">
        <VisuallyHidden>Select</VisuallyHidden>
      </span>
      <span role="columnheader">Project</span>
      <span role="columnheader">Client</span>
      <span role="columnheader">Labels</span>
      <span role="columnheader">People</span>
      <span role="columnheader">Due date</span>
      <span role="columnheader">Last activity</span>
      <span role="columnheader">
        <VisuallyHidden>Actions</VisuallyHidden>
      </span>
    </div>
  );
}

/** One column of a row: a table cell for screen readers, a grid item for the eye. */
function Cell({ children }: { children: ReactNode }) {
  return (
    <div role="cell" className={classes.cell}>
      {children}
    </div>
  );
}

/** The thumbnail's height follows the item size slider: 30 px to 60 px. */
export const rowThumbHeight = (itemSize: number) =>
  Math.round(30 + Math.min(100, Math.max(0, itemSize)) * 0.3);

/** A project in the list view. */
export function ProjectRow({
  project,
  selection,
  bits,
  itemSize,
}: {
  project: Project;
  selection: Selection;
  bits: SortableBits;
  itemSize: number;
}) {
  const height = rowThumbHeight(itemSize);
  return (
    <div
      className={classes.row}
      data-testid="project-row"
      role="row"
      {...projectItemAttributes(project, selection, bits)}
    >
      <Cell>
        <SelectBox name={project.name} selection={selection} />
      </Cell>
      <Cell>
        <Link
          to={`/projects/${project.id}`}
          className={classes.nameCell}
          draggable={false}
          title={project.name}
        >
          <div className={classes.thumb} style={{ height }}>
            <ProjectCover project={project} size="thumb" />
          </div>
          <Stack gap={2} miw={0}>
            <Group gap={8} wrap="nowrap" miw={0}>
              <span className={classes.name} data-testid="project-name">
                {truncate(project.name, PROJECT_TITLE_MAX)}
              </span>
              {project.rush_priority && <RushBadge compact />}
            </Group>
            <ProjectStatus project={project} />
          </Stack>
        </Link>
      </Cell>
      <Cell>
        <Text size="sm" c={project.client_name ? undefined : 'dimmed'} truncate>
          {project.client_name ?? '—'}
        </Text>
      </Cell>
      <Cell>
        <ProjectLabels labels={project.labels} max={2} />
      </Cell>
      <Cell>
        <MemberAvatars users={project.users} size={24} />
      </Cell>
      <Cell>
        {project.due_date ? (
          <DueDate due={project.due_date} />
        ) : (
          <Text size="xs" c="dimmed">
            —
          </Text>
        )}
      </Cell>
      <Cell>
        <Text size="xs" c="dimmed">
          {formatLastActivity(project.last_activity_at)}
        </Text>
      </Cell>
      <Cell>
        <Group gap={2} wrap="nowrap" justify="flex-end">
          <DragHandle name={project.name} bits={bits} />
          <ProjectActionsMenu project={project} />
        </Group>
      </Cell>
    </div>
  );
}
