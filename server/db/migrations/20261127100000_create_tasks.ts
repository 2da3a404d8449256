import { sql, type Kysely } from 'kysely';
import { isPostgres, notNull, timestampType, withId } from '../columns';

/**
 * Tasks of a project and who is responsible for them (projects-side §3 'Task').
 *
 * `due_date` is a calendar day: PostgreSQL's `date`, SQLite's text 'YYYY-MM-DD' (the repository
 * reads both as that text). `task_responsibles.position` orders the responsibles: position 0 is
 * the assignee. A responsible who leaves the project keeps the row (the task still names them);
 * a deleted user's rows go with them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await withId(db, db.schema.createTable('tasks'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', notNull)
    .addColumn('due_date', isPostgres(db) ? sql`date` : sql`text`, notNull)
    .addColumn('completed_at', ts)
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .execute();
  await db.schema.createIndex('tasks_project').on('tasks').columns(['project_id', 'id']).execute();

  await db.schema
    .createTable('task_responsibles')
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position', 'integer', notNull)
    .addPrimaryKeyConstraint('task_responsibles_pk', ['task_id', 'user_id'])
    .addUniqueConstraint('task_responsibles_position', ['task_id', 'position'])
    .execute();
  await db.schema
    .createIndex('task_responsibles_user')
    .on('task_responsibles')
    .columns(['user_id', 'task_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('task_responsibles').execute();
  await db.schema.dropTable('tasks').execute();
}
