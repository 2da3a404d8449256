import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commentSchema } from '@common/api/comments';
import { envelope } from '@common/api/envelope';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { idParams } from './auth';

export type CommentCarryOverRouteDeps = Pick<AppContext, 'commentCarryOver'>;

/**
 * Feedback carried between rounds (beyond the spec; docs/decisions.md): the comments a new round
 * is waiting on, and carrying one over. Members who see comments list them, those who add comments
 * carry them (403 otherwise); an asset or comment the caller may not see answers 404.
 */
export function commentCarryOverRoutes(ctx: CommentCarryOverRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/assets/:id/carried_comments',
      {
        schema: {
          tags: ['comments'],
          description:
            'The open root comments of earlier rounds that the current round is waiting on (neither completed nor carried over), with their round_number, markup and replies, the oldest first.',
          params: idParams,
          response: { 200: envelope(z.array(commentSchema)) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.commentCarryOver.waiting(userId, request.params.id) };
      },
    );

    app.post(
      '/comments/:id/carry_over',
      {
        schema: {
          tags: ['comments'],
          description:
            'Moves an open root comment of an earlier round, with its replies, to the asset’s current round; its markup stays where it was drawn (it is relative to the image). Unresolved counts do not change.',
          params: idParams,
          response: { 200: envelope(commentSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.commentCarryOver.carryOver(userId, request.params.id) };
      },
    );
  };
}
