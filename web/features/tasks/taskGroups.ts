import { GENERIC_ERROR } from '@common/api/errors';
import type { Task } from '@common/api/tasks';
import { TASK_TEXT_MAX, createTaskSchema } from '@common/api/tasks';
import { can, type ProjectActor } from '@common/projectRoles';
import { parseDueDate, utcDay } from '@common/taskDates';
import { firstErrors } from '@common/validation';
import type { Project } from '@common/api/projects';

/** Open tasks in the server's order (due date, then id); completed ones, last completed first. */
export function splitTasks(tasks: readonly Task[]): { open: Task[]; completed: Task[] } {
  const open = tasks.filter((t) => t.completed_at === null);
  const completed = tasks
    .filter((t) => t.completed_at !== null)
    .sort((a, b) => (b.completed_at ?? '').localeCompare(a.completed_at ?? '') || b.id - a.id);
  return { open, completed };
}

export function actorOfProject(
  project: Pick<Project, 'current_user_role' | 'current_user_is_workspace_owner'>,
): ProjectActor {
  return {
    role: project.current_user_role?.name ?? null,
    isWorkspaceOwner: project.current_user_is_workspace_owner,
  };
}

/** Tasks go to members who may work on them (not View Only), as the server checks. */
export function mayBeAssigned(role: NonNullable<ProjectActor['role']>): boolean {
  return can({ role, isWorkspaceOwner: false }, 'tasks.add');
}

export interface TaskDraft {
  text: string;
  /** The assignee's user id, as the select holds it. */
  assigneeId: string | null;
  /** As typed: DD/MM/YYYY. */
  dueDate: string;
}

export type TaskDraftField = 'text' | 'assigned_ids' | 'due_date';

export const PAST_DAY_TEXT = 'Due date cannot be before today.';

/**
 * The server's rules, checked before sending: the same schema, and no day before today (the UTC
 * day, as the server counts it). `today` is 'YYYY-MM-DD'.
 */
export function draftErrors(draft: TaskDraft, today: string): Partial<Record<TaskDraftField, string>> {
  const errors: Partial<Record<TaskDraftField, string>> = firstErrors(createTaskSchema, {
    text: draft.text.slice(0, TASK_TEXT_MAX + 1),
    due_date: draft.dueDate,
    assigned_ids: draft.assigneeId ? [Number(draft.assigneeId)] : [],
  });
  const day = parseDueDate(draft.dueDate);
  if (!errors.due_date && day !== null && day < today) errors.due_date = PAST_DAY_TEXT;
  return errors;
}

export const todayForTasks = () => utcDay(new Date());

/** What a failed call says under the snackbar's generic title, unless it says the same. */
export function failureDetail(failure: unknown): { description?: string } {
  const message = failure instanceof Error ? failure.message : '';
  return message && message !== GENERIC_ERROR ? { description: message } : {};
}
