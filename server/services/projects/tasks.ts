import type { z } from 'zod';
import { TASK_TEXTS, type createTaskSchema, type editTaskSchema, type Task } from '@common/api/tasks';
import type { DomainEventPayloads, DomainEventType } from '@common/domainEvents';
import { formatDayMonthYear, utcDay } from '@common/taskDates';
import { truncate } from '@common/text';
import type { Clock } from '../../clock';
import type { TaskRecord } from '../../db/repositories/tasks';
import type { UserRow } from '../../db/repositories/users';
import type { TxOf, UnitOfWorkOf } from '../../db/unitOfWork';
import { invalidRecord, notFound } from '../../errors';
import {
  authorizeTaskEdit,
  authorizeTasks,
  canEditTask,
  mayBeResponsible,
  type TaskAction,
} from '../../policies/tasks';
import { presentTask } from '../../presenters/task';
import type { ProjectAccess, ProjectView } from './projectAccess';
import { projectEvent } from './projectEvents';

export type NewTask = z.output<typeof createTaskSchema>;
export type TaskEdit = z.output<typeof editTaskSchema>;

/** How much of a task's text the activity log's sentence quotes. */
const QUOTED_TEXT_MAX = 80;

/**
 * A project's tasks (projects-side §3–§7): list, create, edit, complete and reopen. Each call lets
 * the caller in (404) and asks server/policies/tasks.ts (403) first; each change and its event
 * happen in one transaction. "Today" is the UTC day of the server's clock.
 */
export class TaskService {
  constructor(
    private readonly uow: UnitOfWorkOf<'projectMembers' | 'tasks'>,
    private readonly access: ProjectAccess,
    private readonly clock: Clock,
  ) {}

  async list(userId: number, projectId: number): Promise<Task[]> {
    const view = await this.allowed(userId, projectId, 'see');
    const today = this.today();
    return (await this.uow.read.tasks.list(view.project.id)).map((task) =>
      presentTask(task, today, canEditTask(view, task)),
    );
  }

  /** A task of the viewed project; 404 for an id of another project or none. */
  private async find(view: ProjectView, taskId: number): Promise<TaskRecord> {
    const task = await this.uow.read.tasks.findInProject(view.project.id, taskId);
    if (!task) throw notFound();
    return task;
  }

  /** §5: text, assignee and a due date not before today are all required (the schema checked the forms). */
  async create(userId: number, projectId: number, input: NewTask): Promise<Task> {
    const view = await this.allowed(userId, projectId, 'add');
    const responsibles = await this.checked(view, input.due_date, input.assigned_ids);
    const now = this.now();
    const id = await this.uow.transaction(async (tx) => {
      const id = await tx.tasks.create({
        projectId: view.project.id,
        authorId: view.userId,
        text: input.text,
        dueDay: input.due_date,
        responsibleIds: input.assigned_ids,
        now,
      });
      await this.record(tx, view, 'task.created', id, {
        text: truncate(input.text, QUOTED_TEXT_MAX),
        assignee: responsibles[0]!.name,
        due_date: formatDayMonthYear(input.due_date),
        // Who is told (notifications): the assignee and every responsible.
        assigned_ids: input.assigned_ids,
      });
      return id;
    });
    return this.present(view, id);
  }

