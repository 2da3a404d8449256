import {
  COMMENT_TEXTS,
  MARKUP_ASSET_POINTS_MAX,
  commentExcerpt,
  markupPointCount,
  mentionedIds,
  type Comment,
  type MarkupShape,
  type SeenByUser,
} from '@common/api/comments';
import type { Clock } from '../../clock';
import { GUEST_TEXTS } from '@common/api/guests';
import type { AssetRow } from '../../db/repositories/assets';
import type { ProjectRow } from '../../db/repositories/projects';
import type { CommentFileRow, CommentRow, CommentWithAuthor } from '../../db/repositories/comments';
import type { TxOf, UnitOfWorkOf } from '../../db/unitOfWork';
import { AppError, forbidden, invalidRecord } from '../../errors';
import {
  authorizeComments,
  authorizeDestroy,
  authorizeEdit,
  authorizeComplete,
  type CommentRanks,
} from '../../policies/comments';
import { presentReply, presentThreads } from '../../presenters/comment';
import { avatarUrl } from '../../presenters/user';
import type { AssetAccess } from '../assets/assetAccess';
import type { StorageRoomRepositories } from '../assets/storageRoom';
import type { CommentFiles, CommentUpload, StoredCommentFile } from './commentFiles';
import type { ProjectAccess, ProjectView } from '../projects/projectAccess';
import { projectEvent } from '../projects/projectEvents';

/** A comment that does not exist and one the caller may not see answer alike (API.md). */
export const commentNotFound = () => new AppError(404, 'not_found', COMMENT_TEXTS.notFound);

export interface NewCommentInput {
  asset_id: number;
  text: string;
  parent_id?: number | null;
  global_comment?: boolean;
  markup?: MarkupShape[] | null;
  /** The page of a document it is on (1-based). */
  page?: number | null;
}

export interface CommentChanges {
  text?: string;
  markup?: MarkupShape[] | null;
  /** Ids of the comment's files to keep; absent keeps them all. */
  files?: number[];
}

/**
 * Who writes a new comment: a member (`userId`), or a guest of a review link (`guest`, userId
 * null: the event then has no member for its actor and names the guest in its data).
 */
interface Writer {
  project: Pick<ProjectRow, 'id' | 'workspace_id'>;
  userId: number | null;
  guest: { id: number; name: string } | null;
}

/** The repositories CommentService uses. */
type CommentRepositories =
  'assetUploads' | 'assetVersions' | 'assets' | 'comments' | 'projects' | StorageRoomRepositories;

/**
 * Comments and replies on assets (projects-side §3–§8): list, add with markup or files, edit
 * one's own, complete and reopen, delete by the level rule, and each member's last sight. Every
 * change, the asset's and project's unresolved counts (§4) and its domain event happen in one
 * transaction; files are stored before it and removed again if it fails.
 */
export class CommentService {
  constructor(
    private readonly uow: UnitOfWorkOf<CommentRepositories>,
    private readonly assetAccess: AssetAccess,
    private readonly projectAccess: ProjectAccess,
    private readonly files: CommentFiles,
    private readonly clock: Clock,
  ) {}

  async create(userId: number, input: NewCommentInput, uploads: readonly CommentUpload[]): Promise<Comment> {
    const { asset, view } = await this.assetAccess.forAsset(userId, input.asset_id);
    authorizeComments(view, 'add');
    const parent = input.parent_id ? await this.parentOf(asset, input.parent_id) : null;
    const checked = await this.checked(asset, input, parent);
    await this.checkMentions(view, input.text);
    this.files.check(uploads);

    const stored = await this.files.store(view, uploads);
    const writer: Writer = { project: view.project, userId: view.userId, guest: null };
    const id = await this.withFiles(view, stored, (tx) =>
      this.insert(tx, writer, asset, checked, parent, stored),
    );
    return this.presentOne(view, id);
  }

