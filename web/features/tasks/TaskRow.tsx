import { ActionIcon, Badge, Checkbox, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCalendarEvent, IconPencil } from '@tabler/icons-react';
import type { Task } from '@common/api/tasks';
import { TASK_TEXTS } from '@common/api/tasks';
import { UserAvatar } from '@web/components/UserAvatar/UserAvatar';
import classes from './Tasks.module.css';

/**
 * One task: its checkbox (complete or reopen), text, assignee and due date, the Overdue badge,
 * and Edit for who may change it.
 */
export function TaskRow({
  task,
  onToggle,
  onEdit,
}: {
  task: Task;
  onToggle: (completed: boolean) => void;
  onEdit: () => void;
}) {
  const completed = task.completed_at !== null;
  const assignee = task.responsibles[0];
  const others = task.responsibles.length - 1;
  return (
    <div
      className={classes.row}
      data-testid="task-row"
      data-task-id={task.id}
      data-overdue={task.overdue || undefined}
    >
      <Checkbox
        mt={2}
        radius="xl"
        color="teal"
        checked={completed}
        disabled={!task.can_edit}
        onChange={(event) => onToggle(event.currentTarget.checked)}
        aria-label={completed ? `Reopen “${task.text}”` : `Complete “${task.text}”`}
        data-testid="task-toggle"
      />
      <div className={classes.rowBody}>
        <Text
          size="sm"
          className={classes.taskText}
          td={completed ? 'line-through' : undefined}
          c={completed ? 'dimmed' : undefined}
          data-testid="task-text-shown"
        >
          {task.text}
        </Text>
        <Group gap="md" mt={6} wrap="wrap">
          {assignee && (
            <Group gap={6} wrap="nowrap" miw={0}>
              <UserAvatar user={assignee} size={20} radius="xl" />
              <Text size="xs" c="dimmed" truncate maw={160} data-testid="task-assignee-name">
                {assignee.name}
                {others > 0 && ` +${others}`}
              </Text>
            </Group>
          )}
          <Group gap={4} wrap="nowrap">
            <IconCalendarEvent
              size={14}
              color={task.overdue ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-dimmed)'}
              aria-hidden
            />
            <Text
              size="xs"
              c={task.overdue ? 'red.7' : 'dimmed'}
              fw={task.overdue ? 600 : undefined}
              data-testid="task-due"
            >
              <VisuallyHidden>Due </VisuallyHidden>
              {task.due_date}
            </Text>
          </Group>
          {task.overdue && (
            <Badge color="red" variant="filled" size="sm" radius="sm" tt="none" data-testid="task-overdue">
              {TASK_TEXTS.overdue}
            </Badge>
          )}
        </Group>
      </div>
      {task.can_edit && !completed && (
        <Tooltip label="Edit task" withArrow openDelay={300}>
          <ActionIcon
            variant="subtle"
            color="gray"
            className={classes.rowActions}
            aria-label={`Edit “${task.text}”`}
            onClick={onEdit}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </div>
  );
}
