import { CARRY_OVER_TEXTS } from '@common/api/commentCarryOver';
import { COMMENT_TEXTS, type Comment } from '@common/api/comments';
import type { Clock } from '../../clock';
import type { AssetRow } from '../../db/repositories/assets';
import type { CommentRow, CommentWithAuthor } from '../../db/repositories/comments';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { AppError, invalidRecord } from '../../errors';
import { authorizeComments } from '../../policies/comments';
import { presentThreads } from '../../presenters/comment';
import type { AssetAccess } from '../assets/assetAccess';
import { commentNotFound } from './comments';
import type { ProjectView } from '../projects/projectAccess';
import { projectEvent } from '../projects/projectEvents';

/** The repositories CommentCarryOver uses. */
type CommentCarryOverRepositories = 'assetVersions' | 'assets' | 'commentRounds' | 'comments';

/**
 * Feedback carried between rounds (issue 12 item 5): the open root comments of earlier rounds an
 * asset's current round is waiting on, and carrying one over to the current round. Completing one
 * is the comments' own mark_as_completed (which keeps the unresolved counts); carrying one over
 * leaves the counts alone, since the comment stays open.
 */
export class CommentCarryOver {
  constructor(
    private readonly uow: UnitOfWorkOf<CommentCarryOverRepositories>,
    private readonly assetAccess: AssetAccess,
    private readonly clock: Clock,
  ) {}

  /** GET /assets/{id}/carried_comments: waiting comments with their replies, the oldest first. */
  async waiting(userId: number, assetId: number): Promise<Comment[]> {
    const { asset, view } = await this.assetAccess.forAsset(userId, assetId);
    authorizeComments(view, 'see');
    const rows = await this.uow.read.commentRounds.openBefore(asset.id, asset.round_number);
    return this.present(view, rows);
  }

  /** POST /comments/{id}/carry_over: the comment (and its replies) move to the current round. */
  async carryOver(userId: number, commentId: number): Promise<Comment> {
    const comment = await this.uow.read.comments.findById(commentId);
    if (!comment) throw commentNotFound();
    const { asset, view } = await this.assetAccess
      .forAsset(userId, comment.asset_id)
      .catch((error: unknown) => {
        throw error instanceof AppError && error.status === 404 ? commentNotFound() : error;
      });
    authorizeComments(view, 'see');
    authorizeComments(view, 'add');
    refuseUnwaiting(comment, asset);

    await this.uow.transaction(async (tx) => {
      await tx.lock('projects', view.project.id);
      const current = await tx.assets.findById(asset.id);
      if (!current || current.current_version_id === null)
        throw new AppError(404, 'not_found', COMMENT_TEXTS.noRound);
      const now = this.clock.now().toISOString();
      const round = { versionId: current.current_version_id, number: current.round_number };
      // A document's comment keeps its page: the new round must have it.
      const pages = (await tx.assetVersions.findById(round.versionId))?.page_count ?? 1;
      if (comment.page !== null && comment.page > pages)
        throw invalidRecord({ page: [CARRY_OVER_TEXTS.pageGone(pages)] });
      if (!(await tx.commentRounds.moveToRound(comment.id, round, now))) {
        // Completed, carried over or its round replaced meanwhile: say what it is now.
        const latest = await tx.comments.findById(comment.id);
        if (!latest) throw commentNotFound();
        refuseUnwaiting(latest, current);
        throw commentNotFound();
      }
      await tx.record(
        projectEvent(view.project, view.userId, 'comment.carried_over', {
          subject: { type: 'Comment', id: comment.id },
          data: {
            asset: current.name,
            asset_id: current.id,
            parent_id: null,
            markup_number: comment.markup_number,
            from_round: comment.round_number,
            to_round: current.round_number,
          },
        }),
      );
    });
    const rows = await this.uow.read.comments.withAuthors([comment.id]);
    const [thread] = await this.present(view, rows);
    if (!thread) throw commentNotFound();
    return thread;
  }

  private async present(view: ProjectView, rows: CommentWithAuthor[]): Promise<Comment[]> {
    const [files, ranks] = await Promise.all([
      this.uow.read.comments.filesOf(rows.map((r) => r.id)),
      this.uow.read.comments.ranks(view.project.id),
    ]);
    return presentThreads(view, rows, files, ranks);
  }
}

/** 422 for a comment the current round is not waiting on. */
function refuseUnwaiting(comment: CommentRow, asset: Pick<AssetRow, 'round_number'>): void {
  if (comment.parent_id !== null) throw invalidRecord({ parent_id: [CARRY_OVER_TEXTS.reply] });
  if (comment.completed_at !== null) throw invalidRecord({ completed_at: [CARRY_OVER_TEXTS.completed] });
  if (comment.round_number >= asset.round_number)
    throw invalidRecord({ version_id: [CARRY_OVER_TEXTS.onCurrentRound] });
}
