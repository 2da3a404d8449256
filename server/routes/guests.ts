import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMMENT_TEXTS } from '@common/api/comments';
import { envelope, messageSchema } from '@common/api/envelope';
import { decideRequestSchema } from '@common/api/decisions';
import {
  guestAnswerSchema,
  guestDecisionAnswerSchema,
  guestCommentAnswerSchema,
  guestCommentSchema,
  guestCommentUpdateSchema,
  guestCookieName,
  joinGuestSchema,
} from '@common/api/guests';
import type { AppContext } from '../context';
import type { GuestRow } from '../db/repositories/guests';
import type { SharedProject } from '../services/projects/sharedAccess';
import { sharedProjectOf, sharedScope, type SharedViewRouteDeps } from './sharedView';

/** What these routes call. */
export type GuestRouteDeps = SharedViewRouteDeps &
  Pick<AppContext, 'guests' | 'guestComments' | 'guestDecisions'>;

/** A guest's cookie lives a year on a link without an expiry; else it ends with the link. */
const GUEST_COOKIE_SECONDS = 365 * 24 * 3600;

const hashParams = z.object({ shareHash: z.string().min(1).max(200) });
const assetParams = hashParams.extend({ assetId: z.coerce.number().int().positive() });
const commentParams = hashParams.extend({ commentId: z.coerce.number().int().positive() });

declare module 'fastify' {
  interface FastifyRequest {
    /** The guest of a review link whose token the call carries, set before validation on guest routes. */
    guest: GuestRow | null;
  }
}

function tokenOf(request: FastifyRequest, project: SharedProject): string | undefined {
  return request.cookies[guestCookieName(project.share_hash ?? '')];
}

function guestOf(request: FastifyRequest): GuestRow {
  if (!request.guest) throw new Error('A guest route ran without its guest check.');
  return request.guest;
}

/**
 * The guests of review links (issue 26): joining with a name, who the caller is, the current
 * round's comments as a guest sees them, and adding a comment or reply. Every route sits in the
 * shared scope (revoked, expired or locked links are refused before anything here runs); a view
 * link or the project's public link answers 403 review_not_allowed, a caller who has not joined
 * 401 guest_required, both before the body is looked at.
 */
