import type { Logger } from 'pino';
import type { FileStorage } from '../adapters/storage/fileStorage';
import type { UnitOfWork } from '../db/unitOfWork';

/**
 * The stored files of projects (today the uploaded covers; the assets issue adds rounds and
 * previews here), listed before their rows go and removed from storage after the commit.
 */
export class ProjectFiles {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly storage: FileStorage,
    private readonly log: Logger,
  ) {}

  keysOfProjects(projectIds: number[]): Promise<string[]> {
    return this.uow.read.projects.coverKeys(projectIds);
  }

  keysOfWorkspace(workspaceId: number): Promise<string[]> {
    return this.uow.read.projects.coverKeysInWorkspace(workspaceId);
  }

  /** The rows are gone either way; a file left behind is only logged. */
  async remove(keys: string[]): Promise<void> {
    for (const key of keys)
      await this.storage.delete(key).catch((error: unknown) => {
        this.log.error({ err: error, key }, 'could not delete a file of a deleted project');
      });
  }
}
