import { buffer } from 'node:stream/consumers';
import { COMMENT_EXPORT_ASSETS_MAX } from '@common/api/commentCarryOver';
import type { FileStorage } from '../../../adapters/storage/fileStorage';
import { embeddableImage } from '../../../media/reportImage';
import type { Clock } from '../../../clock';
import type { AssetRow } from '../../../db/repositories/assets';
import type { AssetVersionRow } from '../../../db/repositories/assetVersions';
import type { UnitOfWorkOf } from '../../../db/unitOfWork';
import { authorizeComments } from '../../../policies/comments';
import type { AssetAccess } from '../../assets/assetAccess';
import type { ProjectAccess } from '../../projects/projectAccess';
import { hasPages } from '../../../presenters/asset';
import type { RoundPages } from '../../assets/roundPages';
import type { ReportAssetOutline, ReportOutline, ReportPreview } from './reportModel';
import type { ReportAssetRows } from './reportRounds';

/** A preview file bigger than this is not read into memory for a report (the report says 'No preview'). */
const PREVIEW_MAX_BYTES = 40 * 1024 * 1024;

/** The repositories CommentReports uses. */
type CommentReportsRepositories = 'assetVersions' | 'assets' | 'commentRounds';

/**
 * What a comment export holds, for members who may see comments (404 to others, as every comment
 * call): one asset's comments, or those of a project's assets with comments (at most
 * COMMENT_EXPORT_ASSETS_MAX, by name), grouped by round.
 */
export class CommentReports {
  constructor(
    private readonly uow: UnitOfWorkOf<CommentReportsRepositories>,
    private readonly assetAccess: AssetAccess,
    private readonly projectAccess: ProjectAccess,
    private readonly storage: FileStorage,
    private readonly roundPages: RoundPages,
    private readonly clock: Clock,
    /** The most assets a project export covers. */
    private readonly assetsMax = COMMENT_EXPORT_ASSETS_MAX,
  ) {}

  async forAsset(userId: number, assetId: number): Promise<ReportOutline> {
    const { asset, view } = await this.assetAccess.forAsset(userId, assetId);
    authorizeComments(view, 'see');
    return {
      projectName: view.project.name,
      fileBase: `${baseName(asset.name)} comments`,
      assets: await this.outlines([asset]),
      assetsLeftOut: 0,
      generatedAt: this.clock.now().toISOString(),
    };
  }

  async forProject(userId: number, projectId: number): Promise<ReportOutline> {
    const view = await this.projectAccess.forUser(projectId, userId);
    authorizeComments(view, 'see');
    const ids = await this.uow.read.commentRounds.assetsWithComments(view.project.id, this.assetsMax + 1);
    const shown = ids.slice(0, this.assetsMax);
    const found = new Map((await this.uow.read.assets.findMany(shown)).map((a) => [a.id, a]));
    const assets = shown.map((id) => found.get(id)).filter((a): a is AssetRow => a !== undefined);
    return {
      projectName: view.project.name,
      fileBase: `${view.project.name} comments`,
      assets: await this.outlines(assets),
      assetsLeftOut: ids.length > this.assetsMax ? await this.countLeftOut(view.project.id) : 0,
      generatedAt: this.clock.now().toISOString(),
    };
  }

  /**
   * An asset's comments and its rounds' previews, read as the report reaches it; null when the
   * asset has gone since the outline was read.
   */
  async assetRows(outline: ReportAssetOutline): Promise<ReportAssetRows | null> {
    const [asset] = await this.uow.read.assets.findMany([outline.id]);
    if (!asset) return null;
    const [rows, rounds] = await Promise.all([
      this.uow.read.commentRounds.listForAssets([asset.id]),
      this.uow.read.assetVersions.listForAsset(asset.id),
    ]);
    return { id: asset.id, name: asset.name, rows, previews: rounds.map(roundPreview) };
  }

  /** The stored preview's bytes as a PDF embeds them, or null when it is gone, too large or not a picture. */
  async previewBytes(preview: ReportPreview, page = 1): Promise<Buffer | null> {
    const stored = page === 1 ? await this.storage.get(preview.key) : await this.pageFile(preview, page);
    if (!stored) return null;
    if (stored.size > PREVIEW_MAX_BYTES) {
      stored.body.destroy();
      return null;
    }
    return embeddableImage(await buffer(stored.body), preview.contentType);
  }

  /** Page `page` of a document's round, drawn first when nobody has looked at it yet; null when it cannot be. */
  private async pageFile(preview: ReportPreview, page: number) {
    if (page < 1 || page > preview.pages) return null;
    const round = await this.uow.read.assetVersions.findById(preview.roundId);
    if (!round || !hasPages(round)) return null;
    const prefix = round.thumbnail_key!.split('/').slice(0, 2).join('/');
    return this.roundPages.file(round, prefix, page).catch(() => null);
  }

  private async countLeftOut(projectId: number): Promise<number> {
    return (await this.uow.read.commentRounds.countAssetsWithComments(projectId)) - this.assetsMax;
  }

  private async outlines(assets: AssetRow[]): Promise<ReportAssetOutline[]> {
    const counts = await this.uow.read.commentRounds.rootCountsByRound(assets.map((a) => a.id));
    return assets.map((asset) => ({
      id: asset.id,
      name: asset.name,
      rounds: counts
        .filter((c) => c.asset_id === asset.id)
        .map((c) => ({ number: c.round_number, comments: c.comments })),
    }));
  }
}

/** The round's stored preview for a report, or null before there is one. */
function roundPreview(round: AssetVersionRow): ReportAssetRows['previews'][number] {
  return {
    number: round.number,
    preview:
      round.preview_key && round.preview_content_type
        ? {
            roundId: round.id,
            key: round.preview_key,
            contentType: round.preview_content_type,
            width: round.width,
            height: round.height,
            pages: hasPages(round) ? Math.max(1, round.page_count ?? 1) : 1,
          }
        : null,
  };
}

function baseName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
