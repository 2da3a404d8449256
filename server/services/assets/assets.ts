import type { AssetRound, AssetView } from '@common/api/assets';
import { ASSET_TEXTS } from '@common/api/assets';
import type { Clock } from '../../clock';
import type { AssetRow } from '../../db/repositories/assets';
import type { AssetVersionRow } from '../../db/repositories/assetVersions';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { AppError, notFound } from '../../errors';
import { authorizeAssets, authorizeUploaderAction, type AssetAction } from '../../policies/assets';
import { authorize } from '../../policies/projects';
import { sharedLinkAllowsDownloads } from '../../policies/sharedLinks';
import { assetInReach } from '../../policies/sharedReach';
import type { SharedProject } from '../../policies/sharedReach';
import { presentRound, type AssetPresenter } from '../../presenters/asset';
import { assetNotFound, type AssetAccess } from './assetAccess';
import type { ProjectAccess } from '../projects/projectAccess';
import { projectEvent } from '../projects/projectEvents';
import type { RemoveRoundFiles } from '../workspaces/projectFiles';

/** A round whose files are about to be served, with its asset (whose name a download carries). */
export interface RoundFile {
  round: AssetVersionRow;
  asset: AssetRow;
}

const PREVIEW_NOT_FAILED = 'Only a round whose preview failed can be tried again.';

/** The repositories AssetService uses. */
type AssetRepositories = 'assetVersions' | 'assets' | 'projects' | 'users';

/** Reading assets and their rounds; deleting the latest round. */
export class AssetService {
  constructor(
    private readonly uow: UnitOfWorkOf<AssetRepositories>,
    private readonly access: ProjectAccess,
    private readonly assetAccess: AssetAccess,
    private readonly presenter: AssetPresenter,
    private readonly removeFiles: RemoveRoundFiles,
    private readonly queuePreview: (versionId: number) => Promise<void>,
    private readonly clock: Clock,
  ) {}

  /** A round whose previews failed is made again (the failed state's retry button). */
  async retryPreview(userId: number, assetId: number, versionId: number): Promise<AssetRound> {
    const { asset } = await this.load(userId, assetId, 'upload');
    const round = await this.uow.read.assetVersions.findById(versionId);
    if (round?.asset_id !== asset.id) throw notFound();
    if (round.preview_state !== 'failed')
      throw new AppError(422, 'invalid_record', PREVIEW_NOT_FAILED, { base: [PREVIEW_NOT_FAILED] });
    await this.uow.read.assetVersions.resetPreview(round.id, this.clock.now().toISOString());
    await this.queuePreview(round.id);
    return (await this.presentRounds([(await this.uow.read.assetVersions.findById(round.id))!]))[0]!;
  }

  /** 'Asset Not Found' (§8) for a deleted asset as for one the caller may not see. */
  async get(userId: number, assetId: number): Promise<AssetView> {
    const { asset } = await this.load(userId, assetId, 'see');
    return (await this.presenter.one(asset, userId)) ?? throwNotFound();
  }

  async rounds(userId: number, assetId: number): Promise<AssetRound[]> {
    const { asset } = await this.load(userId, assetId, 'seeVersions');
    const rounds = await this.uow.read.assetVersions.listForAsset(asset.id);
    return this.presentRounds(rounds);
  }

  /** A round whose files the caller may fetch (a member who sees the asset), with its asset. */
  async roundFile(userId: number, versionId: number): Promise<RoundFile> {
    const round = await this.uow.read.assetVersions.findById(versionId);
    if (!round) throw notFound();
    const view = await this.access.forUser(round.project_id, userId);
    authorize(view, 'assets.see');
    const asset = await this.uow.read.assets.findById(round.asset_id);
    if (!asset) throw notFound();
    return { round, asset };
  }

