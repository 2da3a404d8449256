import type { Folder } from '@common/api/projects';
import type { DomainEventPayloads, DomainEventType } from '@common/domainEvents';
import { messages } from '@common/validation';
import type { Clock } from '../../clock';
import type { FolderRow } from '../../db/repositories/folders';
import type { ProjectRow } from '../../db/repositories/projects';
import { isUniqueViolation } from '../../db/repositories/users';
import type { TxOf, UnitOfWorkOf } from '../../db/unitOfWork';
import { invalidRecord, notFound } from '../../errors';
import { authorize } from '../../policies/projects';
import { folderInReach } from '../../policies/sharedReach';
import { EMPTY_FOLDER, presentFolder, type FolderContentsSummary } from '../../presenters/folder';
import { sharedAddress } from '../../presenters/sharedAsset';
import type { ProjectAccess, ProjectView } from './projectAccess';
import { projectEvent } from './projectEvents';
import type { SharedProject } from '../../policies/sharedReach';

/**
 * What folders hold. The assets issue implements it: counts and previews for the folder cards,
 * and the removal of a folder's assets inside the transaction that deletes the folder.
 */
export interface FolderContents {
  summarize(folderIds: number[]): Promise<Map<number, FolderContentsSummary>>;
  /** Removes the folders' assets in `tx`; answers what to do once it committed (remove their files). */
  removeFromFolders(tx: TxOf<never>, folderIds: number[]): Promise<() => Promise<void>>;
}

/** Until assets exist, folders hold nothing. */
export const NO_FOLDER_CONTENTS: FolderContents = {
  summarize: () => Promise.resolve(new Map()),
  removeFromFolders: () => Promise.resolve(() => Promise.resolve()),
};

/** A link's viewers fetch a folder's previews through the link. */
const sharedPreviews = (project: ProjectRow) => (url: string) => sharedAddress(project.share_hash ?? '', url);

const nameTaken = () => invalidRecord({ name: [messages.unique('folder name')] });

/** A project's folders: list, create, read, rename, and delete many with their contents. */
export class FolderService {
  constructor(
    private readonly uow: UnitOfWorkOf<'folders'>,
    private readonly access: ProjectAccess,
    private readonly clock: Clock,
    private readonly contents: FolderContents = NO_FOLDER_CONTENTS,
  ) {}

  async list(userId: number, projectId: number): Promise<Folder[]> {
    const view = await this.access.forUser(projectId, userId);
    authorize(view, 'folders.see');
    return this.present(await this.uow.read.folders.list(view.project.id), view.userId);
  }

  /**
   * The folders of a project as an anonymous viewer of its public link sees them: their previews
   * at the link's addresses (the members' answer 401 to them). A folder link shows only its
   * folder, a selection link none.
   */
  async listShared(project: SharedProject): Promise<Folder[]> {
    const reached = (await this.uow.read.folders.list(project.id)).filter((f) =>
      folderInReach(project, f.id),
    );
    return this.present(reached, null, sharedPreviews(project));
  }

  async create(userId: number, projectId: number, name: string): Promise<Folder> {
    const view = await this.access.forUser(projectId, userId);
    authorize(view, 'folders.add');
    if (await this.uow.read.folders.nameTaken(view.project.id, name)) throw nameTaken();
    const now = this.clock.now().toISOString();
    const row = await this.write(async (tx) => {
      const created = await tx.folders.create({
        projectId: view.project.id,
        name,
        createdById: view.userId,
        now,
      });
      await this.record(tx, view, 'folder.created', created.id, { name });
      return created;
    });
    return presentFolder(row, view.userId);
  }

  async get(userId: number, folderId: number): Promise<Folder> {
    const { folder, view } = await this.load(userId, folderId);
    authorize(view, 'folders.see');
    return (await this.present([folder], userId))[0]!;
  }

  /** A folder of the project behind a public link; another project's folder, or one the link does not reach, is not found. */
  async getShared(project: SharedProject, folderId: number): Promise<Folder> {
    const folder = await this.uow.read.folders.findById(folderId);
    if (folder?.project_id !== project.id || !folderInReach(project, folder.id)) throw notFound();
    return (await this.present([folder], null, sharedPreviews(project)))[0]!;
  }

  async rename(userId: number, folderId: number, name: string): Promise<Folder> {
    const { folder, view } = await this.load(userId, folderId);
    authorize(view, 'folders.edit');
    if (await this.uow.read.folders.nameTaken(folder.project_id, name, folder.id)) throw nameTaken();
    const renamed = await this.write(async (tx) => {
      const row = await tx.folders.rename(folder.id, name, this.clock.now().toISOString());
      if (folder.name !== name)
        await this.record(tx, view, 'folder.renamed', folder.id, { from: folder.name, to: name });
      return row;
    });
    return (await this.present([renamed], userId))[0]!;
  }

  /**
   * All or nothing: every folder must be one the caller sees (else 404) and may delete (else 403).
   * The folders' contents go in the same transaction.
   */
  async deleteMany(userId: number, folderIds: number[]): Promise<number> {
    const ids = [...new Set(folderIds)];
    const rows = await this.uow.read.folders.findMany(ids);
    if (rows.length !== ids.length) throw notFound();
    const views = new Map<number, ProjectView>();
    for (const row of rows) {
      const view = views.get(row.project_id) ?? (await this.access.forUser(row.project_id, userId));
      views.set(row.project_id, view);
    }
    for (const view of views.values()) authorize(view, 'folders.destroy');
    const removeFiles = await this.uow.transaction(async (tx) => {
      const afterCommit = await this.contents.removeFromFolders(tx, ids);
      await tx.folders.deleteMany(ids);
      for (const row of rows)
        await this.record(tx, views.get(row.project_id)!, 'folder.deleted', row.id, { name: row.name });
      return afterCommit;
    });
    await removeFiles();
    return ids.length;
  }

  private async load(userId: number, folderId: number) {
    const folder = await this.uow.read.folders.findById(folderId);
    if (!folder) throw notFound();
    return { folder, view: await this.access.forUser(folder.project_id, userId) };
  }

  /** `previewAddress` turns the members' preview addresses into the caller's (a link's). */
  private async present(
    rows: FolderRow[],
    viewerId: number | null,
    previewAddress: (url: string) => string | null = (url) => url,
  ): Promise<Folder[]> {
    const summaries = rows.length
      ? await this.contents.summarize(rows.map((r) => r.id))
      : new Map<number, FolderContentsSummary>();
    return rows.map((row) => {
      const summary = summaries.get(row.id) ?? EMPTY_FOLDER;
      const previews = summary.previews_urls.flatMap((url) => previewAddress(url) ?? []);
      return presentFolder(row, viewerId, { ...summary, previews_urls: previews });
    });
  }

  /** The unique name key settles two requests racing for one name. */
  private async write<T>(change: (tx: TxOf<'folders'>) => Promise<T>): Promise<T> {
    try {
      return await this.uow.transaction(change);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  private record<T extends Extract<DomainEventType, `folder.${string}`>>(
    tx: TxOf<never>,
    view: ProjectView,
    type: T,
    folderId: number,
    data: DomainEventPayloads[T],
  ) {
    return tx.record(
      projectEvent(view.project, view.userId, type, { subject: { type: 'Folder', id: folderId }, data }),
    );
  }
}