  /**
   * A guest's comment or reply through a review link (issue 26), with the members' rules and caps:
   * on the asset's current round only, a reply only to a thread of that round the guest sees
   * (`sees`), no mentions, no files. The caller has checked that the link reaches the asset.
   * Answers the new comment's id.
   */
  async createAsGuest(
    guest: { id: number; name: string },
    project: Pick<ProjectRow, 'id' | 'workspace_id'>,
    asset: AssetRow,
    input: NewCommentInput,
    sees: (thread: CommentRow) => boolean,
  ): Promise<number> {
    const parent = input.parent_id ? await this.parentOf(asset, input.parent_id) : null;
    if (parent && (parent.version_id !== asset.current_version_id || !sees(parent)))
      throw invalidRecord({ parent_id: [GUEST_TEXTS.parentNotVisible] });
    const checked = await this.checked(asset, input, parent);
    if (mentionedIds(input.text).length > 0) throw invalidRecord({ text: [GUEST_TEXTS.noMentions] });
    const writer: Writer = { project, userId: null, guest };
    return this.uow.transaction((tx) => this.insert(tx, writer, asset, checked, parent, []));
  }

  /** The members' rules of a new comment's markup, place and page, whoever writes it. */
  private async checked(
    asset: AssetRow,
    input: NewCommentInput,
    parent: CommentRow | null,
  ): Promise<NewCommentInput & { markup: MarkupShape[]; page: number | null }> {
    const markup = input.markup ?? [];
    if (parent && markup.length > 0) throw invalidRecord({ markup: [COMMENT_TEXTS.replyNoMarkup] });
    if (parent && input.global_comment)
      throw invalidRecord({ global_comment: [COMMENT_TEXTS.replyNoGlobal] });
    if (input.global_comment && markup.length > 0)
      throw invalidRecord({ markup: [COMMENT_TEXTS.globalNoMarkup] });
    if (asset.current_version_id === null) throw new AppError(404, 'not_found', COMMENT_TEXTS.noRound);
    const page = await this.pageOf(asset, asset.current_version_id, input, markup, parent);
    return { ...input, markup, page };
  }

  async update(
    userId: number,
    commentId: number,
    changes: CommentChanges,
    uploads: readonly CommentUpload[],
  ): Promise<Comment> {
    const { comment, asset, view } = await this.load(userId, commentId);
    authorizeEdit(view, comment);
    checkEditShape(comment, changes);
    if (changes.text !== undefined) await this.checkMentions(view, changes.text);
    const current = await this.uow.read.comments.filesOf([comment.id]);
    const keep = changes.files;
    if (keep && keep.some((id) => !current.some((f) => f.id === id)))
      throw invalidRecord({ files: [COMMENT_TEXTS.unknownFile] });
    const dropped = keep ? current.filter((f) => !keep.includes(f.id)) : [];
    this.files.check(uploads, current.length - dropped.length);

    const stored = await this.files.store(view, uploads);
    const writer: Writer = { project: view.project, userId: view.userId, guest: null };
    await this.withFiles(view, stored, (tx) =>
      this.edit(tx, writer, comment, asset, changes, { dropped, stored }),
    );
    await this.files.remove(dropped.map((f) => f.storage_key));
    return this.presentOne(view, comment.id);
  }

  /**
   * A guest edits the text or markup of their own comment or reply (403 for anyone else's), with
   * the members' rules; no mentions, no files. The caller has checked that the guest sees it.
   */
  async updateAsGuest(
    guest: { id: number; name: string },
    project: Pick<ProjectRow, 'id' | 'workspace_id'>,
    comment: CommentRow,
    asset: AssetRow,
    changes: Omit<CommentChanges, 'files'>,
  ): Promise<void> {
    if (comment.guest_id !== guest.id) throw forbidden(COMMENT_TEXTS.editOwnOnly);
    checkEditShape(comment, changes);
    if (changes.text !== undefined && mentionedIds(changes.text).length > 0)
      throw invalidRecord({ text: [GUEST_TEXTS.noMentions] });
    const writer: Writer = { project, userId: null, guest };
    await this.uow.transaction((tx) =>
      this.edit(tx, writer, comment, asset, changes, { dropped: [], stored: [] }),
    );
  }

