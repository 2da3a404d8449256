import type { Selectable } from 'kysely';
import type { Db } from '../database';
import type { FoldersTable } from '../schema';
import { nameKey } from './projects';

export type FolderRow = Selectable<FoldersTable>;

/** A project's folders; names are unique within the project regardless of case (name_key). */
export class FoldersRepository {
  constructor(private readonly db: Db) {}

  /** By name, then id. */
  list(projectId: number): Promise<FolderRow[]> {
    return this.db
      .selectFrom('folders')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('name_key')
      .orderBy('id')
      .execute();
  }

  findById(id: number): Promise<FolderRow | undefined> {
    return this.db.selectFrom('folders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(ids: number[]): Promise<FolderRow[]> {
    return this.db.selectFrom('folders').selectAll().where('id', 'in', ids).execute();
  }

  /** Another folder of the project already has this name. */
  async nameTaken(projectId: number, name: string, exceptId?: number): Promise<boolean> {
    let query = this.db
      .selectFrom('folders')
      .select('id')
      .where('project_id', '=', projectId)
      .where('name_key', '=', nameKey(name));
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** A unique violation when the project has a folder of this name. */
  create(values: { projectId: number; name: string; createdById: number; now: string }): Promise<FolderRow> {
    return this.db
      .insertInto('folders')
      .values({
        project_id: values.projectId,
        name: values.name,
        name_key: nameKey(values.name),
        created_by_id: values.createdById,
        created_at: values.now,
        updated_at: values.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  rename(id: number, name: string, now: string): Promise<FolderRow> {
    return this.db
      .updateTable('folders')
      .set({ name, name_key: nameKey(name), updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async deleteMany(ids: number[]): Promise<void> {
    await this.db.deleteFrom('folders').where('id', 'in', ids).execute();
  }
}