export function guestRoutes(ctx: GuestRouteDeps): FastifyPluginAsyncZod {
  /** Resolves the caller's guest before validation, so that a stranger is told to join first. */
  const requireGuest = async (request: FastifyRequest) => {
    const project = sharedProjectOf(request);
    request.guest = await ctx.guests.current(project, tokenOf(request, project));
  };

  return async (app) => {
    await app.register(
      sharedScope(ctx, async (shared) => {
        shared.decorateRequest('guest', null);

        shared.post(
          '/shared/:shareHash/guests',
          {
            schema: {
              tags: ['guests'],
              description:
                "Joins a review link as a guest: a name (1–100 characters) and an optional e-mail, given once. Sets the httpOnly cookie pr_guest_<first 12 characters of the hash> holding the guest's token. A browser that is already this link's guest keeps its token and has its name and e-mail changed (200); a new guest answers 201. View links and the project's public link: 403 review_not_allowed; past the guests a link lets in: 403 guest_limit_reached.",
              params: hashParams,
              body: joinGuestSchema,
              response: { 200: envelope(guestAnswerSchema), 201: envelope(guestAnswerSchema) },
            },
          },
          async (request, reply) => {
            const project = sharedProjectOf(request);
            const { guest, token } = await ctx.guests.join(project, request.body, tokenOf(request, project));
            if (token) setGuestCookie(ctx, reply, project, token);
            return reply.status(token ? 201 : 200).send({ response: { guest } });
          },
        );

        shared.get(
          '/shared/:shareHash/guest',
          {
            schema: {
              tags: ['guests'],
              description: "The caller's guest on this review link, or 401 guest_required.",
              params: hashParams,
              response: { 200: envelope(guestAnswerSchema) },
            },
            preValidation: requireGuest,
          },
          async (request) => {
            const { id, name, email } = guestOf(request);
            return { response: { guest: { id, name, email } } };
          },
        );

        shared.get(
          '/shared/:shareHash/assets/:assetId/comments',
          {
            schema: {
              tags: ['guests'],
              description:
                "The asset's current round threads as the guest sees them, the oldest first: every thread when the link's 'Show comments' is on, else only the threads the guest started, each with all its replies. Authors by name only (is_guest marks guests). An asset the link does not reach: 404.",
              params: assetParams,
              response: { 200: envelope(z.array(guestCommentAnswerSchema)) },
            },
            preValidation: requireGuest,
          },
          async (request) => ({
            response: await ctx.guestComments.list(
              sharedProjectOf(request),
              guestOf(request),
              request.params.assetId,
            ),
          }),
        );

        shared.post(
          '/shared/:shareHash/comments',
          {
            schema: {
              tags: ['guests'],
              description:
                "Adds the guest's comment on the asset's current round, or a reply (parent_id: a comment of that round the guest sees). The members' fields, rules and caps (POST /comments), as JSON: no files, no mentions (422), never completed. At most 10 a minute per guest (429 rate_limited). An asset the link does not reach: 404.",
              params: hashParams,
              body: guestCommentSchema,
              response: { 201: envelope(guestCommentAnswerSchema) },
            },
            preValidation: requireGuest,
          },
          async (request, reply) => {
            const created = await ctx.guestComments.create(
              sharedProjectOf(request),
              guestOf(request),
              request.body,
            );
            return reply.status(201).send({ response: created });
          },
        );

        shared.patch(
          '/shared/:shareHash/comments/:commentId',
          {
            schema: {
              tags: ['guests'],
              description:
                "The guest edits the text or markup of their own comment or reply, with the members' rules (no mentions, no files). Another's comment the guest sees: 403; one they do not see (another round, a hidden thread, another link's asset): 404.",
              params: commentParams,
              body: guestCommentUpdateSchema,
              response: { 200: envelope(guestCommentAnswerSchema) },
            },
            preValidation: requireGuest,
          },
          async (request) => ({
            response: await ctx.guestComments.update(
              sharedProjectOf(request),
              guestOf(request),
              request.params.commentId,
              request.body,
            ),
          }),
        );

        shared.delete(
          '/shared/:shareHash/comments/:commentId',
          {
            schema: {
              tags: ['guests'],
              description:
                "The guest deletes their own comment (with the replies in its thread) or reply. Another's comment the guest sees: 403; one they do not see: 404.",
              params: commentParams,
              response: { 200: envelope(messageSchema) },
            },
            preValidation: requireGuest,
          },
          async (request) => {
            await ctx.guestComments.destroy(
              sharedProjectOf(request),
              guestOf(request),
              request.params.commentId,
            );
            return { response: { message: COMMENT_TEXTS.deleted } };
          },
        );

        shared.get(
          '/shared/:shareHash/assets/:assetId/decision',
          {
            schema: {
              tags: ['guests'],
              description:
                "The guest's own decision on the asset's current round (null for none) and every reviewer's on it, members by name only. An asset the link does not reach: 404.",
              params: assetParams,
              response: { 200: envelope(guestDecisionAnswerSchema) },
            },
            preValidation: requireGuest,
          },
          async (request) => ({
            response: await ctx.guestDecisions.get(
              sharedProjectOf(request),
              guestOf(request),
              request.params.assetId,
            ),
          }),
        );

        shared.put(
          '/shared/:shareHash/assets/:assetId/decision',
          {
            schema: {
              tags: ['guests'],
              description:
                "Gives, changes or (null) takes back the guest's own decision ('approved' or 'changes_requested') on the asset's current round, as PUT /assets/{id}/decision does for members. Answers it with the round's decisions. An asset the link does not reach: 404.",
              params: assetParams,
              body: decideRequestSchema,
              response: { 200: envelope(guestDecisionAnswerSchema) },
            },
            preValidation: requireGuest,
          },
          async (request) => ({
            response: await ctx.guestDecisions.decide(
              sharedProjectOf(request),
              guestOf(request),
              request.params.assetId,
              request.body.decision,
            ),
          }),
        );
      }),
    );
  };
}

function setGuestCookie(ctx: GuestRouteDeps, reply: FastifyReply, project: SharedProject, token: string) {
  const expires = project.share_expires_at ? new Date(project.share_expires_at) : undefined;
  void reply.setCookie(guestCookieName(project.share_hash ?? ''), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.appUrl.startsWith('https:'),
    ...(expires ? { expires } : { maxAge: GUEST_COOKIE_SECONDS }),
  });
}
