import { plainCommentText } from '@common/api/commentCarryOver';
import type { Comment, Reply } from '@common/api/comments';
import type { CommentWithAuthor } from '../db/repositories/comments';
import { presentStoredFields } from './comment';
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
    ...presentStoredFields(row),
    text: plainCommentText(row.text),
    mentions: [],
    user: presentAuthorToGuest(row),
    files: [],
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
