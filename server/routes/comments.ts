import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMMENT_TEXTS,
  commentListQuerySchema,
  commentPageSchema,
  commentSchema,
  commentsLastSeenSchema,
  createCommentSchema,
  seenByUserSchema,
  updateCommentSchema,
} from '@common/api/comments';
import { envelope, messageSchema } from '@common/api/envelope';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { presentedJson, sendJson } from './presentedJson';
import { requireSession } from '../plugins/session';
import { idParams } from './auth';
import { COMMENT_FORM, readCommentBody } from './commentForm';
import { attachment } from './contentDisposition';

export type CommentRouteDeps = Pick<AppContext, 'comments' | 'commentList' | 'storage' | 'readCache'>;

const oneComment = envelope(commentSchema);
/** How the comment lists are paged, said on both routes. */
const PAGED =
  'Paged by thread: `page` (from 1) holds up to `per_page` (1–100, default 100) root comments, the oldest first, each with all its replies; `filter` applies first; meta.pagination counts root comments.';
const BODY =
  'JSON, or multipart form data with the same fields (markup as JSON text) and up to 5 file parts named `files`.';

/**
 * Comments and replies (projects-side §7 'Comments'): each call lets the caller in (404 for an
 * asset or comment they may not see), asks the comments policy (403), then acts.
 */
export function commentRoutes(ctx: CommentRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/assets/:id/comments',
      {
        schema: {
          tags: ['comments'],
          description: `The asset’s comments of every round with their replies. ${PAGED}`,
          params: idParams,
          querystring: commentListQuerySchema,
          response: { 200: commentPageSchema },
        },
        serializerCompiler: presentedJson,
      },
      async (request, reply) => {
        const { userId, dataVersion } = requireSession(request);
        const { filter, page, per_page } = request.query;
        const key = `comments:${request.params.id}:${userId}:${JSON.stringify(request.query)}`;
        const json = await ctx.readCache.json(key, dataVersion, async () => {
          const { comments, pagination } = await ctx.commentList.page(userId, request.params.id, {
            filter,
            page,
            perPage: per_page,
          });
          return { response: comments, meta: { pagination } };
        });
        return sendJson(reply, json);
      },
    );

    app.get(
      '/assets/:id/versions/:round/comments',
      {
        schema: {
          tags: ['comments'],
          description: `The comments made on round number \`round\` of the asset, with their replies. ${PAGED}`,
          params: idParams.extend({ round: z.coerce.number().int().min(0).max(100_000) }),
          querystring: commentListQuerySchema,
          response: { 200: commentPageSchema },
        },
        serializerCompiler: presentedJson,
      },
      async (request, reply) => {
        const { userId, dataVersion } = requireSession(request);
        const { id, round } = request.params;
        const { filter, page, per_page } = request.query;
        const key = `comments:${id}:round ${round}:${userId}:${JSON.stringify(request.query)}`;
        const json = await ctx.readCache.json(key, dataVersion, async () => {
          const { comments, pagination } = await ctx.commentList.page(userId, id, {
            roundNumber: round,
            filter,
            page,
            perPage: per_page,
          });
          return { response: comments, meta: { pagination } };
        });
        return sendJson(reply, json);
      },
    );

    app.post(
      '/comments',
      {
        schema: {
          ...COMMENT_FORM,
          tags: ['comments'],
          description: `Adds a comment on the asset’s current round, or a reply (parent_id: a root comment; no markup). ${BODY}`,
          response: { 201: oneComment },
        },
      },
      async (request, reply) => {
        const { userId } = requireSession(request);
        const { body, uploads } = await readCommentBody(request, createCommentSchema);
        const created = await ctx.comments.create(userId, body, uploads);
        return reply.status(201).send({ response: created });
      },
    );

    app.patch(
      '/comments/:id',
      {
        schema: {
          ...COMMENT_FORM,
          tags: ['comments'],
          description: `The author edits text, markup or files (files: the ids to keep; new file parts are added). ${BODY}`,
          params: idParams,
          response: { 200: oneComment },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        const { body, uploads } = await readCommentBody(request, updateCommentSchema);
        return { response: await ctx.comments.update(userId, request.params.id, body, uploads) };
      },
    );

    for (const [path, completed] of [
      ['/comments/:id/mark_as_completed', true],
      ['/comments/:id/unmark_as_completed', false],
    ] as const) {
      app.patch(
        path,
        {
          schema: {
            tags: ['comments'],
            description: completed
              ? 'Completes a root comment; the answer carries the server’s completed_at.'
              : 'Reopens a root comment.',
            params: idParams,
            response: { 200: oneComment },
          },
        },
        async (request) => {
          const { userId } = requireSession(request);
          return { response: await ctx.comments.setCompleted(userId, request.params.id, completed) };
        },
      );
    }

    app.delete(
      '/comments/:id',
      {
        schema: {
          tags: ['comments'],
          description:
            'Deletes a comment with its replies, or a reply: by its author, or a member ranking higher than the author.',
          params: idParams,
          response: { 200: envelope(messageSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        await ctx.comments.destroy(userId, request.params.id);
        return { response: { message: COMMENT_TEXTS.deleted } };
      },
    );

    app.get(
      '/comments/:id/files/:fileId',
      {
        schema: {
          tags: ['comments'],
          description: 'A file attached to a comment, as a download.',
          params: idParams.extend({ fileId: z.coerce.number().int().positive() }),
        },
      },
      async (request, reply) => {
        const { userId } = requireSession(request);
        const file = await ctx.comments.file(userId, request.params.id, request.params.fileId);
        const stored = await ctx.storage.get(file.storage_key);
        if (!stored) throw notFound();
        return reply
          .header('content-type', file.content_type)
          .header('content-length', String(stored.size))
          .header('content-disposition', attachment(file.name))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(stored.body);
      },
    );

    app.post(
      '/assets/:id/comments/last_seen',
      {
        schema: {
          tags: ['comments'],
          description: 'The caller has seen the asset’s comments: none of them is new to them any more.',
          params: idParams,
          response: { 200: envelope(commentsLastSeenSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.comments.markSeen(userId, request.params.id) };
      },
    );

    app.get(
      '/projects/:projectId/assets/:id/comments/seen_by_users',
      {
        schema: {
          tags: ['comments'],
          description: 'The members who have seen the asset’s comments, the latest sight first.',
          params: idParams.extend({ projectId: z.coerce.number().int().positive() }),
          response: { 200: envelope(z.array(seenByUserSchema)) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return {
          response: await ctx.comments.seenBy(userId, request.params.projectId, request.params.id),
        };
      },
    );
  };
}
