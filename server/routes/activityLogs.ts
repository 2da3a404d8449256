import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityLogQuerySchema, activityLogSchema, paginationSchema } from '@common/api/projects';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { idParams } from './auth';

/** What these routes call: reading this line tells every service they reach. */
export type ActivityLogRouteDeps = Pick<AppContext, 'activityLogReader'>;

/** A project's activity log. */
export function activityLogRoutes(ctx: ActivityLogRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/projects/:id/activity_logs',
      {
        schema: {
          tags: ['activity'],
          description: 'Newest first, each entry with its sentence; paginated (meta.pagination).',
          params: idParams,
          querystring: activityLogQuerySchema,
          response: {
            200: z.object({
              response: z.array(activityLogSchema),
              meta: z.object({ pagination: paginationSchema }),
            }),
          },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        const { page, per_page } = request.query;
        const { entries, pagination } = await ctx.activityLogReader.page(
          userId,
          request.params.id,
          page,
          per_page,
        );
        return { response: entries, meta: { pagination } };
      },
    );
  };
}
