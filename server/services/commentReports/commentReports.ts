import type { Readable } from 'node:stream';
import { COMMENT_EXPORT_ASSETS_MAX, plainCommentText } from '@common/api/commentCarryOver';
import type { MarkupShape } from '@common/api/comments';
import type { FileStorage } from '../../adapters/storage/fileStorage';
import type { Clock } from '../../clock';
import type { AssetRow } from '../../db/repositories/assets';
import type { AssetVersionRow } from '../../db/repositories/assetVersions';
import type { CommentWithAuthor } from '../../db/repositories/comments';
import type { UnitOfWork } from '../../db/unitOfWork';
import { authorizeComments } from '../../policies/comments';
import type { AssetAccess } from '../assetAccess';
import type { ProjectAccess } from '../projectAccess';
import { hasPages } from '../../presenters/asset';
import type { RoundPages } from '../roundPages';
import type { CommentReport, ReportAsset, ReportComment, ReportPreview, ReportRound } from './reportModel';

/** A preview file bigger than this is not read into memory for a report (the report says 'No preview'). */
const PREVIEW_MAX_BYTES = 40 * 1024 * 1024;

/**
 * What a comment export holds, for members who may see comments (404 to others, as every comment
 * call): one asset's comments, or those of a project's assets with comments (at most
 * COMMENT_EXPORT_ASSETS_MAX, by name), grouped by round.
 */
export class CommentReports {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly assetAccess: AssetAccess,
    private readonly projectAccess: ProjectAccess,
    private readonly storage: FileStorage,
    private readonly roundPages: RoundPages,
    private readonly clock: Clock,
    /** The most assets a project export covers. */
    private readonly assetsMax = COMMENT_EXPORT_ASSETS_MAX,
  ) {}

  async forAsset(userId: number, assetId: number): Promise<CommentReport> {
    const { asset, view } = await this.assetAccess.forAsset(userId, assetId);
    authorizeComments(view, 'see');
    return {
      projectName: view.project.name,
      fileBase: `${baseName(asset.name)} comments`,
      assets: await this.assets([asset]),
      assetsLeftOut: 0,
      generatedAt: this.clock.now().toISOString(),
    };
  }

  async forProject(userId: number, projectId: number): Promise<CommentReport> {
    const view = await this.projectAccess.forUser(projectId, userId);
    authorizeComments(view, 'see');
    const ids = await this.uow.read.commentRounds.assetsWithComments(view.project.id, this.assetsMax + 1);
    const shown = ids.slice(0, this.assetsMax);
    const found = new Map((await this.uow.read.assets.findMany(shown)).map((a) => [a.id, a]));
    const assets = shown.map((id) => found.get(id)).filter((a): a is AssetRow => a !== undefined);
    return {
      projectName: view.project.name,
      fileBase: `${view.project.name} comments`,
      assets: await this.assets(assets),
      assetsLeftOut: ids.length > this.assetsMax ? await this.countLeftOut(view.project.id) : 0,
      generatedAt: this.clock.now().toISOString(),
    };
  }

  /** The stored preview's bytes, or null when it is gone or too large to draw. */
  async previewBytes(preview: ReportPreview, page = 1): Promise<Buffer | null> {
    const stored = page === 1 ? await this.storage.get(preview.key) : await this.pageFile(preview, page);
    if (!stored) return null;
    if (stored.size > PREVIEW_MAX_BYTES) {
      stored.body.destroy();
      return null;
    }
    return readAll(stored.body);
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

  private async assets(assets: AssetRow[]): Promise<ReportAsset[]> {
    const ids = assets.map((a) => a.id);
    const [rows, rounds] = await Promise.all([
      this.uow.read.commentRounds.listForAssets(ids),
      this.uow.read.assetVersions.listForAssets(ids),
    ]);
    return assets.map((asset) => ({
      id: asset.id,
      name: asset.name,
      rounds: roundsOf(
        rows.filter((r) => r.asset_id === asset.id),
        rounds.filter((r) => r.asset_id === asset.id),
      ),
    }));
  }
}

/** The asset's comments grouped by the round they are on, rounds in order, comments the oldest first. */
function roundsOf(rows: CommentWithAuthor[], rounds: AssetVersionRow[]): ReportRound[] {
  const replies = new Map<number, ReportComment[]>();
  for (const row of rows)
    if (row.parent_id !== null)
      replies.set(row.parent_id, [...(replies.get(row.parent_id) ?? []), toReport(row)]);
  const byRound = new Map<number, ReportComment[]>();
  for (const row of rows) {
    if (row.parent_id !== null) continue;
    const list = byRound.get(row.round_number) ?? [];
    list.push({ ...toReport(row), replies: replies.get(row.id) ?? [] });
    byRound.set(row.round_number, list);
  }
  return [...byRound.keys()]
    .sort((a, b) => a - b)
    .map((number) => {
      const round = rounds.find((r) => r.number === number);
      return {
        number,
        preview:
          round?.preview_key && round.preview_content_type
            ? {
                roundId: round.id,
                key: round.preview_key,
                contentType: round.preview_content_type,
                width: round.width,
                height: round.height,
                pages: hasPages(round) ? Math.max(1, round.page_count ?? 1) : 1,
              }
            : null,
        comments: byRound.get(number) ?? [],
      };
    });
}

function toReport(row: CommentWithAuthor): ReportComment {
  return {
    id: row.id,
    parentId: row.parent_id,
    number: row.markup_number,
    page: row.page,
    author: row.author_name ?? 'Deleted user',
    createdAt: iso(row.created_at),
    completedAt: row.completed_at === null ? null : iso(row.completed_at),
    text: plainCommentText(row.text),
    markup: parseMarkup(row.markup),
    replies: [],
  };
}

function iso(value: string | Date): string {
  return new Date(value).toISOString();
}

function parseMarkup(stored: string): MarkupShape[] {
  try {
    const shapes: unknown = JSON.parse(stored);
    return Array.isArray(shapes) ? (shapes as MarkupShape[]) : [];
  } catch {
    return [];
  }
}

function baseName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
