import { useState } from 'react';
import { Badge, Button, VisuallyHidden } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useTasks } from '@web/features/tasks/api/tasks';
import { TasksPanel } from './TasksPanel';

/**
 * Tasks, with how many are open, and the tasks panel it opens (projects-side §2 'tasks panel'):
 * on the project page and in the asset view, which opens it at once for `?open_tasks_panel`.
 */
export function TasksButton({
  projectId,
  initiallyOpen = false,
  onClosed,
}: {
  projectId: number;
  initiallyOpen?: boolean;
  onClosed?: () => void;
}) {
  const [opened, setOpened] = useState(initiallyOpen);
  const tasks = useTasks(projectId);
  const openCount = tasks.data?.filter((t) => t.completed_at === null).length ?? 0;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconChecklist size={16} />}
        rightSection={
          openCount > 0 ? (
            <Badge size="sm" radius="sm" variant="light" data-testid="tasks-open-count">
              {openCount}
              <VisuallyHidden> open</VisuallyHidden>
            </Badge>
          ) : undefined
        }
        onClick={() => setOpened(true)}
        data-testid="project-tasks"
      >
        Tasks
      </Button>
      <TasksPanel
        projectId={projectId}
        opened={opened}
        onClose={() => {
          setOpened(false);
          onClosed?.();
        }}
      />
    </>
  );
}
