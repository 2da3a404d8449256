import type { Logger } from 'pino';
import type { FileStorage } from '../../adapters/storage/fileStorage';
import type { AssetVersionRow } from '../../db/repositories/assetVersions';
import type { UnitOfWorkOf } from '../../db/unitOfWork';

/**
 * Files of deleted rounds, and any other stored files of what was deleted with them (the files
 * of deleted assets' comments), removed from storage after the commit (`ProjectFiles.removeRounds`).
 */
export type RemoveRoundFiles = (rounds: AssetVersionRow[], otherKeys?: string[]) => Promise<void>;

/** A round's renditions live under one folder of their own, removed whole. */
const RENDITIONS = 'renditions/';

/** The original and the renditions' folder of a round. */
function roundKeys(round: Pick<AssetVersionRow, 'original_key' | 'thumbnail_key'>): string[] {
  const renditions = round.thumbnail_key?.split('/').slice(0, 2).join('/');
  return renditions ? [round.original_key, renditions] : [round.original_key];
}

/** The repositories ProjectFiles uses. */
type ProjectFilesRepositories = 'assetVersions' | 'comments' | 'projects';

/**
 * The stored files of projects (uploaded covers, rounds and their previews, comment files),
 * listed before their rows go and removed from storage after the commit.
 */
export class ProjectFiles {
  constructor(
    private readonly uow: UnitOfWorkOf<ProjectFilesRepositories>,
    private readonly storage: FileStorage,
    private readonly log: Logger,
  ) {}

  async keysOfProjects(projectIds: number[]): Promise<string[]> {
    const covers = await this.uow.read.projects.coverKeys(projectIds);
    const rounds = await this.uow.read.assetVersions.listForProjects(projectIds);
    const commentFiles = await this.uow.read.comments.fileKeysOfProjects(projectIds);
    return [...covers, ...rounds.flatMap(roundKeys), ...commentFiles];
  }

  async keysOfWorkspace(workspaceId: number): Promise<string[]> {
    const covers = await this.uow.read.projects.coverKeysInWorkspace(workspaceId);
    const rounds = await this.uow.read.assetVersions.listForWorkspace(workspaceId);
    const commentFiles = await this.uow.read.comments.fileKeysOfWorkspace(workspaceId);
    return [...covers, ...rounds.flatMap(roundKeys), ...commentFiles];
  }

  /** The files of rounds whose rows are gone, and `otherKeys` (their assets' comment files). */
  removeRounds(rounds: AssetVersionRow[], otherKeys: string[] = []): Promise<void> {
    return this.remove([...rounds.flatMap(roundKeys), ...otherKeys]);
  }

  /** The rows are gone either way; a file left behind is only logged (the orphan sweep takes it later). */
  async remove(keys: string[]): Promise<void> {
    await removeStoredFiles(this.storage, keys, (error, key) =>
      this.log.error({ err: error, key }, 'could not delete a file of a deleted project'),
    );
  }
}

/**
 * Deletes stored files: plain keys in batches (DeleteObjects on S3), a round's renditions folder
 * by its prefix. A failure is handed to `failed` and the rest go on.
 */
export async function removeStoredFiles(
  storage: FileStorage,
  keys: readonly string[],
  failed: (error: unknown, key: string) => void,
): Promise<void> {
  const folders = keys.filter((key) => key.startsWith(RENDITIONS));
  const files = keys.filter((key) => !key.startsWith(RENDITIONS));
  await storage.deleteMany(files).catch((error: unknown) => failed(error, files.join(', ')));
  for (const folder of folders)
    await storage.deletePrefix(folder).catch((error: unknown) => failed(error, folder));
}
