import { Badge, Tooltip } from '@mantine/core';
import { IconAlertTriangleFilled, IconFlag3Filled, IconPhoto } from '@tabler/icons-react';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import type { Project } from '@common/api/projects';
import { thumbnailCount } from '../cardStatus';
import { coverGradient, initialsOf } from './projectFormat';
import classes from './ProjectCard.module.css';

/** The flag of a project with rush priority. */
export function RushBadge({ compact = false }: { compact?: boolean }) {
  return (
    <Badge
      color="red"
      variant="filled"
      radius="sm"
      size={compact ? 'xs' : 'sm'}
      leftSection={<IconFlag3Filled size={compact ? 10 : 12} />}
      data-testid="rush-badge"
    >
      Rush
    </Badge>
  );
}

/**
 * A project's picture: its cover, else its first asset's thumbnail, else its initials on a colour
 * of its own. The counter in the corner gives way to an error icon when the workspace is inactive (§2).
 */
export function ProjectCover({ project, size = 'card' }: { project: Project; size?: 'card' | 'thumb' }) {
  const count = thumbnailCount(project);
  const decorated = size === 'card';
  const picture = project.cover_url ?? project.thumbnail_url;
  return (
    <div
      className={classes.cover}
      data-size={size}
      data-picture={project.cover_url ? 'cover' : picture ? 'asset' : 'initials'}
      data-testid="project-cover"
      style={picture ? undefined : { background: coverGradient(project.id) }}
    >
      {picture ? (
        <img src={picture} alt="" className={classes.coverImage} loading="lazy" draggable={false} />
      ) : (
        <span className={classes.initials} aria-hidden>
          {initialsOf(project.name)}
        </span>
      )}
      {decorated && project.rush_priority && (
        <span className={classes.rush}>
          <RushBadge />
        </span>
      )}
      {decorated &&
        (count === null ? (
          <Tooltip label={WORKSPACE_TEXTS.inactiveWorkspace} withArrow>
            <span className={`${classes.count} ${classes.countError}`} data-testid="workspace-error-icon">
              <IconAlertTriangleFilled size={14} aria-label={WORKSPACE_TEXTS.inactiveWorkspace} />
            </span>
          </Tooltip>
        ) : (
          <span className={classes.count} aria-label={`${count} assets`} data-testid="asset-count">
            <IconPhoto size={13} />
            {count}
          </span>
        ))}
    </div>
  );
}
