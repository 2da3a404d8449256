import { z } from 'zod';
import { messages, requiredText } from '../validation';
import { paginationSchema } from './projects';

/**
 * Comments, replies and their markup: the wire format (projects-side §3, §4, §7, §8, §9).
 *
 * A comment's text is plain text, never HTML. Mentions are written in it as `@[Name](user:ID)`
 * (MENTION_PATTERN); the server refuses a mention of someone who is not a member of the project
 * and answers the ids mentioned in `mentions`.
 */

/** §9: the palette of 8 colours, in the order the colour picker shows them. */
export const MARKUP_COLORS = {
  red: '#E5372C',
  orange: '#F5862A',
  yellow: '#F7D038',
  green: '#2B9324',
  blue: '#2F6FDE',
  purple: '#8E44CF',
  nearWhite: '#F4F4F4',
  black: '#000000',
} as const;
export type MarkupColor = (typeof MARKUP_COLORS)[keyof typeof MARKUP_COLORS];
export const MARKUP_PALETTE: readonly MarkupColor[] = Object.values(MARKUP_COLORS);

/** §9: stroke sizes 1 to 8 (the slider maps 0–100 % onto them). */
export const MARKUP_SIZE_MIN = 1;
export const MARKUP_SIZE_MAX = 8;
/** Caps checked before anything else looks at a markup. */
export const MARKUP_SHAPES_MAX = 200;
export const MARKUP_POINTS_MAX = 5000;
/** Points of all the shapes of one comment together. */
export const MARKUP_TOTAL_POINTS_MAX = 50_000;
/**
 * Points of the markup of all the comments of one asset, every round's together (checked by the
 * server when a comment is added or its markup grows): what its list and its reports carry at most.
 */
export const MARKUP_ASSET_POINTS_MAX = 200_000;
/** Absolute coordinates (is_relative false) are image pixels: no picture we take is wider. */
export const MARKUP_ABSOLUTE_MAX = 1_000_000;

export const COMMENT_TEXT_MAX = 5000;
/** Files attached to one comment, and the size of each. */
export const COMMENT_FILES_MAX = 5;
export const COMMENT_FILE_MAX_BYTES = 25 * 1024 * 1024;
/** A page number past any document's (checked against the round's page_count afterwards). */
export const COMMENT_PAGE_MAX = 100_000;
/** Mentions in one comment. */
export const COMMENT_MENTIONS_MAX = 50;

/**
 * `@[Name](user:ID)`: a name of at most 100 characters without brackets or line breaks, and a
 * numeric id. No nested quantifier, so matching costs time in proportion to the text.
 */
export const MENTION_PATTERN = /@\[([^\]\n]{1,100})\]\(user:(\d{1,12})\)/g;

