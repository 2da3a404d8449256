import type { Task } from '@common/api/tasks';
import { formatDayMonthYear, isOverdue } from '@common/taskDates';
import type { TaskRecord } from '../db/repositories/tasks';
import { presentPerson } from './workspace';

/**
 * The one shape of a task: its due date as DD/MM/YYYY, overdue against `today` (the server's UTC
 * day), and whether the caller may change it.
 */
export function presentTask(task: TaskRecord, today: string, canEdit: boolean): Task {
  return {
    id: task.id,
    project_id: task.project_id,
    text: task.text,
    author: task.author ? presentPerson(task.author) : null,
    responsibles: task.responsibles.map(presentPerson),
    due_date: formatDayMonthYear(task.due_date),
    completed_at: task.completed_at,
    created_at: task.created_at,
    updated_at: task.updated_at,
    overdue: isOverdue({ dueDay: task.due_date, completedAt: task.completed_at }, today),
    can_edit: canEdit,
  };
}
