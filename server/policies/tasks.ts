import { TASK_TEXTS } from '@common/api/tasks';
import { can, type ProjectRole } from '@common/projectRoles';
import type { TaskRecord } from '../db/repositories/tasks';
import { forbidden } from '../errors';
import type { ProjectView } from './projectView';
import { authorize } from './projects';

export type TaskAction = 'see' | 'add';

/** §6 'tasks: see, add': 403 for a caller who sees the project but not its tasks. */
export function authorizeTasks(view: ProjectView, action: TaskAction): void {
  authorize(view, action === 'see' ? 'tasks.see' : 'tasks.add');
}

/**
 * Editing, completing and reopening a task (the spec leaves it open; docs/decisions.md 'Tasks'):
 * someone who may add tasks, and who wrote it, is one of its responsibles, or owns the project.
 */
export function canEditTask(
  view: Pick<ProjectView, 'actor' | 'userId'>,
  task: Pick<TaskRecord, 'author_id' | 'responsibles'>,
): boolean {
  if (!can(view.actor, 'tasks.add')) return false;
  return (
    view.actor.role === 'owner' ||
    task.author_id === view.userId ||
    task.responsibles.some((r) => r.id === view.userId)
  );
}

export function authorizeTaskEdit(view: ProjectView, task: TaskRecord): void {
  if (!canEditTask(view, task)) throw forbidden(TASK_TEXTS.cannotEdit);
}

/** A task goes to members who can work on tasks: not View Only members, who change nothing. */
export function mayBeResponsible(role: ProjectRole): boolean {
  return can({ role, isWorkspaceOwner: false }, 'tasks.add');
}
