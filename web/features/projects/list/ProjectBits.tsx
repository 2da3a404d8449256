import { Avatar, Group, Text, Tooltip } from '@mantine/core';
import { IconCalendarDue } from '@tabler/icons-react';
import type { Project } from '@common/api/projects';
import { UserAvatar } from '@web/components/UserAvatar/UserAvatar';
import { LabelChip } from '@web/features/labels';
import { projectStatusText, type ProjectStatusText } from '../cardStatus';
import { formatProjectDate } from '@common/projectDates';
import { isOverdue, localToday } from './projectFormat';

const STATUS_COLOR: Record<ProjectStatusText, string> = {
  New: 'brand.6',
  'New Activity': 'teal.7',
  Suspended: 'red.7',
};

/** 'New', 'New Activity' or 'Suspended' (§2), with a dot in its colour. */
export function ProjectStatus({ project }: { project: Project }) {
  const status = projectStatusText(project);
  if (!status) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="project-status">
      <span
        style={{
          width: 7,
          height: 7,
          borderRadius: 999,
          background: `var(--mantine-color-${STATUS_COLOR[status].replace('.', '-')})`,
          flex: 'none',
        }}
      />
      <Text size="xs" fw={600} c={STATUS_COLOR[status]}>
        {status}
      </Text>
    </Group>
  );
}

/** The people in the project: three faces and how many more. */
export function MemberAvatars({ users, size = 26 }: { users: Project['users']; size?: number }) {
  const shown = users.slice(0, 3);
  const more = users.length - shown.length;
  return (
    <Tooltip
      label={users.map((u) => u.name).join(', ')}
      withArrow
      disabled={users.length === 0}
      multiline
      maw={260}
    >
      <Avatar.Group spacing={6} data-testid="project-members-avatars">
        {shown.map((user) => (
          <UserAvatar key={user.id} user={user} size={size} radius="xl" />
        ))}
        {more > 0 && (
          <Avatar size={size} radius="xl" color="gray">
            <Text size="10px" fw={600}>
              +{more}
            </Text>
          </Avatar>
        )}
      </Avatar.Group>
    </Tooltip>
  );
}

export function DueDate({ due }: { due: string | null }) {
  if (!due) return null;
  const overdue = isOverdue(due, localToday());
  return (
    <Tooltip label={overdue ? 'Overdue' : 'Due date'} withArrow>
      <Group gap={4} wrap="nowrap" c={overdue ? 'red.7' : 'dimmed'} data-testid="project-due-date">
        <IconCalendarDue size={14} />
        <Text size="xs" fw={500} c="inherit">
          {formatProjectDate(due)}
        </Text>
      </Group>
    </Tooltip>
  );
}

/** The project's workspace labels; at most `max`, then '+N'. */
export function ProjectLabels({ labels, max = 3 }: { labels: Project['labels']; max?: number }) {
  if (labels.length === 0) return null;
  const shown = labels.slice(0, max);
  return (
    <Group gap={4} wrap="nowrap" style={{ overflow: 'hidden' }} data-testid="project-labels">
      {shown.map((label) => (
        <LabelChip key={label.id} label={label} />
      ))}
      {labels.length > shown.length && (
        <Text size="xs" c="dimmed" fw={500}>
          +{labels.length - shown.length}
        </Text>
      )}
    </Group>
  );
}
