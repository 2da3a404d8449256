import type { CommentAuthor } from '@common/api/comments';
import { guestLabel } from '@common/api/guests';
import type { CommentWithAuthor } from '../db/repositories/comments';
import { avatarUrl } from './user';

type Authored = Pick<
  CommentWithAuthor,
  'user_id' | 'guest_id' | 'author_name' | 'author_avatar_key' | 'guest_name'
>;

/** Whether a guest of a review link wrote it. */
export function byGuest(row: Pick<Authored, 'guest_id'>): boolean {
  return typeof row.guest_id === 'number';
}

/** The author's name: the member's, the guest's, or 'Deleted user' once the account is gone. */
export function authorName(row: Authored): string {
  if (byGuest(row)) return row.guest_name ?? 'Guest';
  return row.author_name ?? 'Deleted user';
}

/** The author as a line of text members read (reports): a guest's name marked '(Guest)'. */
export function authorLabel(row: Authored): string {
  return byGuest(row) ? guestLabel(authorName(row)) : authorName(row);
}

/** The author as members see them: a member with id and avatar; a guest by name, `is_guest`. */
export function presentAuthor(row: Authored): CommentAuthor {
  if (byGuest(row)) return { id: null, name: authorName(row), avatar: null, is_guest: true };
  return {
    id: row.user_id,
    name: authorName(row),
    avatar: row.user_id !== null ? avatarUrl({ id: row.user_id, avatar_key: row.author_avatar_key }) : null,
    is_guest: false,
  };
}

/** The author as a guest sees them: a name only, and whether they are a guest (never an id, avatar or e-mail). */
export function presentAuthorToGuest(row: Authored): CommentAuthor {
  return { id: null, name: authorName(row), avatar: null, is_guest: byGuest(row) };
}
