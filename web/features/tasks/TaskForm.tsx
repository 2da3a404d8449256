import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { TASK_TEXT_MAX, TASK_TEXTS, type Task } from '@common/api/tasks';
import { parseDueDate } from '@common/taskDates';
import { isApiError } from '@web/api/client';
import { useProjectMembers } from '@web/features/projects';
import { useCreateTask, useEditTask } from '@web/features/tasks/api/tasks';
import { snackbar } from '@web/components/snackbar/snackbar';
import { UserAvatar } from '@web/components/UserAvatar/UserAvatar';
import { DueDateInput } from './DueDateInput';
import {
  draftErrors,
  failureDetail,
  mayBeAssigned,
  todayForTasks,
  type TaskDraft,
  type TaskDraftField,
} from './taskGroups';

const FIELDS: TaskDraftField[] = ['text', 'assigned_ids', 'due_date'];

/** The server's field messages of a refused call, first one per field; null when it was no 422. */
function serverErrors(failure: unknown): Partial<Record<TaskDraftField, string>> | null {
  if (!isApiError(failure, 'invalid_record')) return null;
  const errors: Partial<Record<TaskDraftField, string>> = {};
  for (const field of FIELDS) {
    const [message] = failure.fieldMessages(field);
    if (message) errors[field] = message;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * A new task, or one task edited in place: text, assignee (a member who may work on tasks) and
 * due date, all required (§5). Checked here by the server's rules, then by the server.
 */
export function TaskForm({
  projectId,
  task,
  onDone,
}: {
  projectId: number;
  /** The task to edit; a new task without it. */
  task?: Task;
  onDone: () => void;
}) {
  const members = useProjectMembers(projectId);
  const create = useCreateTask(projectId);
  const edit = useEditTask(projectId);
  const [draft, setDraft] = useState<TaskDraft>({
    text: task?.text ?? '',
    assigneeId: task?.responsibles[0] ? String(task.responsibles[0].id) : null,
    dueDate: task?.due_date ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<TaskDraftField, string>>>({});
  const today = todayForTasks();
  const pending = create.isPending || edit.isPending;

  const people = (members.data ?? []).filter((m) => mayBeAssigned(m.role.name));
  const options = people.map((m) => ({ value: String(m.user.id), label: m.user.name }));
  const byId = new Map(people.map((m) => [String(m.user.id), m.user]));
  // A responsible who has since left the project is still shown as the task's assignee.
  const current = task?.responsibles[0];
  if (current && !byId.has(String(current.id))) {
    options.push({ value: String(current.id), label: current.name });
    byId.set(String(current.id), current);
  }

  function change(patch: Partial<TaskDraft>, field: TaskDraftField) {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = draftErrors(draft, today);
    // An edit keeps a passed due date it already had; only a new one must not be in the past.
    if (
      task &&
      parseDueDate(draft.dueDate) === parseDueDate(task.due_date) &&
      found.due_date === TASK_TEXTS.dueDateInPast
    )
      delete found.due_date;
    if (Object.keys(found).length > 0) return setErrors(found);
    const assigneeId = Number(draft.assigneeId);
    const fields = {
      text: draft.text.trim(),
      due_date: draft.dueDate.trim(),
      // The other responsibles stay, after the assignee.
      assigned_ids: [
        assigneeId,
        ...(task?.responsibles ?? []).map((r) => r.id).filter((id) => id !== assigneeId),
      ],
    };
    const handlers = {
      onSuccess: () => {
        snackbar.success({ title: task ? TASK_TEXTS.updated : TASK_TEXTS.created });
        onDone();
      },
      onError: (failure: unknown) => {
        const fieldErrors = serverErrors(failure);
        if (fieldErrors) setErrors(fieldErrors);
        else snackbar.error(failureDetail(failure));
      },
    };
    if (task) edit.mutate({ taskId: task.id, changes: fields }, handlers);
    else create.mutate(fields, handlers);
  }

  /**
   * Escape cancels the form rather than closing the panel (its fields opt out of the panel's
   * Escape); an open assignee list closes first.
   */
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    if ((event.target as HTMLElement).getAttribute('aria-expanded') === 'true') return;
    event.preventDefault();
    onDone();
  }

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      onSubmit={submit}
      onKeyDown={onKeyDown}
      noValidate
      data-testid="task-form"
    >
      <Stack gap="sm">
        <Textarea
          label={task ? 'Task' : 'New task'}
          placeholder="What needs to be done?"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={TASK_TEXT_MAX}
          data-autofocus
          autoFocus
          value={draft.text}
          error={errors.text}
          onChange={(event) => change({ text: event.currentTarget.value }, 'text')}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey))
              event.currentTarget.form?.requestSubmit();
          }}
          data-testid="task-text"
          data-mantine-stop-propagation
        />
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <Select
            style={{ flex: 1, minWidth: 0 }}
            label="Assignee"
            placeholder={members.isPending ? 'Loading members…' : 'Choose a member'}
            data={options}
            searchable
            // The first match is highlighted as one types, so Enter picks it; chosen at once, not
            // after the list's next tick, so a quick Enter never submits the form instead.
            selectFirstOptionOnChange
            selectFirstOptionOnDropdownOpen
            nothingFoundMessage="No member found"
            value={draft.assigneeId}
            error={errors.assigned_ids}
            onChange={(value) => change({ assigneeId: value }, 'assigned_ids')}
            leftSection={
              draft.assigneeId && byId.get(draft.assigneeId) ? (
                <UserAvatar user={byId.get(draft.assigneeId)!} size={20} radius="xl" />
              ) : undefined
            }
            renderOption={({ option }) => {
              const user = byId.get(option.value);
              return (
                <Group gap="xs" wrap="nowrap">
                  {user && <UserAvatar user={user} size={22} radius="xl" />}
                  <Text size="sm" truncate>
                    {option.label}
                  </Text>
                </Group>
              );
            }}
            data-testid="task-assignee"
            data-mantine-stop-propagation
          />
          <DueDateInput
            value={draft.dueDate}
            today={today}
            error={errors.due_date}
            onChange={(dueDate) => change({ dueDate }, 'due_date')}
          />
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} data-testid="task-submit">
            {task ? 'Save' : 'Add task'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