  /**
   * The fields sent, by the rules of creation. A due date is checked against today only when it
   * changes, so a task whose day has passed can still have its text edited.
   */
  async edit(userId: number, projectId: number, taskId: number, changes: TaskEdit): Promise<Task> {
    const { view, task } = await this.editable(userId, projectId, taskId);
    const fields: string[] = [];
    if (changes.text !== undefined && changes.text !== task.text) fields.push('text');
    const dueDay =
      changes.due_date !== undefined && changes.due_date !== task.due_date ? changes.due_date : undefined;
    if (dueDay !== undefined) fields.push('due date');
    const before = task.responsibles.map((r) => r.id);
    const ids = changes.assigned_ids;
    const responsiblesChanged = ids !== undefined && ids.join(',') !== before.join(',');
    // Responsibles sent as they are pass, even one who has left the project since.
    await this.checked(view, dueDay, responsiblesChanged ? ids : undefined);
    if (responsiblesChanged) fields.push(ids[0] !== before[0] ? 'assignee' : 'responsibles');
    if (fields.length > 0) {
      const text = changes.text ?? task.text;
      await this.uow.transaction(async (tx) => {
        await tx.tasks.update(task.id, {
          ...(fields.includes('text') ? { text } : {}),
          ...(dueDay !== undefined ? { dueDay } : {}),
          ...(responsiblesChanged ? { responsibleIds: ids } : {}),
          now: this.now(),
        });
        await this.record(tx, view, 'task.updated', task.id, {
          text: truncate(text, QUOTED_TEXT_MAX),
          fields,
          // The responsibles this change added, who are told (notifications).
          ...(responsiblesChanged ? { added_ids: ids.filter((id) => !before.includes(id)) } : {}),
        });
      });
    }
    return this.present(view, task.id);
  }

  /** §4 'open to completed and back'; a task already so is answered as it is, with no event. */
  async setCompleted(userId: number, projectId: number, taskId: number, completed: boolean): Promise<Task> {
    const { view, task } = await this.editable(userId, projectId, taskId);
    const now = this.now();
    await this.uow.transaction(async (tx) => {
      if (await tx.tasks.setCompleted(task.id, completed ? now : null, now))
        await this.record(tx, view, completed ? 'task.completed' : 'task.reopened', task.id, {
          text: truncate(task.text, QUOTED_TEXT_MAX),
        });
    });
    return this.present(view, task.id);
  }

  /** The caller's view of the project (404), if they may `action` its tasks (403). */
  private async allowed(userId: number, projectId: number, action: TaskAction): Promise<ProjectView> {
    const view = await this.access.forUser(projectId, userId);
    authorizeTasks(view, action);
    return view;
  }

  /** The project, its task (404 for none of this project), and the caller's right to change it (403). */
  private async editable(userId: number, projectId: number, taskId: number) {
    const view = await this.allowed(userId, projectId, 'see');
    const task = await this.find(view, taskId);
    authorizeTaskEdit(view, task);
    return { view, task };
  }

  /**
   * The rules the schema cannot check, all reported at once: a due day not before today, and
   * responsibles who are members able to work on tasks. Answers the responsibles' users in order.
   */
  private async checked(
    view: ProjectView,
    dueDay: string | undefined,
    ids: number[] | undefined,
  ): Promise<UserRow[]> {
    const errors: Record<string, string[]> = {};
    if (dueDay !== undefined && dueDay < this.today()) errors.due_date = [TASK_TEXTS.dueDateInPast];
    const members = new Map(
      (ids ? await this.uow.read.projectMembers.list(view.project.id) : []).map((m) => [m.user.id, m]),
    );
    const users = (ids ?? []).flatMap((id) => {
      const member = members.get(id);
      return member && mayBeResponsible(member.member.role) ? [member.user] : [];
    });
    if (ids && users.length !== ids.length) errors.assigned_ids = [TASK_TEXTS.assigneeNotMember];
    if (Object.keys(errors).length > 0) throw invalidRecord(errors);
    return users;
  }

  private record<T extends Extract<DomainEventType, `task.${string}`>>(
    tx: TxOf<never>,
    view: ProjectView,
    type: T,
    taskId: number,
    data: DomainEventPayloads[T],
  ) {
    return tx.record(
      projectEvent(view.project, view.userId, type, { subject: { type: 'Task', id: taskId }, data }),
    );
  }

  private async present(view: ProjectView, taskId: number): Promise<Task> {
    const task = await this.find(view, taskId);
    return presentTask(task, this.today(), canEditTask(view, task));
  }

  private today(): string {
    return utcDay(this.clock.now());
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}
