import type { TxOf, UnitOfWorkOf } from '../../db/unitOfWork';
import type { FolderContentsSummary } from '../../presenters/folder';
import { renditionUrl } from '../../presenters/asset';
import type { RemoveRoundFiles } from '../workspaces/projectFiles';
import type { FolderContents } from './folders';

/** A folder card shows at most 3 images (§9). */
const FOLDER_PREVIEWS = 3;

/** What folders hold: their images and documents counted, and a deleted folder's assets removed with it. */
export class AssetFolderContents implements FolderContents {
  constructor(
    private readonly uow: UnitOfWorkOf<'assets'>,
    private readonly removeRoundFiles: RemoveRoundFiles,
  ) {}

  async summarize(folderIds: number[]): Promise<Map<number, FolderContentsSummary>> {
    const summaries = new Map<number, FolderContentsSummary>();
    for (const { folderId, images, documents } of await this.uow.read.assets.countByFolder(folderIds))
      summaries.set(folderId, { images_count: images, documents_count: documents, previews_urls: [] });
    if (summaries.size === 0) return summaries;
    for (const round of await this.uow.read.assets.recentImageRounds(
      [...summaries.keys()],
      FOLDER_PREVIEWS,
    )) {
      const url = renditionUrl(round, 'thumbnail');
      if (url) summaries.get(round.folder_id)?.previews_urls.push(url);
    }
    return summaries;
  }

  async removeFromFolders(
    tx: TxOf<'assetVersions' | 'assets' | 'comments' | 'projects'>,
    folderIds: number[],
  ): Promise<() => Promise<void>> {
    const assetIds = await tx.assets.idsInFolders(folderIds);
    const rounds = await tx.assetVersions.listForAssets(assetIds);
    const commentFiles = await tx.comments.filesOfAssets(assetIds);
    // The rounds and the comments' files leave their projects' storage.
    const bytesByProject = new Map<number, number>();
    for (const file of [...rounds, ...commentFiles])
      bytesByProject.set(
        file.project_id,
        (bytesByProject.get(file.project_id) ?? 0) + Number(file.size_bytes),
      );
    for (const [projectId, bytes] of bytesByProject) await tx.projects.addStorageUsed(projectId, -bytes);
    await tx.assets.deleteMany(assetIds);
    // The files go only once the rows are gone for good: a rolled-back delete keeps them.
    return () =>
      this.removeRoundFiles(
        rounds,
        commentFiles.map((f) => f.storage_key),
      );
  }
}
