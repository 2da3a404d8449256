import { ASSET_TEXTS, type AssetView } from '@common/api/assets';
import type { DomainEventPayloads, DomainEventType } from '@common/domainEvents';
import type { Clock } from '../../clock';
import { assetNameKey, type AssetChange, type AssetRow } from '../../db/repositories/assets';
import type { FolderRow } from '../../db/repositories/folders';
import { isUniqueViolation } from '../../db/repositories/users';
import type { TxOf, UnitOfWorkOf } from '../../db/unitOfWork';
import { AppError, invalidRecord } from '../../errors';
import { authorizeAssets, type AssetAction } from '../../policies/assets';
import type { AssetPresenter } from '../../presenters/asset';
import { assetNotFound, type AssetAccess } from './assetAccess';
import type { RemoveRoundFiles } from '../workspaces/projectFiles';
import { checkNewAssetName } from './assetNames';
import type { ProjectAccess, ProjectView } from '../projects/projectAccess';
import { projectEvent } from '../projects/projectEvents';

/** The repositories AssetActions uses. */
type AssetActionsRepositories =
  'assetUserStates' | 'assetVersions' | 'assets' | 'comments' | 'labels' | 'projects';

/**
 * What members do to assets (projects-side §4, §7): rename, delete, move between folders, approve,
 * flag, label, and mark seen. Each call lets the caller in (AssetAccess: 404 for what they may not
 * see), asks server/policies/assets.ts (403 for what they may not do), then acts: each change and
 * its events happen in one transaction, and each answer presents the assets as the caller now
 * sees them.
 */
export class AssetActions {
  constructor(
    private readonly uow: UnitOfWorkOf<AssetActionsRepositories>,
    private readonly access: AssetAccess,
    private readonly projects: ProjectAccess,
    private readonly presenter: AssetPresenter,
    private readonly removeRounds: RemoveRoundFiles,
    private readonly clock: Clock,
  ) {}

  /** Names are unique per place regardless of case; changing only the case is a rename. */
  async rename(userId: number, assetId: number, filename: string): Promise<AssetView> {
    const { asset, view } = await this.allowed(userId, assetId, 'rename');
    const name = checkNewAssetName(filename, asset);
    if (name !== asset.name) {
      await this.uniquely(
        () => duplicateName(asset.folder_id),
        (tx) => this.renameIn(tx, view, asset, name),
      );
    }
    return this.presentOne(view, asset.id);
  }

  /** All or nothing; the stored files of every round go after the commit. */
  async destroy(userId: number, projectId: number, assetIds: number[]): Promise<number> {
    const { view, assets } = await this.allowedIn(userId, projectId, assetIds, 'destroy');
    const ids = assets.map((a) => a.id);
    const removed = await this.uow.transaction(async (tx) => {
      await tx.lock('projects', view.project.id);
      // Another call may have deleted some meanwhile: then none go.
      if ((await tx.assets.findMany(ids)).length !== ids.length) throw assetNotFound();
      const rounds = await tx.assetVersions.listForAssets(ids);
      const commentFiles = await tx.comments.filesOfAssets(ids);
      await tx.assets.deleteMany(ids);
      // The rounds and the comments' files leave the project's storage.
      const bytes = [...rounds, ...commentFiles].reduce((sum, f) => sum + Number(f.size_bytes), 0);
      await tx.projects.addStorageUsed(view.project.id, -bytes);
      await this.recordEach(tx, view, 'asset.deleted', assets, (a) => ({
        name: a.name,
        folder_id: a.folder_id,
      }));
      return { rounds, commentFiles: commentFiles.map((f) => f.storage_key) };
    });
    await this.removeRounds(removed.rounds, removed.commentFiles);
    return ids.length;
  }

  /** Assets of the folder's project into the folder (POST /folders/{id}/move_assets). */
  async moveToFolder(userId: number, folderId: number, assetIds: number[]): Promise<AssetView[]> {
    const { folder, view } = await this.access.forFolder(userId, folderId);
    const assets = await this.access.inProject(view, assetIds);
    authorizeAssets(view, 'move');
    return this.move(view, assets, folder);
  }

