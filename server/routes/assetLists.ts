import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assetSchema } from '@common/api/assets';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { ASSETS_PER_PAGE } from '../services/assets';
import { idParams } from './auth';

export type AssetListRouteDeps = Pick<AppContext, 'assets' | 'folders' | 'projectAccess'>;

const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
const paginationSchema = z.object({
  current: z.number().int(),
  pages: z.number().int(),
  total_count: z.number().int(),
  first_page: z.boolean(),
  last_page: z.boolean(),
});
const assetPage = z.object({
  response: z.array(assetSchema),
  meta: z.object({ pagination: paginationSchema }),
});

/** The asset lists of a project's root and of a folder, a page at a time. */
export function assetListRoutes(ctx: AssetListRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const [path, folderScoped] of [
      ['/projects/:id/assets', false],
      ['/folders/:id/assets', true],
    ] as const) {
      app.get(
        path,
        {
          schema: {
            tags: ['assets'],
            description: 'A page of 100 assets of the project root or of a folder, the newest first.',
            params: idParams,
            querystring: pageQuery,
            response: { 200: assetPage },
          },
        },
        async (request) => {
          const { userId } = requireSession(request);
          let projectId = request.params.id;
          let folderId: number | null = null;
          if (folderScoped) {
            const folder = await ctx.folders.get(userId, request.params.id);
            projectId = folder.organizer_id;
            folderId = folder.id;
          }
          const view = await ctx.projectAccess.forUser(projectId, userId);
          const page = request.query.page;
          const { assets, total } = await ctx.assets.page(view, folderId, page);
          const pages = Math.max(1, Math.ceil(total / ASSETS_PER_PAGE));
          return {
            response: assets,
            meta: {
              pagination: {
                current: page,
                pages,
                total_count: total,
                first_page: page === 1,
                last_page: page >= pages,
              },
            },
          };
        },
      );
    }
  };
}
