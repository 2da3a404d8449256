import { sql } from 'kysely';
import type { Db } from '../database';
import type { UserRow } from './users';

type Person = Pick<UserRow, 'id' | 'name' | 'email' | 'avatar_key'>;

/** A task with its author and responsibles (the first is the assignee), as the presenter reads it. */
export interface TaskRecord {
  id: number;
  project_id: number;
  author_id: number | null;
  text: string;
  /** The calendar day 'YYYY-MM-DD'. */
  due_date: string;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
  author: Person | null;
  responsibles: Person[];
}

export interface TaskChanges {
  text?: string;
  dueDay?: string;
  /** The new responsibles in order; the first is the assignee. */
  responsibleIds?: number[];
  now: string;
}

/** A project's tasks and their responsibles; a task is always read with both, in two queries. */
export class TasksRepository {
  constructor(private readonly db: Db) {}

  /** Open and completed alike, by due day, then id. */
  list(projectId: number): Promise<TaskRecord[]> {
    return this.read(projectId);
  }

  /** A task of this project; undefined for another project's task. */
  async findInProject(projectId: number, taskId: number): Promise<TaskRecord | undefined> {
    return (await this.read(projectId, taskId))[0];
  }

  async create(values: {
    projectId: number;
    authorId: number;
    text: string;
    dueDay: string;
    responsibleIds: number[];
    now: string;
  }): Promise<number> {
    const { id } = await this.db
      .insertInto('tasks')
      .values({
        project_id: values.projectId,
        author_id: values.authorId,
        text: values.text,
        due_date: values.dueDay,
        completed_at: null,
        created_at: values.now,
        updated_at: values.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.insertResponsibles(id, values.responsibleIds);
    return id;
  }

  async update(id: number, changes: TaskChanges): Promise<void> {
    await this.db
      .updateTable('tasks')
      .set({
        ...(changes.text !== undefined ? { text: changes.text } : {}),
        ...(changes.dueDay !== undefined ? { due_date: changes.dueDay } : {}),
        updated_at: changes.now,
      })
      .where('id', '=', id)
      .execute();
    if (changes.responsibleIds) {
      await this.db.deleteFrom('task_responsibles').where('task_id', '=', id).execute();
      await this.insertResponsibles(id, changes.responsibleIds);
    }
  }

  /**
   * Completes (an instant) or reopens (null) the task; false when it already was so, so that a
   * repeated call changes nothing and records nothing.
   */
  async setCompleted(id: number, completedAt: string | null, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('tasks')
      .set({ completed_at: completedAt, updated_at: now })
      .where('id', '=', id)
      .where('completed_at', completedAt === null ? 'is not' : 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  private async insertResponsibles(taskId: number, userIds: number[]): Promise<void> {
    await this.db
      .insertInto('task_responsibles')
      .values(userIds.map((userId, position) => ({ task_id: taskId, user_id: userId, position })))
      .execute();
  }

  private async read(projectId: number, taskId?: number): Promise<TaskRecord[]> {
    let query = this.db
      .selectFrom('tasks as t')
      .leftJoin('users as a', 'a.id', 't.author_id')
      .select([
        't.id',
        't.project_id',
        't.author_id',
        't.text',
        // A PostgreSQL date would come back as a JS Date at local midnight; as text it is the day.
        sql<string>`cast(${sql.ref('t.due_date')} as text)`.as('due_date'),
        't.completed_at',
        't.created_at',
        't.updated_at',
        'a.name as author_name',
        'a.email as author_email',
        'a.avatar_key as author_avatar_key',
      ])
      .where('t.project_id', '=', projectId);
    if (taskId !== undefined) query = query.where('t.id', '=', taskId);
    const tasks = await query.orderBy('t.due_date').orderBy('t.id').execute();
    if (tasks.length === 0) return [];
    const responsibles = await this.db
      .selectFrom('task_responsibles as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.task_id', 'u.id', 'u.name', 'u.email', 'u.avatar_key'])
      .where(
        'r.task_id',
        'in',
        tasks.map((t) => t.id),
      )
      .orderBy('r.task_id')
      .orderBy('r.position')
      .execute();
    const byTask = new Map<number, Person[]>();
    for (const { task_id, ...person } of responsibles) {
      const list = byTask.get(task_id) ?? [];
      list.push(person);
      byTask.set(task_id, list);
    }
    return tasks.map(({ author_name, author_email, author_avatar_key, ...task }) => ({
      ...task,
      author:
        task.author_id !== null && author_name !== null && author_email !== null
          ? { id: task.author_id, name: author_name, email: author_email, avatar_key: author_avatar_key }
          : null,
      responsibles: byTask.get(task.id) ?? [],
    }));
  }
}
