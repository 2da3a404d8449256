import type { ReactNode } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  IconDownload,
  IconFlag3,
  IconFlag3Filled,
  IconHistory,
  IconLink,
  IconSettings,
  IconUserPlus,
} from '@tabler/icons-react';
import type { Project } from '@common/api/projects';
import { can } from '@common/projectRoles';
import { actorOf, canDownloadProject, DueDate, MemberAvatars, useQuickActions } from '@web/features/projects';
import { TasksButton } from '@web/features/tasks';
import { CommentExportMenu } from '@web/features/comments';
import type { ProjectPanel } from './useProjectPanels';

/** The rush priority flag: a toggle for who may flag, a plain mark for the others. */
function RushFlag({ project }: { project: Project }) {
  const quick = useQuickActions();
  const flagged = project.rush_priority;
  if (!can(actorOf(project), 'projects.flag')) {
    return flagged ? (
      <Badge color="red" variant="filled" radius="sm" leftSection={<IconFlag3Filled size={12} />}>
        Rush
      </Badge>
    ) : null;
  }
  const label = flagged ? 'Remove rush priority flag' : 'Flag as rush priority';
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant={flagged ? 'filled' : 'subtle'}
        color={flagged ? 'red' : 'gray'}
        size="lg"
        radius="md"
        aria-label={label}
        aria-pressed={flagged}
        data-testid="rush-flag"
        onClick={() => quick(flagged ? 'unflag' : 'flag', [project.id])}
      >
        {flagged ? <IconFlag3Filled size={18} /> : <IconFlag3 size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}

/** Client, workspace and due date under the title, each only when there is one. */
function ProjectFacts({ project }: { project: Project }) {
  const parts = [project.client_name, project.workspace.name].filter(Boolean);
  return (
    <Group gap="sm" wrap="nowrap" c="dimmed">
      <Text size="sm" c="dimmed" truncate data-testid="project-facts">
        {parts.join(' · ')}
      </Text>
      {!project.workspace.is_active && (
        <Badge color="red" variant="light" radius="sm" tt="none">
          Suspended
        </Badge>
      )}
      <DueDate due={project.due_date} />
    </Group>
  );
}

/**
 * The top of a project page: name (or the open folder's), rush flag, people, and the project's
 * buttons: Invite, Share, Download (on the project page), Activity, Settings.
 */
export function ProjectHeader({
  project,
  title,
  eyebrow,
  facts,
  titleAction,
  downloadable = false,
  onOpen,
}: {
  project: Project;
  /** The project name, or the folder's on a folder page. */
  title: ReactNode;
  /** A line above the title (the folder page names its project there). */
  eyebrow?: ReactNode;
  /** The line under the title; the project's client, workspace and due date by default. */
  facts?: ReactNode;
  /** Beside the title: the rush flag on the project page, the folder's menu on a folder page. */
  titleAction?: ReactNode;
  /** Offer the whole project's download (the project page; a folder page has its folder's). */
  downloadable?: boolean;
  onOpen: (panel: ProjectPanel) => void;
}) {
  const actor = actorOf(project);
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xl" gap="xl">
      <Stack gap={6} miw={0}>
        {eyebrow}
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Title order={1} lineClamp={2} style={{ wordBreak: 'break-word' }} data-testid="project-title">
            {title}
          </Title>
          {titleAction ?? <RushFlag project={project} />}
        </Group>
        {facts ?? <ProjectFacts project={project} />}
      </Stack>
      <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
        <button
          type="button"
          onClick={() => onOpen('invite')}
          style={{ background: 'none', border: 0, padding: 0, cursor: 'pointer' }}
        >
          {/* The faces are a picture of the people, not the button's label. */}
          <VisuallyHidden>People in this project</VisuallyHidden>
          <span aria-hidden style={{ display: 'flex' }}>
            <MemberAvatars users={project.users} size={32} />
          </span>
        </button>
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => onOpen('invite')}>
          Invite
        </Button>
        {can(actor, 'projects.share') && (
          <Button variant="default" leftSection={<IconLink size={16} />} onClick={() => onOpen('share')}>
            Share
          </Button>
        )}
        {downloadable && canDownloadProject(actor) && (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => onOpen('download')}
            data-testid="project-download"
          >
            Download
          </Button>
        )}
        {can(actor, 'tasks.see') && <TasksButton projectId={project.id} />}
        {downloadable && can(actor, 'comments.see') && (
          <CommentExportMenu target={{ project: project.id }} variant="button" />
        )}
        <Button variant="default" leftSection={<IconHistory size={16} />} onClick={() => onOpen('activity')}>
          Activity
        </Button>
        <Button variant="default" leftSection={<IconSettings size={16} />} onClick={() => onOpen('settings')}>
          Settings
        </Button>
      </Group>
    </Group>
  );
}
