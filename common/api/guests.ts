import { z } from 'zod';
import { EMAIL_MAX, isEmail, messages, nameField } from '../validation';
import { commentSchema, createCommentSchema, updateCommentSchema } from './comments';
import { ASSET_DECISIONS, decideAnswerSchema } from './decisions';

/**
 * Guests of a review link (issue 26): people a link was sent to who review without an account. A
 * guest gives a name (and optionally an e-mail) once; the browser then holds a random token in a
 * cookie of that link, and every guest call on the link is theirs (docs/decisions.md 'Guest
 * identity'). All under /shared/{shareHash}/, behind the same check as every shared call.
 */

export const GUEST_NAME_MAX = 100;
/** Guests one review link lets in, at most; the next is refused (403 guest_limit_reached). */
export const GUESTS_PER_LINK_MAX = 100;
/** Comments and replies one guest may post in a minute; past it 429 rate_limited. */
export const GUEST_COMMENTS_PER_MINUTE = 10;

/** The cookie that holds a guest's token for one link: `pr_guest_` and the link hash's first 12 characters. */
export function guestCookieName(shareHash: string): string {
  return `pr_guest_${shareHash.slice(0, 12)}`;
}

export const GUEST_TEXTS = {
  reviewNotAllowed: 'This link is for viewing only: it does not take comments or decisions.',
  guestRequired: 'Tell us your name to comment on this link.',
  tooManyGuests: `This link has reached its ${GUESTS_PER_LINK_MAX} reviewers. Ask the team for another link.`,
  noMentions: 'Guests cannot mention members: write their name without the mention.',
  deleteOwnOnly: 'Guests can delete only their own comments.',
  parentNotVisible: 'The comment replied to is not on the current round of this asset.',
} as const;

/** POST /shared/{shareHash}/guests: who the guest is. */
export const joinGuestSchema = z.object({
  /** 1 to 100 characters, trimmed. */
  name: nameField('Name', { max: GUEST_NAME_MAX }),
  /** Optional: where the team can reach the guest (never shown to other guests). */
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX, { error: messages.maxLength('Email', EMAIL_MAX), abort: true })
    .refine((v) => v === '' || isEmail(v), { error: messages.email('Email') })
    .transform((v) => (v === '' ? null : v.toLowerCase()))
    .nullish(),
});
export type JoinGuestRequest = z.input<typeof joinGuestSchema>;

/** The guest as their own calls answer them. */
export const guestSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
});
export type Guest = z.infer<typeof guestSchema>;

export const guestAnswerSchema = z.object({ guest: guestSchema });

/**
 * POST /shared/{shareHash}/comments: the members' POST /comments fields and caps (JSON only: a
 * guest attaches no files). Always on the asset's current round; a reply answers a comment of it.
 */
export const guestCommentSchema = createCommentSchema;
export type GuestCommentRequest = z.input<typeof guestCommentSchema>;

/** PATCH /shared/{shareHash}/comments/{id}: the guest's own comment's text or markup, as members edit theirs (no files). */
export const guestCommentUpdateSchema = updateCommentSchema.omit({ files: true });
export type GuestCommentUpdateRequest = z.input<typeof guestCommentUpdateSchema>;

/**
 * A comment as a guest reads it: the members' shape, with every author as name only (`id` and
 * `avatar` null, `is_guest` saying who is a guest), mentions written out as '@Name' (`mentions`
 * empty), no members' files, and the guest's abilities (reply; edit and delete their own; never
 * complete).
 */
export const guestCommentAnswerSchema = commentSchema;

/** How members' texts (reports, notifications, the activity log) name a guest: 'Ana (Guest)'. */
export function guestLabel(name: string): string {
  return `${name} (Guest)`;
}

/**
 * GET and PUT /shared/{shareHash}/assets/{id}/decision: the guest's own decision on the asset's
 * current round (null for none), and every reviewer's on that round, members by name only (id and
 * avatar null). The PUT body is the members' (decideRequestSchema).
 */
export const guestDecisionAnswerSchema = decideAnswerSchema.extend({
  decision: z.enum(ASSET_DECISIONS).nullable(),
});
export type GuestDecisionAnswer = z.infer<typeof guestDecisionAnswerSchema>;
