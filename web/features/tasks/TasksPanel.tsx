import { useState } from 'react';
import { Badge, Button, Collapse, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconChecklist, IconChevronDown, IconChevronRight, IconPlus } from '@tabler/icons-react';
import type { Task } from '@common/api/tasks';
import { can } from '@common/projectRoles';
import { useProject } from '@web/features/projects';
import { useSetTaskCompleted, useTasks } from '@web/features/tasks/api/tasks';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { LoadError } from '@web/components/page/LoadError';
import { snackbar } from '@web/components/snackbar/snackbar';
import { TaskForm } from './TaskForm';
import { TaskRow } from './TaskRow';
import { actorOfProject, failureDetail, splitTasks } from './taskGroups';
import classes from './Tasks.module.css';

export const TASKS_PANEL_TEXTS = {
  title: 'Tasks',
  newTask: 'New task',
  emptyTitle: 'No tasks yet',
  emptyBody: 'Give someone on the project a task with a due date; it is listed here until it is done.',
  emptyReadOnly: 'Tasks given to the project’s members are listed here.',
  noOpen: 'Nothing left to do.',
  open: 'Open',
  completed: 'Completed',
} as const;

function TasksSkeleton() {
  return (
    <Stack gap="lg" data-testid="tasks-loading" aria-busy>
      {[0, 1, 2].map((n) => (
        <Group key={n} gap="sm" wrap="nowrap" align="flex-start">
          <Skeleton circle height={20} />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={10} width="85%" />
            <Skeleton height={8} width="45%" />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

/** A list of tasks, each editable in place by who may change it. */
function TaskList({ projectId, tasks }: { projectId: number; tasks: Task[] }) {
  const toggle = useSetTaskCompleted(projectId);
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <Stack gap={2}>
      {tasks.map((task) =>
        editing === task.id ? (
          <TaskForm key={task.id} projectId={projectId} task={task} onDone={() => setEditing(null)} />
        ) : (
          <TaskRow
            key={task.id}
            task={task}
            onEdit={() => setEditing(task.id)}
            onToggle={(completed) =>
              toggle.mutate(
                { task, completed },
                { onError: (failure) => snackbar.error(failureDetail(failure)) },
              )
            }
          />
        ),
      )}
    </Stack>
  );
}

function CompletedGroup({ projectId, tasks }: { projectId: number; tasks: Task[] }) {
  const [open, setOpen] = useState(false);
  if (tasks.length === 0) return null;
  return (
    <div data-testid="tasks-completed">
      <button
        type="button"
        className={classes.groupToggle}
        aria-expanded={open}
        aria-controls="tasks-completed-list"
        onClick={() => setOpen((o) => !o)}
        data-testid="tasks-completed-toggle"
      >
        <Text size="sm" fw={600}>
          {TASKS_PANEL_TEXTS.completed}
        </Text>
        <Badge variant="light" color="gray" size="sm" radius="sm">
          {tasks.length}
        </Badge>
        {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
      </button>
      <Collapse expanded={open} id="tasks-completed-list">
        <TaskList projectId={projectId} tasks={tasks} />
      </Collapse>
    </div>
  );
}

function TasksBody({ projectId }: { projectId: number }) {
  const project = useProject(projectId);
  const tasks = useTasks(projectId);
  const [creating, setCreating] = useState(false);
  const canAdd = project.data ? can(actorOfProject(project.data), 'tasks.add') : false;

  if (tasks.isPending) return <TasksSkeleton />;
  if (tasks.isError) return <LoadError onRetry={() => void tasks.refetch()} />;
  const { open, completed } = splitTasks(tasks.data);
  const newTask = canAdd && !creating && (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} data-testid="new-task">
      {TASKS_PANEL_TEXTS.newTask}
    </Button>
  );

  return (
    <Stack gap="lg">
      {creating && <TaskForm projectId={projectId} onDone={() => setCreating(false)} />}
      {tasks.data.length === 0 ? (
        !creating && (
          <EmptyPanel
            testId="tasks-empty"
            icon={<IconChecklist size={26} />}
            title={TASKS_PANEL_TEXTS.emptyTitle}
            description={canAdd ? TASKS_PANEL_TEXTS.emptyBody : TASKS_PANEL_TEXTS.emptyReadOnly}
          >
            {newTask}
          </EmptyPanel>
        )
      ) : (
        <>
          {newTask && <Group>{newTask}</Group>}
          <section aria-labelledby="tasks-open-heading" data-testid="tasks-open">
            <Group gap={6} px={8} py={6}>
              <Text size="sm" fw={600} id="tasks-open-heading">
                {TASKS_PANEL_TEXTS.open}
              </Text>
              <Badge variant="light" size="sm" radius="sm">
                {open.length}
              </Badge>
            </Group>
            {open.length > 0 ? (
              <TaskList projectId={projectId} tasks={open} />
            ) : (
              <Text size="sm" c="dimmed" px={8}>
                {TASKS_PANEL_TEXTS.noOpen}
              </Text>
            )}
          </section>
          <CompletedGroup projectId={projectId} tasks={completed} />
        </>
      )}
    </Stack>
  );
}

/** The tasks panel (projects-side §2): open tasks by due date, completed ones folded below. */
export function TasksPanel({
  projectId,
  opened,
  onClose,
}: {
  projectId: number;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={480}
      padding="xl"
      title={
        <Text fw={650} size="lg">
          {TASKS_PANEL_TEXTS.title}
        </Text>
      }
      overlayProps={{ backgroundOpacity: 0.25 }}
    >
      <div data-testid="tasks-panel">{opened && <TasksBody projectId={projectId} />}</div>
    </Drawer>
  );
}
