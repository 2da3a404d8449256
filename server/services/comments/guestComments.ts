import { GUEST_COMMENTS_PER_MINUTE } from '@common/api/guests';
import type { Comment } from '@common/api/comments';
import type { AssetRow } from '../../db/repositories/assets';
import type { CommentRow } from '../../db/repositories/comments';
import type { GuestRow } from '../../db/repositories/guests';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { notFound } from '../../errors';
import { presentGuestReply, presentGuestThreads } from '../../presenters/guestComment';
import { reachedAsset } from '../assets/reachedAsset';
import type { RateLimiter } from '../platform/rateLimiter';
import type { SharedProject } from '../projects/sharedAccess';
import type { CommentService, NewCommentInput } from './comments';

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
    return presentGuestThreads(rows.filter((r) => shown.has(r.parent_id ?? r.id)));
  }

  /** Adds the guest's comment or reply; answers it as the guest now reads it. */
  async create(project: SharedProject, guest: GuestRow, input: NewCommentInput): Promise<Comment> {
    const asset = await this.reached(project, input.asset_id);
    await this.limiter.consume(`guest-comments:${guest.id}`, {
      max: GUEST_COMMENTS_PER_MINUTE,
      windowMinutes: 1,
    });
    const id = await this.comments.createAsGuest(guest, project, asset, input, seesThread(project, guest));
    const rows = await this.uow.read.comments.withAuthors([id]);
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound();
    return row.parent_id === null ? presentGuestThreads(rows)[0]! : presentGuestReply(row);
  }

  private reached(project: SharedProject, assetId: number): Promise<AssetRow> {
    return reachedAsset(this.uow.read.sharedAssets, project, assetId);
  }
}

/** Which threads (root comments) a guest sees: all with 'Show comments' on, else their own. */
function seesThread(project: SharedProject, guest: GuestRow): (thread: CommentRow) => boolean {
  return project.share_show_comments === 1 ? () => true : (thread) => thread.guest_id === guest.id;
}
