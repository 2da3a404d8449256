import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, messageSchema } from '@common/api/envelope';
import {
  SHARE_LINK_TEXTS,
  shareLinkCreateSchema,
  shareLinkSchema,
  shareLinkUpdateSchema,
} from '@common/api/shareLinks';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { idParams } from './auth';

/** What these routes call: reading this line tells every service they reach. */
export type ShareLinkRouteDeps = Pick<AppContext, 'shareLinks'>;

/**
 * Members who may share a project make, list, change and revoke its links beside the public link
 * (issue 26): view-only or review, to the project, a folder or a selection of assets.
 */
export function shareLinkRoutes(ctx: ShareLinkRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/projects/:id/share_links',
      {
        schema: {
          tags: ['sharing'],
          description: "The project's links beside its public link, the newest first.",
          params: idParams,
          response: { 200: envelope(z.array(shareLinkSchema)) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.shareLinks.list(userId, request.params.id) };
      },
    );

    app.post(
      '/projects/:id/share_links',
      {
        schema: {
          tags: ['sharing'],
          description:
            'A new link: to a folder of the project (folder_id), to 1 to 500 of its assets (asset_ids, each once), or to the whole project (neither; both: 422). The expiry must be in the future.',
          params: idParams,
          body: shareLinkCreateSchema,
          response: { 200: envelope(shareLinkSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.shareLinks.create(userId, request.params.id, request.body) };
      },
    );

    app.patch(
      '/share_links/:id',
      {
        schema: {
          tags: ['sharing'],
          description:
            "A link's options: absent keeps; `password` and `expires_at` null remove. What it reaches and its hash never change.",
          params: idParams,
          body: shareLinkUpdateSchema,
          response: { 200: envelope(shareLinkSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.shareLinks.update(userId, request.params.id, request.body) };
      },
    );

    app.delete(
      '/share_links/:id',
      {
        schema: {
          tags: ['sharing'],
          description:
            "Revokes the link at once: its hash opens nothing and its guests' next call is refused.",
          params: idParams,
          response: { 200: envelope(messageSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        await ctx.shareLinks.revoke(userId, request.params.id);
        return { response: { message: SHARE_LINK_TEXTS.revoked } };
      },
    );
  };
}
