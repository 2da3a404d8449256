import { COMMENT_TEXTS, type Comment, type CommentFilter } from '@common/api/comments';
import type { Pagination } from '@common/api/projects';
import type { ThreadScope } from '../../db/repositories/commentThreads';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { AppError } from '../../errors';
import { authorizeComments } from '../../policies/comments';
import { presentThreads } from '../../presenters/comment';
import { presentPagination } from '../../presenters/pagination';
import type { AssetAccess } from '../assets/assetAccess';

export interface CommentPageQuery {
  /** The comments made on this round only; every round's when absent. */
  roundNumber?: number;
  filter?: CommentFilter;
  /** From 1. */
  page: number;
  /** Threads (root comments) per page. */
  perPage: number;
}

export interface CommentPage {
  comments: Comment[];
  pagination: Pagination;
}

/** The repositories CommentList uses. */
type CommentListRepositories = 'assetVersions' | 'commentThreads' | 'comments';

/**
 * The comment lists of an asset (GET /assets/{id}/comments, and per round), a page at a time.
 * A page holds up to `perPage` threads, the oldest first, each root comment with every one of its
 * replies: the database answers the page's roots, their count, then the replies and files of just
 * those roots, so no call reads more of an asset than one page.
 */
export class CommentList {
  constructor(
    private readonly uow: UnitOfWorkOf<CommentListRepositories>,
    private readonly assetAccess: AssetAccess,
  ) {}

  async page(userId: number, assetId: number, query: CommentPageQuery): Promise<CommentPage> {
    const { asset, view } = await this.assetAccess.forAsset(userId, assetId);
    authorizeComments(view, 'see');
    const { comments, commentThreads: threads } = this.uow.read;
    const scope: ThreadScope = {
      assetId: asset.id,
      versionId:
        query.roundNumber === undefined ? undefined : await this.roundId(asset.id, query.roundNumber),
      unresolved: query.filter === 'unresolved',
    };
    const [total, roots] = await Promise.all([
      threads.countRoots(scope),
      threads.rootPage(scope, query.perPage, (query.page - 1) * query.perPage),
    ]);
    const pagination = presentPagination(query.page, query.perPage, total);
    if (roots.length === 0) return { comments: [], pagination };
    const rows = [...roots, ...(await threads.repliesOf(roots.map((r) => r.id)))];
    const [files, ranks] = await Promise.all([
      comments.filesOf(rows.map((r) => r.id)),
      comments.ranks(view.project.id),
    ]);
    return { comments: presentThreads(view, rows, files, ranks), pagination };
  }

  /** The id of the asset's round `number` (404 when it has none). */
  private async roundId(assetId: number, number: number): Promise<number> {
    const round = (await this.uow.read.assetVersions.listForAsset(assetId)).find((r) => r.number === number);
    if (!round) throw new AppError(404, 'not_found', COMMENT_TEXTS.noRound);
    return round.id;
  }
}
