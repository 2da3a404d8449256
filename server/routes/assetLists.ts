import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assetListQuerySchema,
  assetsOrderSchema,
  assetsViewOptionsChangeSchema,
  assetsViewOptionsSchema,
} from '@common/api/assetLists';
import { assetSchema } from '@common/api/assets';
import { envelope } from '@common/api/envelope';
import { paginationSchema } from '@common/api/projects';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { presentedJson, sendJson } from './presentedJson';
import { idParams } from './auth';

const listAnswer = envelope(z.array(assetSchema)).extend({
  meta: z.object({ pagination: paginationSchema }),
});
const viewOptionsAnswer = envelope(assetsViewOptionsSchema);

/** What these routes call: reading this line tells every service they reach. */
export type AssetListRouteDeps = Pick<AppContext, 'assetLists' | 'assetsViewOptions' | 'readCache'>;

/** The asset lists of a project's root and of a folder, their manual order and the user's view options. */
export function assetListRoutes(ctx: AssetListRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const scope of ['projects', 'folders'] as const)
      app.get(
        `/${scope}/:id/assets`,
        {
          schema: {
            tags: ['assets'],
            description: `A page of 100 assets of the ${scope === 'projects' ? "project's root" : 'folder'}, sorted (sort_by, sort_order) and filtered (filters: JSON of the asset filters).`,
            params: idParams,
            querystring: assetListQuerySchema,
            response: { 200: listAnswer },
          },
          serializerCompiler: presentedJson,
        },
        async (request, reply) => {
          const { userId, dataVersion } = requireSession(request);
          const { id } = request.params;
          const key = `assets:${scope}:${id}:${userId}:${JSON.stringify(request.query)}`;
          const json = await ctx.readCache.json(key, dataVersion, async () => {
            const place = scope === 'projects' ? { projectId: id } : { folderId: id };
            const { assets, pagination } = await ctx.assetLists.list(userId, place, request.query);
            return { response: assets, meta: { pagination } };
          });
          return sendJson(reply, json);
        },
      );

    app.patch(
      '/projects/:id/set_assets_order',
      {
        schema: {
          tags: ['assets'],
          description:
            "Puts the assets (all of the project) at the top of the project's manual order read in `order`, the others after them as they were, and switches the caller's asset lists to Manual in that direction. Answers the caller's asset view options.",
          params: idParams,
          body: assetsOrderSchema,
          response: { 200: viewOptionsAnswer },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        const { asset_ids, order } = request.body;
        return { response: await ctx.assetLists.setOrder(userId, request.params.id, asset_ids, order) };
      },
    );

    app.get(
      '/users/me/assets_view_options',
      { schema: { tags: ['assets'], response: { 200: viewOptionsAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.assetsViewOptions.get(userId) };
      },
    );

    app.patch(
      '/users/me/assets_view_options',
      {
        schema: {
          tags: ['assets'],
          description: 'Changes the options given; the others stay as they were. Answers them all.',
          body: assetsViewOptionsChangeSchema,
          response: { 200: viewOptionsAnswer },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.assetsViewOptions.change(userId, request.body) };
      },
    );
  };
}
