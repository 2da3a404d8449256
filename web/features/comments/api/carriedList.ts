import type { Comment } from '@common/api/comments';

/** The waiting comments of the checklist, changed at once while a call is under way. */
export function withoutComment(list: readonly Comment[], id: number): Comment[] {
  return list.filter((c) => c.id !== id);
}

/** Puts a comment back where it was (the oldest first, as the server lists them), once. */
export function restoreComment(list: readonly Comment[], comment: Comment): Comment[] {
  if (list.some((c) => c.id === comment.id)) return [...list];
  const before = (c: Comment) =>
    c.created_at < comment.created_at || (c.created_at === comment.created_at && c.id < comment.id);
  const at = list.findIndex((c) => !before(c));
  return at === -1 ? [...list, comment] : [...list.slice(0, at), comment, ...list.slice(at)];
}
