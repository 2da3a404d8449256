import { plainCommentText } from '@common/api/commentCarryOver';
import type { Comment, Reply } from '@common/api/comments';
import type { CommentWithAuthor } from '../db/repositories/comments';
import { parseMarkup } from './comment';
import { presentAuthorToGuest } from './commentAuthor';

/**
 * A comment or reply as a guest of a review link reads it: the members' shape, with authors by
 * name only (never a member's id, avatar or e-mail), mentions written out as '@Name', no files
 * (those are the members'), and what the guest (`guestId`) may do: reply to a comment, edit and
 * delete their own, never complete.
 */
function presentOne(row: CommentWithAuthor, guestId: number): Reply {
  const own = row.guest_id === guestId;
  return {
    id: row.id,
    asset_id: row.asset_id,
    version_id: row.version_id,
    round_number: row.round_number,
    text: plainCommentText(row.text),
    mentions: [],
    user: presentAuthorToGuest(row),
    parent_id: row.parent_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    completed_at: row.completed_at,
    markup_number: row.markup_number,
    markup: parseMarkup(row.markup),
    page: row.page,
    is_edited: row.is_edited === 1,
    files: [],
    global_comment: row.global_comment === 1,
    abilities: { edit: own, destroy: own, complete: false, reply: row.parent_id === null },
  };
}

/** Root comments with their replies, in the order given; replies whose root is not among `rows` are left out. */
export function presentGuestThreads(rows: readonly CommentWithAuthor[], guestId: number): Comment[] {
  const replies = new Map<number, Reply[]>();
  for (const row of rows) {
    if (row.parent_id === null) continue;
    const list = replies.get(row.parent_id) ?? [];
    list.push(presentOne(row, guestId));
    replies.set(row.parent_id, list);
  }
  return rows
    .filter((row) => row.parent_id === null)
    .map((row) => ({ ...presentOne(row, guestId), replies: replies.get(row.id) ?? [] }));
}

/** One reply as a guest reads it (the answer of their POST). */
export function presentGuestReply(row: CommentWithAuthor, guestId: number): Comment {
  return { ...presentOne(row, guestId), replies: [] };
}
