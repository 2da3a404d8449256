import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { decideAnswerSchema, decideRequestSchema } from '@common/api/decisions';
import { envelope } from '@common/api/envelope';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { idParams } from './auth';

export type AssetDecisionRouteDeps = Pick<AppContext, 'assetDecisions'>;

/** A member's own decision on an asset's current round (issue 26 item 3). */
export function assetDecisionRoutes(ctx: AssetDecisionRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/assets/:id/decision',
      {
        schema: {
          tags: ['assets'],
          description:
            'Gives, changes or (null) takes back the caller’s own decision on the asset’s current round, beside the asset’s approval. Members who may comment; a View Only member gets 403. Answers the round’s decisions.',
          params: idParams,
          body: decideRequestSchema,
          response: { 200: envelope(decideAnswerSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return {
          response: await ctx.assetDecisions.decideAsMember(userId, request.params.id, request.body.decision),
        };
      },
    );
  };
}