  /** Assets back to the project's root (POST /projects/{id}/unfold_assets). */
  async moveToRoot(userId: number, projectId: number, assetIds: number[]): Promise<AssetView[]> {
    const { view, assets } = await this.allowedIn(userId, projectId, assetIds, 'move');
    return this.move(view, assets, null);
  }

  /**
   * Into `folder`, or back to the project's root (null). A name taken there, by an asset or an
   * upload under way, or shared by two of the moving assets, refuses the whole call.
   */
  private async move(view: ProjectView, assets: AssetRow[], folder: FolderRow | null): Promise<AssetView[]> {
    const folderId = folder?.id ?? null;
    const moving = assets.filter((a) => a.folder_id !== folderId);
    if (moving.length > 0) {
      await this.uniquely(
        () => nameTakenAt(folderId, {}),
        async (tx) => {
          await tx.lock('projects', view.project.id);
          const taken = await tx.assets.takenNames(
            view.project.id,
            folderId,
            moving.map((a) => a.name_key),
          );
          const names = new Set<string>();
          for (const asset of moving) {
            if (taken.has(asset.name_key) || names.has(asset.name_key))
              throw nameTakenAt(folderId, { asset_id: asset.id, name: asset.name });
            names.add(asset.name_key);
          }
          await tx.assets.moveTo(
            moving.map((a) => a.id),
            folderId,
            this.now(),
          );
          await this.recordEach(tx, view, 'asset.moved', moving, (a) => ({
            name: a.name,
            folder: folder?.name ?? null,
            from_folder_id: a.folder_id,
          }));
        },
      );
    }
    return this.present(view, assets);
  }

  /** Approve or unapprove (§4); assets already so are left as they are. */
  async setApproval(
    userId: number,
    projectId: number,
    assetIds: number[],
    approved: boolean,
  ): Promise<AssetView[]> {
    const { view, assets } = await this.allowedIn(userId, projectId, assetIds, 'approve');
    await this.uow.transaction(async (tx) => {
      const changed = await tx.assets.setApproval(
        assets.map((a) => a.id),
        approved ? 'confirmed' : 'pending',
        this.change(view),
      );
      const type = approved ? 'asset.approved' : 'asset.unapproved';
      await this.recordEach(tx, view, type, only(assets, changed), (a) => ({ name: a.name }));
    });
    return this.present(view, assets);
  }

  async setRush(userId: number, assetId: number, rush: boolean): Promise<AssetView> {
    const { asset, view } = await this.allowed(userId, assetId, 'flag');
    await this.uow.transaction(async (tx) => {
      if (await tx.assets.setRush(asset.id, rush, this.change(view)))
        await this.recordEach(tx, view, rush ? 'asset.flagged' : 'asset.unflagged', [asset], (a) => ({
          name: a.name,
        }));
    });
    return this.presentOne(view, asset.id);
  }

  /** A workspace label or one of the project's own (as labels.ts scopes them); null takes it off. */
  async setLabel(userId: number, assetIds: number[], labelId: number | null): Promise<AssetView[]> {
    const { view, assets } = await this.access.forAssets(userId, assetIds);
    authorizeAssets(view, 'label');
    const label = labelId === null ? null : await this.uow.read.labels.findById(labelId);
    if (
      label !== null &&
      (label?.workspace_id !== view.project.workspace_id ||
        (label.project_id !== null && label.project_id !== view.project.id))
    )
      throw invalidRecord({ label_id: [ASSET_TEXTS.labelNotUsable] });
    const ids = assets.map((a) => a.id);
    await this.uow.transaction(async (tx) => {
      const before = await tx.assets.labelsOf(ids);
      const changed = only(assets, await tx.assets.setLabel(ids, label?.id ?? null, this.change(view)));
      if (label)
        await this.recordEach(tx, view, 'asset.labeled', changed, (a) => ({
          name: a.name,
          label: label.name,
        }));
      else
        await this.recordEach(tx, view, 'asset.unlabeled', changed, (a) => ({
          name: a.name,
          label: before.get(a.id)?.label.name ?? null,
        }));
    });
    return this.present(view, assets);
  }