  /** Writes an edit whoever makes it: text, markup (under the asset's markup allowance), files. */
  private async edit(
    tx: TxOf<'assets' | 'comments' | 'projects'>,
    writer: Writer,
    comment: CommentRow,
    asset: AssetRow,
    changes: Omit<CommentChanges, 'files'>,
    files: { dropped: CommentFileRow[]; stored: StoredCommentFile[] },
  ): Promise<void> {
    const { dropped, stored } = files;
    const markup = changes.markup === undefined ? undefined : (changes.markup ?? []);
    const textChanged = changes.text !== undefined && changes.text !== comment.text;
    const markupChanged = markup !== undefined && JSON.stringify(markup) !== comment.markup;
    // The asset's markup is counted under the lock a new comment takes (insert).
    if (markupChanged) await tx.lock('projects', writer.project.id);
    const latest = await tx.comments.findById(comment.id);
    if (!latest) throw commentNotFound();
    if (!textChanged && !markupChanged && dropped.length === 0 && stored.length === 0) return;
    const points = markup === undefined ? latest.markup_points : markupPointCount(markup);
    // Only growth is checked: an edit that draws less always passes.
    if (markupChanged && points > latest.markup_points)
      await this.checkAssetPoints(tx, asset.id, points - latest.markup_points);
    const now = this.now();
    let markupNumber = comment.markup_number;
    if (markup !== undefined)
      markupNumber =
        markup.length === 0
          ? null
          : (comment.markup_number ?? (await tx.comments.takeMarkupNumber(asset.id)));
    await tx.comments.update(comment.id, {
      ...(textChanged ? { text: changes.text } : {}),
      ...(markup !== undefined
        ? { markup: JSON.stringify(markup), markup_number: markupNumber, markup_points: points }
        : {}),
      is_edited: 1,
      updated_at: now,
    });
    await this.files.uncount(tx, await tx.comments.deleteFiles(dropped.map((f) => f.id)));
    await tx.comments.insertFiles(stored.map((f) => ({ ...f, comment_id: comment.id, created_at: now })));
    await this.record(tx, writer, 'comment.edited', comment, asset);
  }

  /** Completes (true) or reopens a root comment; the answer carries the server's completed_at. */
  async setCompleted(userId: number, commentId: number, completed: boolean): Promise<Comment> {
    const { comment, asset, view } = await this.load(userId, commentId);
    if (comment.parent_id !== null) throw invalidRecord({ parent_id: [COMMENT_TEXTS.replyNoCompletion] });
    authorizeComplete(view, comment);
    await this.uow.transaction(async (tx) => {
      const now = this.now();
      const completion = completed ? { at: now, byId: userId } : null;
      if (!(await tx.comments.setCompleted(comment.id, completion, now))) return;
      await tx.comments.moveUnresolved(asset.id, asset.project_id, completed ? -1 : 1);
      const writer: Writer = { project: view.project, userId: view.userId, guest: null };
      await this.record(tx, writer, completed ? 'comment.completed' : 'comment.reopened', comment, asset);
    });
    return this.presentOne(view, comment.id);
  }

  /** Deletes a comment with its replies, or a reply; an open root comment leaves the unresolved counts. */
  async destroy(userId: number, commentId: number): Promise<void> {
    const { comment, asset, view } = await this.load(userId, commentId);
    authorizeDestroy(view, comment, await this.uow.read.comments.ranks(view.project.id));
    await this.remove({ project: view.project, userId: view.userId, guest: null }, comment, asset);
  }

