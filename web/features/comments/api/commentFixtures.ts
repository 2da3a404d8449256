import type { Comment } from '@common/api/comments';
import { temporaryComment } from './commentCache';

/** What the comment-cache and page-loading tests build their comments from. */
export const author = { id: 7, name: 'Ann', avatar: null };
export const round = { id: 40, number: 1 };
export const now = new Date('2026-11-25T09:00:00Z');

/** A comment as the server answers it, with every ability, and any field overridden. */
export function comment(id: number, over: Partial<Comment> = {}): Comment {
  return {
    ...temporaryComment({ asset_id: 3, text: `c${id}` }, author, round, now, id),
    abilities: { edit: true, destroy: true, complete: true, reply: true },
    ...over,
  };
}
