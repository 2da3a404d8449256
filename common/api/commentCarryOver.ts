import { z } from 'zod';
import { MENTION_PATTERN } from './comments';

/**
 * Feedback carried between rounds (issue 12 item 5, beyond the spec). When an asset has a newer
 * round than the one an open root comment was made on, the comment waits on the new round: it is
 * listed by GET /assets/{id}/carried_comments until it is completed (PATCH
 * /comments/{id}/mark_as_completed) or carried over (POST /comments/{id}/carry_over), which moves it
 * to the current round with its markup where it was (markup is relative to the image).
 */
export const CARRY_OVER_TEXTS = {
  reply: 'Only a comment, not a reply, is carried to a new round.',
  completed: 'A completed comment is not carried to a new round.',
  onCurrentRound: 'This comment is already on the current round.',
  pageGone: (pages: number) =>
    `Its page is not in the current round, which has ${pages === 1 ? '1 page' : `${pages} pages`}: mark it fixed instead.`,
  checklistTitle: (round: number) => `Feedback from Round ${round}`,
  carriedOver: (round: number) => `Carried over to Round ${round}.`,
} as const;

/** Exports of comments (GET /assets/{id}/comments/export, GET /projects/{id}/comments/export). */
export const COMMENT_EXPORT_FORMATS = ['csv', 'pdf'] as const;
export type CommentExportFormat = (typeof COMMENT_EXPORT_FORMATS)[number];
export const commentExportQuerySchema = z.object({ format: z.enum(COMMENT_EXPORT_FORMATS) });

/** A project report covers at most this many assets (those with comments, by name). */
export const COMMENT_EXPORT_ASSETS_MAX = 500;

/** A user's exports under way at once (two are drawn at a time, the others wait their turn); one more is refused. */
export const COMMENT_EXPORTS_PER_USER = 4;

export const COMMENT_EXPORT_TEXTS = {
  busy: `You have ${COMMENT_EXPORTS_PER_USER} comment exports under way: try again when one has downloaded.`,
} as const;

/** The CSV's columns, in order. */
export const COMMENT_CSV_COLUMNS = [
  'asset',
  'round',
  'page',
  'id',
  'number',
  'author',
  'date',
  'status',
  'completed_at',
  'text',
  'parent_id',
] as const;

/** A comment's text as people read it, mentions as '@Name', whole (line breaks kept). */
export function plainCommentText(text: string): string {
  return text.replace(MENTION_PATTERN, (_token, name: string) => `@${name}`);
}