  /**
   * A guest deletes their own comment (with the replies in its thread, as a member's deletion
   * does) or reply; 403 for anyone else's. The caller has checked that the guest sees it.
   */
  async destroyAsGuest(
    guest: { id: number; name: string },
    project: Pick<ProjectRow, 'id' | 'workspace_id'>,
    comment: CommentRow,
    asset: AssetRow,
  ): Promise<void> {
    if (comment.guest_id !== guest.id) throw forbidden(GUEST_TEXTS.deleteOwnOnly);
    await this.remove({ project, userId: null, guest }, comment, asset);
  }

  private async remove(writer: Writer, comment: CommentRow, asset: AssetRow): Promise<void> {
    const files = await this.uow.transaction(async (tx) => {
      await tx.lock('projects', writer.project.id);
      const current = await tx.comments.findById(comment.id);
      if (!current) throw commentNotFound();
      const files = await tx.comments.filesOfThread(comment.id);
      await tx.comments.delete(comment.id);
      await this.files.uncount(tx, files);
      if (current.parent_id === null && current.completed_at === null)
        await tx.comments.moveUnresolved(asset.id, asset.project_id, -1);
      await this.record(tx, writer, 'comment.deleted', comment, asset);
      return files;
    });
    await this.files.remove(files.map((f) => f.storage_key));
  }

  /** POST /assets/{id}/comments/last_seen: the asset's comments are no longer new to the caller. */
  async markSeen(userId: number, assetId: number): Promise<{ asset_id: number; last_seen_at: string }> {
    const { asset, view } = await this.assetAccess.forAsset(userId, assetId);
    authorizeComments(view, 'see');
    const now = this.now();
    await this.uow.transaction((tx) => tx.comments.markSeen(userId, asset.id, now));
    return { asset_id: asset.id, last_seen_at: now };
  }

  /** The members who have seen the asset's comments, the latest sight first. */
  async seenBy(userId: number, projectId: number, assetId: number): Promise<SeenByUser[]> {
    const view = await this.projectAccess.forUser(projectId, userId);
    const [asset] = await this.assetAccess.inProject(view, [assetId]);
    authorizeComments(view, 'see');
    const rows = await this.uow.read.comments.seenBy(view.project.id, asset!.id);
    return rows.map((r) => ({
      user: { id: r.id, name: r.name, avatar: avatarUrl(r), is_guest: false },
      last_seen_at: r.last_seen_at,
    }));
  }

  /** A comment file a member may fetch. */
  async file(userId: number, commentId: number, fileId: number) {
    const { comment } = await this.load(userId, commentId);
    const file = await this.uow.read.comments.findFile(fileId);
    if (!file || file.comment_id !== comment.id) throw commentNotFound();
    return file;
  }

  /** The comment and its asset, for a caller who may see the asset's comments; 404 otherwise. */
  private async load(
    userId: number,
    commentId: number,
  ): Promise<{ comment: CommentRow; asset: AssetRow; view: ProjectView }> {
    const comment = await this.uow.read.comments.findById(commentId);
    if (!comment) throw commentNotFound();
    const { asset, view } = await this.assetAccess
      .forAsset(userId, comment.asset_id)
      .catch((error: unknown) => {
        throw error instanceof AppError && error.status === 404 ? commentNotFound() : error;
      });
    authorizeComments(view, 'see');
    return { comment, asset, view };
  }

  private async parentOf(asset: AssetRow, parentId: number): Promise<CommentRow> {
    const parent = await this.uow.read.comments.findById(parentId);
    if (!parent || parent.asset_id !== asset.id)
      throw invalidRecord({ parent_id: [COMMENT_TEXTS.parentElsewhere] });
    if (parent.parent_id !== null) throw invalidRecord({ parent_id: [COMMENT_TEXTS.replyToReply] });
    return parent;
  }

