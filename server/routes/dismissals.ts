import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dismissalSchema, dismissalsSchema } from '@common/api/dismissals';
import { envelope } from '@common/api/envelope';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';

const answer = envelope(dismissalsSchema);

/** What these routes call: reading this line tells every service they reach. */
export type DismissalRouteDeps = Pick<AppContext, 'dismissals'>;

/** The banners and popups the signed-in user closed (project limit, downgrade, expired trial). */
export function dismissalRoutes(ctx: DismissalRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user_dismissals',
      { schema: { tags: ['users'], response: { 200: answer } } },
      async (request) => ({
        response: await ctx.dismissals.list(requireSession(request).userId),
      }),
    );

    app.post(
      '/user_dismissals',
      { schema: { tags: ['users'], body: dismissalSchema, response: { 200: answer } } },
      async (request) => ({
        response: await ctx.dismissals.dismiss(requireSession(request).userId, request.body.key),
      }),
    );
  };
}
