import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, messageSchema } from '@common/api/envelope';
import { PROJECT_TEXTS, shareAnswerSchema, shareRequestSchema } from '@common/api/projects';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { idParams } from './auth';

/** What these routes call: reading this line tells every service they reach. */
export type SharingRouteDeps = Pick<AppContext, 'projectSharing'>;

/** Members create, change and revoke a project's public link. */
export function sharingRoutes(ctx: SharingRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/projects/:id/share',
      {
        schema: {
          tags: ['sharing'],
          description:
            'Creates the public link once and keeps its hash while options change. `password` and `expires_at`: absent keeps, null removes; the expiry must be in the future.',
          params: idParams,
          body: shareRequestSchema,
          response: { 200: envelope(shareAnswerSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.projectSharing.share(userId, request.params.id, request.body) };
      },
    );

    app.delete(
      '/projects/:id/share',
      {
        schema: {
          tags: ['sharing'],
          description: 'Revokes the link at once, with its password and expiry.',
          params: idParams,
          response: { 200: envelope(messageSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        await ctx.projectSharing.revoke(userId, request.params.id);
        return { response: { message: PROJECT_TEXTS.shareRevoked } };
      },
    );
  };
}
