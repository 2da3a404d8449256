import { plainCommentText } from '@common/api/commentCarryOver';
import type { SharedComment, SharedReply } from '@common/api/sharedAssets';
import type { CommentWithAuthor } from '../db/repositories/comments';
import { parseMarkup } from './comment';
import { authorName, byGuest } from './commentAuthor';

function presentOne(row: CommentWithAuthor): SharedReply {
  return {
    id: row.id,
    parent_id: row.parent_id,
    text: plainCommentText(row.text),
    created_at: row.created_at,
    completed_at: row.completed_at,
    markup_number: row.markup_number,
    markup: parseMarkup(row.markup),
    page: row.page,
    is_edited: row.is_edited === 1,
    global_comment: row.global_comment === 1,
    author: { name: authorName(row), is_guest: byGuest(row) },
  };
}

/** A round's comments, the oldest first, with their replies, as a public link's viewers read them. */
export function presentSharedThreads(rows: readonly CommentWithAuthor[]): SharedComment[] {
  const replies = new Map<number, SharedReply[]>();
  for (const row of rows) {
    if (row.parent_id === null) continue;
    const list = replies.get(row.parent_id) ?? [];
    list.push(presentOne(row));
    replies.set(row.parent_id, list);
  }
  return rows
    .filter((row) => row.parent_id === null)
    .map((row) => ({ ...presentOne(row), replies: replies.get(row.id) ?? [] }));
}