  /**
   * The thumbnail that pictures a project without a cover, for whoever sees the project (its
   * card): only the current round of an asset of that project, and only its thumbnail (the route
   * asks for nothing else).
   */
  async projectThumbnailRound(userId: number, projectId: number, versionId: number): Promise<RoundFile> {
    const view = await this.access.forUser(projectId, userId);
    authorize(view, 'projects.see');
    const round = await this.uow.read.assetVersions.findById(versionId);
    if (!round || round.project_id !== projectId) throw notFound();
    const asset = await this.uow.read.assets.findById(round.asset_id);
    if (asset?.current_version_id !== round.id) throw notFound();
    return { round, asset };
  }

  /**
   * A round's files for the viewers of a public link: only the latest round of an asset of the
   * link's project (§5: anonymous viewers see the latest round only), the original only when the
   * link allows downloads.
   */
  async sharedRoundFile(
    project: SharedProject,
    versionId: number,
  ): Promise<RoundFile & { downloadable: boolean }> {
    const round = await this.uow.read.assetVersions.findById(versionId);
    if (!round || round.project_id !== project.id) throw notFound();
    const asset = await this.uow.read.assets.findById(round.asset_id);
    if (asset?.current_version_id !== round.id || !assetInReach(project, asset)) throw notFound();
    return { round, asset, downloadable: sharedLinkAllowsDownloads(project) };
  }

  /** The rounds of the given assets of one project (GET /projects/{id}/asset_versions?ids[]=). */
  async projectRounds(userId: number, projectId: number, assetIds: number[]): Promise<AssetRound[]> {
    const view = await this.access.forUser(projectId, userId);
    authorize(view, 'assets.seeVersions');
    const assets = await this.uow.read.assets.findMany(assetIds);
    if (assets.length !== new Set(assetIds).size || assets.some((a) => a.project_id !== view.project.id))
      throw notFound();
    return this.presentRounds(await this.uow.read.assetVersions.listForAssets(assetIds));
  }

  /** Only the latest round goes (§4), and an asset keeps at least one. */
  async deleteLastRound(userId: number, assetId: number): Promise<AssetView> {
    const { asset, view } = await this.load(userId, assetId, 'destroy');
    const deleted = await this.uow.transaction(async (tx) => {
      await tx.lock('projects', asset.project_id);
      const rounds = await tx.assetVersions.listForAsset(asset.id);
      const last = rounds.at(-1);
      if (!last) throw notFound();
      if (rounds.length === 1)
        throw new AppError(422, 'invalid_record', ASSET_TEXTS.onlyRound, { base: [ASSET_TEXTS.onlyRound] });
      authorizeUploaderAction(view, last);
      const now = this.clock.now().toISOString();
      await tx.assetVersions.delete(last.id);
      await tx.assets.setCurrentVersion(asset.id, rounds.at(-2)!.id, now);
      await tx.projects.addStorageUsed(asset.project_id, -Number(last.size_bytes));
      await tx.record(
        projectEvent(view.project, userId, 'asset.round_deleted', {
          subject: { type: 'Asset', id: asset.id },
          data: { name: asset.name, number: last.number },
        }),
      );
      return last;
    });
    await this.removeFiles([deleted]);
    return this.get(userId, assetId);
  }

  private async load(userId: number, assetId: number, action: AssetAction) {
    const { asset, view } = await this.assetAccess.forAsset(userId, assetId);
    authorizeAssets(view, action);
    return { asset, view };
  }

  private async presentRounds(rounds: AssetVersionRow[]): Promise<AssetRound[]> {
    const uploaderIds = [
      ...new Set(rounds.map((r) => r.uploader_id).filter((id): id is number => id !== null)),
    ];
    const names = new Map<number, string>();
    for (const id of uploaderIds) {
      const user = await this.uow.read.users.findById(id);
      if (user) names.set(id, user.name);
    }
    return rounds.map((r) =>
      presentRound(r, r.uploader_id === null ? null : (names.get(r.uploader_id) ?? null)),
    );
  }
}

function throwNotFound(): never {
  throw assetNotFound();
}
