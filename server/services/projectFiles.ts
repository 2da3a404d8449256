import type { Logger } from 'pino';
import type { FileStorage } from '../adapters/storage/fileStorage';
import type { Db } from '../db/database';

/**
 * The stored files of projects (today the uploaded covers; the assets issue adds rounds and
 * previews here), listed before their rows go and removed from storage after the commit.
 */
export class ProjectFiles {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly log: Logger,
  ) {}

  async keysOfProjects(projectIds: number[]): Promise<string[]> {
    if (projectIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('projects')
      .select('cover_key')
      .where('id', 'in', projectIds)
      .where('cover_key', 'is not', null)
      .execute();
    return rows.flatMap((r) => (r.cover_key ? [r.cover_key] : []));
  }

  async keysOfWorkspace(workspaceId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('projects')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .execute();
    return this.keysOfProjects(rows.map((r) => r.id));
  }

  /** The rows are gone either way; a file left behind is only logged. */
  async remove(keys: string[]): Promise<void> {
    for (const key of keys)
      await this.storage.delete(key).catch((error: unknown) => {
        this.log.error({ err: error, key }, 'could not delete a file of a deleted project');
      });
  }
}