  /**
   * The page a new comment is on: a reply's is its comment's; a document's comment with markup is
   * on the page given (page 1 when none is); images and global comments are on no page.
   */
  private async pageOf(
    asset: AssetRow,
    versionId: number,
    input: NewCommentInput,
    markup: MarkupShape[],
    parent: CommentRow | null,
  ): Promise<number | null> {
    const asked = input.page ?? null;
    if (parent) {
      if (asked !== null && asked !== parent.page) throw invalidRecord({ page: [COMMENT_TEXTS.replyPage] });
      return parent.page;
    }
    if (asked !== null && input.global_comment) throw invalidRecord({ page: [COMMENT_TEXTS.pageOnGlobal] });
    if (asked !== null && asset.kind !== 'document')
      throw invalidRecord({ page: [COMMENT_TEXTS.pageOnImage] });
    if (asset.kind !== 'document' || input.global_comment) return null;
    const page = asked ?? (markup.length > 0 ? 1 : null);
    if (page === null) return null;
    // A document still being processed has one page known: its first.
    const pages = (await this.uow.read.assetVersions.findById(versionId))?.page_count ?? 1;
    if (page > pages) throw invalidRecord({ page: [COMMENT_TEXTS.pageOutOfRange(pages)] });
    return page;
  }

  /** Mentions name members of the project only (decisions.md). */
  private async checkMentions(view: ProjectView, text: string): Promise<void> {
    const ids = mentionedIds(text);
    if (ids.length === 0) return;
    const members = await this.uow.read.comments.membersAmong(view.project.id, ids);
    if (ids.some((id) => !members.has(id))) throw invalidRecord({ text: [COMMENT_TEXTS.mentionNotMember] });
  }

  private async insert(
    tx: TxOf<'assets' | 'comments'>,
    writer: Writer,
    asset: AssetRow,
    input: NewCommentInput & { markup: MarkupShape[]; page: number | null },
    parent: CommentRow | null,
    stored: StoredCommentFile[],
  ): Promise<number> {
    await tx.lock('projects', writer.project.id);
    // The asset, or the comment replied to, may have gone since they were read.
    const current = await tx.assets.findById(asset.id);
    if (!current || current.current_version_id === null)
      throw new AppError(404, 'not_found', COMMENT_TEXTS.noRound);
    if (parent && !(await tx.comments.findById(parent.id)))
      throw invalidRecord({ parent_id: [COMMENT_TEXTS.parentElsewhere] });
    const points = markupPointCount(input.markup);
    if (points > 0) await this.checkAssetPoints(tx, current.id, points);
    const now = this.now();
    const markupNumber = input.markup.length > 0 ? await tx.comments.takeMarkupNumber(asset.id) : null;
    const id = await tx.comments.insert({
      project_id: current.project_id,
      asset_id: current.id,
      version_id: parent ? parent.version_id : current.current_version_id,
      round_number: parent ? parent.round_number : current.round_number,
      user_id: writer.userId,
      guest_id: writer.guest?.id ?? null,
      parent_id: parent?.id ?? null,
      text: input.text,
      markup: JSON.stringify(input.markup),
      markup_number: markupNumber,
      markup_points: points,
      page: input.page,
      global_comment: input.global_comment ? 1 : 0,
      is_edited: 0,
      completed_at: null,
      created_at: now,
      updated_at: now,
    });
    await tx.comments.insertFiles(stored.map((f) => ({ ...f, comment_id: id, created_at: now })));
    if (!parent) await tx.comments.moveUnresolved(current.id, current.project_id, 1);
    await tx.comments.touchAsset(current.id, now);
    await tx.record(
      projectEvent(writer.project, writer.userId, parent ? 'comment.replied' : 'comment.created', {
        subject: { type: 'Comment', id },
        data: {
          asset: current.name,
          asset_id: current.id,
          parent_id: parent?.id ?? null,
          version_id: parent ? parent.version_id : current.current_version_id,
          excerpt: commentExcerpt(input.text),
          markup_number: markupNumber,
          mentions: mentionedIds(input.text),
          ...(writer.guest ? { guest_id: writer.guest.id, guest_name: writer.guest.name } : {}),
        },
      }),
    );
    return id;
  }

