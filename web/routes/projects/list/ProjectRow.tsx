import { Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Project } from '@common/api/projects';
import { truncate } from '@common/text';
import { SelectBox, type Selection } from '@web/components/cards/SelectBox';
import { ProjectActionsMenu } from '../actions/ProjectActionsMenu';
import { DueDate, MemberAvatars, ProjectLabels, ProjectStatus } from './ProjectBits';
import { PROJECT_TITLE_MAX, projectItemAttributes } from './ProjectCard';
import { ProjectCover, RushBadge } from './ProjectCover';
import { formatLastActivity } from './projectFormat';
import type { SortableBits } from './SortableProjects';
import classes from './ProjectRow.module.css';

export function ProjectTableHead() {
  return (
    <div className={classes.head} role="row">
      <span />
      <span>Project</span>
      <span>Client</span>
      <span>Labels</span>
      <span>People</span>
      <span>Due date</span>
      <span>Last activity</span>
      <span />
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
      <SelectBox name={project.name} selection={selection} />
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
      <Text size="sm" c={project.client_name ? undefined : 'dimmed'} truncate>
        {project.client_name ?? '—'}
      </Text>
      <div style={{ minWidth: 0 }}>
        <ProjectLabels labels={project.labels} max={2} />
      </div>
      <MemberAvatars users={project.users} size={24} />
      <div>
        {project.due_date ? (
          <DueDate due={project.due_date} />
        ) : (
          <Text size="xs" c="dimmed">
            —
          </Text>
        )}
      </div>
      <Text size="xs" c="dimmed">
        {formatLastActivity(project.last_activity_at)}
      </Text>
      <ProjectActionsMenu project={project} />
    </div>
  );
}