  /** §4 'Seen': the caller's marks on this asset clear (POST /assets/{id}/last_seen). */
  async markSeen(userId: number, assetId: number): Promise<AssetView> {
    const { asset, view } = await this.allowed(userId, assetId, 'markSeen');
    await this.uow.transaction((tx) => tx.assetUserStates.markSeen(view.userId, asset.id, this.now()));
    return this.presentOne(view, asset.id);
  }

  /** One asset the caller sees and may act on. */
  private async allowed(userId: number, assetId: number, action: AssetAction) {
    const found = await this.access.forAsset(userId, assetId);
    authorizeAssets(found.view, action);
    return found;
  }

  /** The project of the path and its assets named in the body, all or nothing. */
  private async allowedIn(userId: number, projectId: number, assetIds: number[], action: AssetAction) {
    const view = await this.projects.forUser(projectId, userId);
    const assets = await this.access.inProject(view, assetIds);
    authorizeAssets(view, action);
    return { view, assets };
  }

  private async renameIn(
    tx: TxOf<'assets'>,
    view: ProjectView,
    asset: AssetRow,
    name: string,
  ): Promise<void> {
    await tx.lock('projects', view.project.id);
    const holder = (await tx.assets.takenNames(view.project.id, asset.folder_id, [assetNameKey(name)])).get(
      assetNameKey(name),
    );
    if (holder !== undefined && holder !== asset.id) throw duplicateName(asset.folder_id);
    await tx.assets.rename(asset.id, name, this.change(view));
    await this.recordEach(tx, view, 'asset.renamed', [asset], () => ({ from: asset.name, to: name }));
  }

  /** The unique name index settles two requests racing for one name in one place. */
  private async uniquely(
    conflict: () => AppError,
    change: (tx: TxOf<'assets'>) => Promise<void>,
  ): Promise<void> {
    try {
      await this.uow.transaction(change);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict();
      throw error;
    }
  }

  private recordEach<T extends Extract<DomainEventType, `asset.${string}`>>(
    tx: TxOf<never>,
    view: ProjectView,
    type: T,
    assets: AssetRow[],
    data: (asset: AssetRow) => DomainEventPayloads[T],
  ) {
    return tx.recordMany(
      assets.map((asset) =>
        projectEvent(view.project, view.userId, type, {
          subject: { type: 'Asset', id: asset.id },
          data: data(asset),
        }),
      ),
    );
  }

  /** The assets read again after the change, in the order the call named them. */
  private async present(view: ProjectView, assets: Pick<AssetRow, 'id'>[]): Promise<AssetView[]> {
    const rows = new Map(
      (await this.uow.read.assets.findMany(assets.map((a) => a.id))).map((a) => [a.id, a]),
    );
    const current = assets.flatMap((a) => rows.get(a.id) ?? []);
    return this.presenter.many(current, view.userId);
  }

  private async presentOne(view: ProjectView, assetId: number): Promise<AssetView> {
    const [presented] = await this.present(view, [{ id: assetId }]);
    if (!presented) throw assetNotFound();
    return presented;
  }

  private change(view: ProjectView): AssetChange {
    return { userId: view.userId, now: this.now() };
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}

function only(assets: AssetRow[], ids: number[]): AssetRow[] {
  const changed = new Set(ids);
  return assets.filter((a) => changed.has(a.id));
}

/** §8: 400 asset_in_project or asset_in_folder, naming the asset that cannot go there. */
function nameTakenAt(folderId: number | null, details: Record<string, unknown>): AppError {
  return folderId === null
    ? new AppError(400, 'asset_in_project', ASSET_TEXTS.nameInProject, details)
    : new AppError(400, 'asset_in_folder', ASSET_TEXTS.nameInFolder, details);
}

/** A rename to a name taken in the asset's place: the same codes, with §8's 'Duplicate filename' text. */
function duplicateName(folderId: number | null): AppError {
  return new AppError(
    400,
    folderId === null ? 'asset_in_project' : 'asset_in_folder',
    ASSET_TEXTS.duplicateName,
    { filename: [ASSET_TEXTS.duplicateName] },
  );
}
