import { GUEST_COMMENTS_PER_MINUTE } from '@common/api/guests';
import type { Comment } from '@common/api/comments';
import type { AssetRow } from '../../db/repositories/assets';
import type { CommentRow } from '../../db/repositories/comments';
import type { GuestRow } from '../../db/repositories/guests';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { presentGuestReply, presentGuestThreads } from '../../presenters/guestComment';
import { reachedAsset } from '../assets/reachedAsset';
import type { RateLimiter } from '../platform/rateLimiter';
import type { SharedProject } from '../../policies/sharedReach';
import { commentNotFound, type CommentChanges, type CommentService, type NewCommentInput } from './comments';

/** The repositories GuestComments uses. */
type GuestCommentRepositories = 'comments' | 'sharedAssets';

/**
 * Comments through a review link (issue 26), as its guests see and write them: only on assets the
 * link reaches, only the current round. With the link's 'Show comments' on, a guest sees every
 * thread of the round; off, only the threads they started, with every reply in them. Writing goes
 * through the members' CommentService (same rules and caps), at most GUEST_COMMENTS_PER_MINUTE a
 * guest.
 */
export class GuestComments {
  constructor(
    private readonly uow: UnitOfWorkOf<GuestCommentRepositories>,
    private readonly comments: CommentService,
    private readonly limiter: RateLimiter,
  ) {}

  /** The current round's threads of the asset that the guest sees, the oldest first. */
  async list(project: SharedProject, guest: GuestRow, assetId: number): Promise<Comment[]> {
    const asset = await this.reached(project, assetId);
    const rows = await this.uow.read.comments.list(asset.id, asset.current_version_id ?? 0);
    const sees = seesThread(project, guest);
    const shown = new Set(rows.filter((r) => r.parent_id === null && sees(r)).map((r) => r.id));
    return presentGuestThreads(
      rows.filter((r) => shown.has(r.parent_id ?? r.id)),
      guest.id,
    );
  }

  /** Adds the guest's comment or reply; answers it as the guest now reads it. */
  async create(project: SharedProject, guest: GuestRow, input: NewCommentInput): Promise<Comment> {
    const asset = await this.reached(project, input.asset_id);
    await this.limiter.consume(`guest-comments:${guest.id}`, {
      max: GUEST_COMMENTS_PER_MINUTE,
      windowMinutes: 1,
    });
    const id = await this.comments.createAsGuest(guest, project, asset, input, seesThread(project, guest));
    return this.presentOne(guest, id);
  }

  /** The guest edits the text or markup of their own comment or reply (403 for another's it sees). */
  async update(
    project: SharedProject,
    guest: GuestRow,
    commentId: number,
    changes: Omit<CommentChanges, 'files'>,
  ): Promise<Comment> {
    const { comment, asset } = await this.visible(project, guest, commentId);
    await this.comments.updateAsGuest(guest, project, comment, asset, changes);
    return this.presentOne(guest, comment.id);
  }

  /** The guest deletes their own comment, with the replies in its thread, or their own reply. */
  async destroy(project: SharedProject, guest: GuestRow, commentId: number): Promise<void> {
    const { comment, asset } = await this.visible(project, guest, commentId);
    await this.comments.destroyAsGuest(guest, project, comment, asset);
  }

  /**
   * A comment the guest sees: on an asset the link reaches, on its current round, in a thread the
   * guest sees; 404 otherwise, as for a comment that does not exist.
   */
  private async visible(
    project: SharedProject,
    guest: GuestRow,
    commentId: number,
  ): Promise<{ comment: CommentRow; asset: AssetRow }> {
    const { comments } = this.uow.read;
    const comment = await comments.findById(commentId);
    if (!comment) throw commentNotFound();
    const asset = await this.reached(project, comment.asset_id).catch(() => {
      throw commentNotFound();
    });
    const thread = comment.parent_id === null ? comment : await comments.findById(comment.parent_id);
    if (!thread || comment.version_id !== asset.current_version_id || !seesThread(project, guest)(thread))
      throw commentNotFound();
    return { comment, asset };
  }

  private async presentOne(guest: GuestRow, id: number): Promise<Comment> {
    const rows = await this.uow.read.comments.withAuthors([id]);
    const row = rows.find((r) => r.id === id);
    if (!row) throw commentNotFound();
    if (row.parent_id !== null) return presentGuestReply(row, guest.id);
    // The thread's replies as the guest may see them: all of a thread they see.
    return presentGuestThreads(rows, guest.id)[0]!;
  }

  private reached(project: SharedProject, assetId: number): Promise<AssetRow> {
    return reachedAsset(this.uow.read.sharedAssets, project, assetId);
  }
}

/** Which threads (root comments) a guest sees: all with 'Show comments' on, else their own. */
function seesThread(project: SharedProject, guest: GuestRow): (thread: CommentRow) => boolean {
  return project.share_show_comments === 1 ? () => true : (thread) => thread.guest_id === guest.id;
}