  /**
   * 422 when `added` more points would take the markup of the asset's comments, all rounds
   * together, past MARKUP_ASSET_POINTS_MAX. Inside the transaction, under the project's lock, so
   * that two comments drawn at once cannot both pass on the same sum.
   */
  private async checkAssetPoints(tx: TxOf<'comments'>, assetId: number, added: number): Promise<void> {
    if ((await tx.comments.markupPointsOf(assetId)) + added > MARKUP_ASSET_POINTS_MAX)
      throw invalidRecord({ markup: [COMMENT_TEXTS.tooManyAssetPoints] });
  }

  /** Runs the change with the stored files counted in the storage; if it fails, they go again. */
  private async withFiles<T>(
    view: ProjectView,
    stored: StoredCommentFile[],
    change: (tx: TxOf<'assets' | 'comments' | 'projects'>) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.uow.transaction(async (tx) => {
        await this.files.count(tx, view, stored);
        return change(tx);
      });
    } catch (error) {
      await this.files.remove(stored.map((f) => f.storage_key));
      throw error;
    }
  }

  /** An event of an existing comment; an edit or a deletion says whether it is a reply's, and a guest's names them. */
  private record(
    tx: TxOf<never>,
    writer: Writer,
    type: 'comment.edited' | 'comment.deleted' | 'comment.completed' | 'comment.reopened',
    comment: CommentRow,
    asset: AssetRow,
  ) {
    const subject = { type: 'Comment', id: comment.id } as const;
    const on = {
      asset: asset.name,
      asset_id: asset.id,
      parent_id: comment.parent_id,
      version_id: comment.version_id,
    };
    const guest = writer.guest ? { guest_id: writer.guest.id, guest_name: writer.guest.name } : {};
    // Once the comment is gone, the event alone says whose it was (a guest's thread is told to them).
    const author =
      type === 'comment.deleted' && comment.guest_id !== null ? { author_guest_id: comment.guest_id } : {};
    return tx.record(
      type === 'comment.edited' || type === 'comment.deleted'
        ? projectEvent(writer.project, writer.userId, type, {
            subject,
            data: { ...on, reply: comment.parent_id !== null, ...guest, ...author },
          })
        : projectEvent(writer.project, writer.userId, type, { subject, data: on }),
    );
  }

  private async present(view: ProjectView, rows: CommentWithAuthor[]): Promise<Comment[]> {
    const [files, ranks] = await Promise.all([
      this.uow.read.comments.filesOf(rows.map((r) => r.id)),
      this.ranks(view),
    ]);
    return presentThreads(view, rows, files, ranks);
  }

  /** One comment with its replies, or one reply, as the caller now sees it. */
  private async presentOne(view: ProjectView, id: number): Promise<Comment> {
    const rows = await this.uow.read.comments.withAuthors([id]);
    const row = rows.find((r) => r.id === id);
    if (!row) throw commentNotFound();
    if (row.parent_id !== null) {
      const [files, ranks] = await Promise.all([this.uow.read.comments.filesOf([id]), this.ranks(view)]);
      return presentReply(view, row, files, ranks);
    }
    const [thread] = await this.present(view, rows);
    return thread!;
  }

  private ranks(view: ProjectView): Promise<CommentRanks> {
    return this.uow.read.comments.ranks(view.project.id);
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}

/** What an edit may change on this comment: a reply and a global comment carry no markup. */
function checkEditShape(comment: CommentRow, changes: Pick<CommentChanges, 'markup'>): void {
  if (comment.parent_id !== null && changes.markup && changes.markup.length > 0)
    throw invalidRecord({ markup: [COMMENT_TEXTS.replyNoMarkup] });
  if (comment.global_comment === 1 && changes.markup && changes.markup.length > 0)
    throw invalidRecord({ markup: [COMMENT_TEXTS.globalNoMarkup] });
}
