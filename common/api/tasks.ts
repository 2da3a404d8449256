import { z } from 'zod';
import { DUE_DATE_MAX, parseDueDate } from '../taskDates';
import { messages, requiredText } from '../validation';
import { personSchema } from './workspaces';

/** Tasks of a project (projects-side §3, §5, §7): the wire format of the tasks panel. */

/** The longest task text; longer text is refused before any other check. */
export const TASK_TEXT_MAX = 1000;
/** Responsibles one task may have (the first is the assignee). */
export const TASK_RESPONSIBLES_MAX = 20;

export const TASK_TEXTS = {
  dueDateInvalid: 'Due date should be a valid date (DD/MM/YYYY).',
  dueDateInPast: 'Due date cannot be before today.',
  assigneeNotMember: 'The assignee must be a member of the project who can work on tasks.',
  cannotEdit: 'Only the author, a responsible of the task or the project owner can change it.',
  created: 'The task was successfully created.',
  updated: 'The task was successfully updated!',
  overdue: 'Overdue',
} as const;

export const taskSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  text: z.string(),
  author: personSchema.nullable(),
  /** The people responsible for the task; the first is the assignee. */
  responsibles: z.array(personSchema),
  /** DD/MM/YYYY (projects-side §9). */
  due_date: z.string(),
  /** When it was completed; null while open. */
  completed_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Due before today (the server's UTC day) and not completed. */
  overdue: z.boolean(),
  /** The caller may edit, complete and reopen it (docs/decisions.md 'Tasks'). */
  can_edit: z.boolean(),
});
export type Task = z.infer<typeof taskSchema>;

/** DD/MM/YYYY (or YYYY-MM-DD, API.md), a real calendar day; answers it as YYYY-MM-DD. */
const dueDateField = z
  .string({ error: messages.required('Due date') })
  .trim()
  .min(1, { error: messages.required('Due date'), abort: true })
  .max(DUE_DATE_MAX, { error: TASK_TEXTS.dueDateInvalid, abort: true })
  .transform((value, context) => {
    const day = parseDueDate(value);
    if (day === null) {
      context.addIssue({ code: 'custom', message: TASK_TEXTS.dueDateInvalid });
      return z.NEVER;
    }
    return day;
  });

const assignedIdsField = z
  .array(z.number().int().positive(), { error: messages.required('Assignee') })
  .min(1, { error: messages.required('Assignee'), abort: true })
  .max(TASK_RESPONSIBLES_MAX, { error: `A task can have up to ${TASK_RESPONSIBLES_MAX} responsibles.` })
  .transform((ids) => [...new Set(ids)]);

const taskFields = {
  text: requiredText('Text', { max: TASK_TEXT_MAX }),
  due_date: dueDateField,
  /** User ids of project members; the first is the assignee. */
  assigned_ids: assignedIdsField,
};

/** POST /projects/{id}/tasks: every field is required (§5). */
export const createTaskSchema = z.object(taskFields);
export type CreateTaskRequest = z.input<typeof createTaskSchema>;

/** PATCH /projects/{id}/tasks/{taskId}: the fields sent are changed, by the same rules. */
export const editTaskSchema = z.object(taskFields).partial();
export type EditTaskRequest = z.input<typeof editTaskSchema>;

export const taskParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  taskId: z.coerce.number().int().positive(),
});