/** The user ids a text mentions, each once, in the order they first appear. */
export function mentionedIds(text: string): number[] {
  const ids: number[] = [];
  for (const match of text.matchAll(MENTION_PATTERN)) {
    const id = Number(match[2]);
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The mention token the text box inserts for a member. */
export function mentionToken(user: { id: number; name: string }): string {
  const name = user.name.replace(/[[\]\n]/g, ' ').slice(0, 100);
  return `@[${name}](user:${user.id})`;
}

/** The text as people read it, mentions as '@Name', cut at `max` characters (activity log, e-mails). */
export function commentExcerpt(text: string, max = 80): string {
  const plain = text
    .replace(MENTION_PATTERN, (_token, name: string) => `@${name}`)
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

export const COMMENT_TEXTS = {
  deleteTitle: 'Delete Comment',
  deleteComment: 'Are you sure you want to delete this comment?',
  deleteReply: 'Are you sure you want to delete this reply?',
  deleted: 'The comment was deleted.',
  notFound: 'This comment no longer exists.',
  tooShortLine: 'A line needs more than one point.',
  badColor: `Stroke color must be one of ${MARKUP_PALETTE.join(', ')}.`,
  badSize: `Stroke size must be between ${MARKUP_SIZE_MIN} and ${MARKUP_SIZE_MAX}.`,
  tooManyShapes: `A comment carries at most ${MARKUP_SHAPES_MAX} shapes.`,
  tooManyPoints: `A line has at most ${MARKUP_POINTS_MAX} points.`,
  tooManyPointsTotal: `A comment's markup has at most ${MARKUP_TOTAL_POINTS_MAX} points.`,
  tooManyAssetPoints: `An asset's markup has at most ${MARKUP_ASSET_POINTS_MAX.toLocaleString('en-US')} points; delete some markup before drawing more.`,
  relativePoint: 'Relative points lie between 0 and 1.',
  absolutePoint: `Points lie between 0 and ${MARKUP_ABSOLUTE_MAX}.`,
  replyNoMarkup: 'A reply cannot carry markup.',
  replyNoGlobal: 'A reply cannot be a global comment.',
  globalNoMarkup: 'A global comment is about the whole asset: it carries no markup.',
  replyToReply: 'Reply to the comment itself, not to one of its replies.',
  parentElsewhere: 'The comment replied to is not on this asset.',
  replyNoCompletion: 'Only a comment, not a reply, can be completed or reopened.',
  editOwnOnly: 'Only the author can edit a comment.',
  deleteByLevel: 'Only the author, or a member with a higher role than the author, can delete this comment.',
  mentionNotMember: 'Only members of the project can be mentioned.',
  tooManyMentions: `A comment mentions at most ${COMMENT_MENTIONS_MAX} people.`,
  tooManyFiles: `A comment carries at most ${COMMENT_FILES_MAX} files.`,
  fileTooLarge: (name: string) =>
    `The file ${name} is larger than ${COMMENT_FILE_MAX_BYTES / 1024 / 1024} MB.`,
  unknownFile: 'A kept file is not one of this comment’s files.',
  noRound: 'This asset has no such round.',
  markupOnRound: 'A comment with markup is drawn on the asset’s current round.',
  pageOnImage: 'Only a document’s comments are on a page.',
  pageOnGlobal: 'A global comment is about the whole asset: it is on no page.',
  replyPage: 'A reply is on the page of the comment it answers.',
  pageOutOfRange: (pages: number) =>
    pages === 1
      ? 'This document has 1 page: the page must be 1.'
      : `This document has ${pages} pages: the page must be between 1 and ${pages}.`,
} as const;

/** A list whose length is checked before any of its items is looked at. */
function capped<T extends z.ZodType>(item: T, max: number, error: string) {
  return z.array(z.unknown()).max(max, { error, abort: true }).pipe(z.array(item));
}

const coordinate = z.number().finite();
export const markupPointSchema = z.object({ x: coordinate, y: coordinate });
export type MarkupPoint = z.infer<typeof markupPointSchema>;

/**
 * The kinds of shape. A line is the spec's (§3): its stored and answered form has no `type`, so
 * old comments read the same. The others carry their `type` and exactly two points: an arrow from
 * its tail (first) to its head (second); a rectangle or an ellipse by two opposite corners of its
 * box.
 */
export const MARKUP_SHAPE_TYPES = ['line', 'arrow', 'rectangle', 'ellipse'] as const;
export type MarkupShapeType = (typeof MARKUP_SHAPE_TYPES)[number];
/** The typed shapes: two points each. */
export const MARKUP_TWO_POINT_TYPES = ['arrow', 'rectangle', 'ellipse'] as const;

/** 'An arrow', 'A rectangle', 'An ellipse'. */
const named = (type: MarkupShapeType) => `${/^[aeiou]/.test(type) ? 'An' : 'A'} ${type}`;

export const MARKUP_TEXTS = {
  badType: `A shape is one of ${MARKUP_SHAPE_TYPES.join(', ')}.`,
  twoPoints: (type: MarkupShapeType) => `${named(type)} has exactly two points.`,
  emptyBox: (type: MarkupShapeType) => `${named(type)} needs a width and a height.`,
  emptyArrow: 'An arrow’s two points must differ.',
} as const;

/** The type of a stored or answered shape: a line when it has none. */
export function shapeTypeOf(shape: { type?: MarkupShapeType | null | undefined }): MarkupShapeType {
  return shape.type ?? 'line';
}

/** §3 plus arrow, rectangle and ellipse; a line is valid only with more than one point. */
export const markupShapeSchema = z
  .object({
    /** Absent (or 'line') for the spec's line; 'line' is not stored, so a line keeps its form. */
    type: z
      .string({ error: MARKUP_TEXTS.badType })
      .max(20, { error: MARKUP_TEXTS.badType, abort: true })
      .pipe(z.enum(MARKUP_SHAPE_TYPES, { error: MARKUP_TEXTS.badType }))
      .optional()
      .transform((t) => (t === 'line' ? undefined : t)),
    points: capped(markupPointSchema, MARKUP_POINTS_MAX, COMMENT_TEXTS.tooManyPoints),
    stroke_color: z
      .string()
      .max(9, { error: COMMENT_TEXTS.badColor, abort: true })
      .transform((c) => c.toUpperCase())
      .refine((c) => (MARKUP_PALETTE as readonly string[]).includes(c), { error: COMMENT_TEXTS.badColor }),
    stroke_size: z
      .number()
      .int({ error: COMMENT_TEXTS.badSize })
      .min(MARKUP_SIZE_MIN, { error: COMMENT_TEXTS.badSize })
      .max(MARKUP_SIZE_MAX, { error: COMMENT_TEXTS.badSize }),
    /** Coordinates relative to the image (0..1 of its width and height), so they stay in place at every zoom. */
    is_relative: z.boolean(),
  })
  .superRefine(({ type, points, is_relative }, ctx) => {
    const kind = shapeTypeOf({ type });
    if (kind === 'line' && points.length < 2)
      ctx.addIssue({ code: 'custom', message: COMMENT_TEXTS.tooShortLine, path: ['points'] });
    if (kind !== 'line' && points.length !== 2)
      ctx.addIssue({ code: 'custom', message: MARKUP_TEXTS.twoPoints(kind), path: ['points'] });
    // Both kinds lie on the picture, from its top left corner (0) to its far side.
    const max = is_relative ? 1 : MARKUP_ABSOLUTE_MAX;
    if (points.some((p) => p.x < 0 || p.x > max || p.y < 0 || p.y > max))
      ctx.addIssue({
        code: 'custom',
        message: is_relative ? COMMENT_TEXTS.relativePoint : COMMENT_TEXTS.absolutePoint,
        path: ['points'],
      });
    const [a, b] = points;
    if (kind !== 'line' && points.length === 2 && a && b) {
      if (kind === 'arrow' && a.x === b.x && a.y === b.y)
        ctx.addIssue({ code: 'custom', message: MARKUP_TEXTS.emptyArrow, path: ['points'] });
      if (kind !== 'arrow' && (a.x === b.x || a.y === b.y))
        ctx.addIssue({ code: 'custom', message: MARKUP_TEXTS.emptyBox(kind), path: ['points'] });
    }
  });
/** A checked shape: a line has no `type` (the transform drops 'line'). */
export type MarkupShape = Omit<z.infer<typeof markupShapeSchema>, 'type'> & {
  type?: (typeof MARKUP_TWO_POINT_TYPES)[number];
};

/** A stored shape as answered (checked when it was written); a line has no `type`. */
export const presentedShapeSchema = z.object({
  type: z.enum(MARKUP_TWO_POINT_TYPES).optional(),
  points: z.array(markupPointSchema),
  stroke_color: z.string(),
  stroke_size: z.number().int(),
  is_relative: z.boolean(),
});

/** How many points a markup's shapes have together (what the caps count). */
export function markupPointCount(shapes: readonly { points: readonly unknown[] }[]): number {
  return shapes.reduce((n, s) => n + s.points.length, 0);
}

export const markupSchema = capped(markupShapeSchema, MARKUP_SHAPES_MAX, COMMENT_TEXTS.tooManyShapes).refine(
  (shapes) => markupPointCount(shapes) <= MARKUP_TOTAL_POINTS_MAX,
  { error: COMMENT_TEXTS.tooManyPointsTotal },
);

const commentText = requiredText('Comment', { max: COMMENT_TEXT_MAX }).refine(
  (text) => mentionedIds(text).length <= COMMENT_MENTIONS_MAX,
  { error: COMMENT_TEXTS.tooManyMentions },
);

/**
 * POST /comments as JSON. With files, the same fields go as multipart form data (markup as a JSON
 * string, booleans as 'true'/'false') with up to COMMENT_FILES_MAX parts named `files`.
 */
export const createCommentSchema = z.object({
  asset_id: z.number().int().positive(),
  text: commentText,
  /** The root comment replied to; null or absent for a new comment. */
  parent_id: z.number().int().positive().nullish(),
  /** A comment on the asset as a whole, with no place on it. */
  global_comment: z.boolean().optional(),
  /** Shapes drawn on the current round (lines, arrows, rectangles, ellipses); a reply carries none. */
  markup: markupSchema.nullish(),
  /**
   * The page of a document the comment (its markup) is on, 1 to the round's page_count; page 1
   * when markup on a document comes without one. Refused on an image and on a global comment; a
   * reply is on its comment's page.
   */
  page: z.number().int().min(1).max(COMMENT_PAGE_MAX).nullish(),
});
export type CreateCommentRequest = z.input<typeof createCommentSchema>;

/**
 * PATCH /comments/{id}: what is given changes. `files` lists the ids of the comment's files to
 * keep (the others go); new files come as multipart parts named `files`, as on creation.
 */
export const updateCommentSchema = z.object({
  text: commentText.optional(),
  markup: markupSchema.nullish(),
  files: z.array(z.number().int().positive()).max(COMMENT_FILES_MAX).optional(),
});
export type UpdateCommentRequest = z.input<typeof updateCommentSchema>;

/**
 * Who wrote a comment: a member (their id, name and avatar), or a guest of a review link
 * (`is_guest` true: id and avatar null, the name they gave).
 */
export const commentAuthorSchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  avatar: z.string().nullable(),
  /**
   * Every answer states it (false for members). Optional in the type only while the web app's
   * optimistic comments are built without it (web/features/comments/api/commentCache.ts).
   */
  is_guest: z.boolean(),
});
export type CommentAuthor = z.infer<typeof commentAuthorSchema>;

export const commentFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export type CommentFile = z.infer<typeof commentFileSchema>;

const commentFields = {
  id: z.number().int(),
  asset_id: z.number().int(),
  /** The round the comment was made on (its id). */
  version_id: z.number().int(),
  /** That round's number ('Round N'). */
  round_number: z.number().int(),
  /** Plain text with `@[Name](user:ID)` mentions; never HTML. */
  text: z.string(),
  /** The users mentioned in the text. */
  mentions: z.array(z.number().int()),
  user: commentAuthorSchema,
  parent_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Null while open; the server's time it was completed. Always null on a reply. */
  completed_at: z.string().nullable(),
  /** 1, 2, 3… per asset for the comments that carry markup; null otherwise. */
  markup_number: z.number().int().nullable(),
  markup: z.array(presentedShapeSchema),
  /** The page of a document it is on (1-based; a reply's is its comment's); null on images and global comments. */
  page: z.number().int().nullable(),
  is_edited: z.boolean(),
  files: z.array(commentFileSchema),
  global_comment: z.boolean(),
  /** What the caller may do with it, so the UI hides what the server would refuse. */
  abilities: z.object({ edit: z.boolean(), destroy: z.boolean(), complete: z.boolean(), reply: z.boolean() }),
};

export const replySchema = z.object(commentFields);
export type Reply = z.infer<typeof replySchema>;

export const commentSchema = z.object({ ...commentFields, replies: z.array(replySchema) });
export type Comment = z.infer<typeof commentSchema>;

/** GET /assets/{id}/comments and per round: `filter` unresolved (open root comments) or all. */
export const COMMENT_FILTERS = ['all', 'unresolved'] as const;
export type CommentFilter = (typeof COMMENT_FILTERS)[number];
/** Threads (root comments, each with all its replies) a page of the comment list holds, at most and by default. */
export const COMMENT_LIST_PAGE_SIZE = 100;
/** The last page number asked for that is not refused (a page past the comments answers none). */
export const COMMENT_LIST_PAGE_MAX = 100_000;
/**
 * Query of the comment lists. They are paged by thread: a page holds up to `per_page` root
 * comments, the oldest first, each with every one of its replies (a thread is never cut in two).
 * `filter` applies before the paging; meta.pagination counts root comments.
 */
export const commentListQuerySchema = z.object({
  filter: z.enum(COMMENT_FILTERS).optional(),
  page: z.coerce.number().int().min(1).max(COMMENT_LIST_PAGE_MAX).default(1),
  per_page: z.coerce.number().int().min(1).max(COMMENT_LIST_PAGE_SIZE).default(COMMENT_LIST_PAGE_SIZE),
});
export type CommentListQuery = z.input<typeof commentListQuerySchema>;

/** A page of a comment list: its threads, and meta.pagination (API.md). */
export const commentPageSchema = z.object({
  response: z.array(commentSchema),
  meta: z.object({ pagination: paginationSchema }),
});

/** GET /projects/{projectID}/assets/{id}/comments/seen_by_users: who has seen the asset's comments, and when. */
export const seenByUserSchema = z.object({
  user: commentAuthorSchema,
  last_seen_at: z.string(),
});
export type SeenByUser = z.infer<typeof seenByUserSchema>;

export const commentsLastSeenSchema = z.object({ asset_id: z.number().int(), last_seen_at: z.string() });

/** Field errors for a file that is not one, said as the spec's file rule says it. */
export const commentFileError = messages.file('File');
