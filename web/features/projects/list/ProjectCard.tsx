import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Project } from '@common/api/projects';
import { truncate } from '@common/text';
import { SelectBox, type Selection } from '@web/components/cards/SelectBox';
import { ProjectActionsMenu } from '../actions/ProjectActionsMenu';
import { DragHandle } from './DragHandle';
import { DueDate, MemberAvatars, ProjectLabels, ProjectStatus } from './ProjectBits';
import { ProjectCover } from './ProjectCover';
import type { SortableBits } from './SortableProjects';
import classes from './ProjectCard.module.css';

/** §9: project titles are cut at 40 characters. */
export const PROJECT_TITLE_MAX = 40;

/** What the grid's card and the list's row say of the project they show, for styles and tests. */
export const projectItemAttributes = (project: Project, selection: Selection, bits: SortableBits) => ({
  'data-selected': selection.selected,
  'data-dragging': bits.isDragging,
  'data-sortable': bits.sortable,
  'data-project-id': project.id,
  'aria-label': project.name,
});

/** A project in the grid: cover, name, status, client, labels, people and due date. */
export function ProjectCard({
  project,
  selection,
  bits,
}: {
  project: Project;
  selection: Selection;
  bits: SortableBits;
}) {
  const to = `/projects/${project.id}`;
  return (
    <article
      className={classes.card}
      data-testid="project-card"
      {...projectItemAttributes(project, selection, bits)}
    >
      {/* A second way in for the pointer: hidden from the keyboard and screen readers, which
          reach the project through its name below. */}
      <Link to={to} className={classes.coverLink} tabIndex={-1} aria-hidden draggable={false}>
        <ProjectCover project={project} />
      </Link>
      <div className={classes.select} data-visible={selection.active || selection.selected}>
        <SelectBox name={project.name} selection={selection} />
      </div>
      <div className={classes.body}>
        <Group justify="space-between" gap={6} wrap="nowrap" align="center">
          <h3 className={classes.heading}>
            <Link
              to={to}
              className={classes.name}
              title={project.name}
              draggable={false}
              data-testid="project-name"
            >
              {truncate(project.name, PROJECT_TITLE_MAX)}
            </Link>
          </h3>
          <Group gap={2} wrap="nowrap">
            <DragHandle name={project.name} bits={bits} />
            <ProjectActionsMenu project={project} />
          </Group>
        </Group>
        <Group justify="space-between" gap={8} wrap="nowrap" mt={-6}>
          <Text size="xs" c="dimmed" truncate title={project.client_name ?? undefined}>
            {project.client_name ?? 'No client'}
          </Text>
          <ProjectStatus project={project} />
        </Group>
        <ProjectLabels labels={project.labels} />
        <div className={classes.footer}>
          <MemberAvatars users={project.users} />
          <DueDate due={project.due_date} />
        </div>
      </div>
    </article>
  );
}
