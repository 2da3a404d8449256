import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@common/api/envelope';
import {
  paginationSchema,
  projectListQuerySchema,
  projectSchema,
  projectsOrderSchema,
  projectsViewOptionsSchema,
} from '@common/api/projects';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { requireSession } from '../plugins/session';
import { presentedJson, sendJson } from './presentedJson';
import { idParams } from './auth';

const listAnswer = envelope(z.array(projectSchema)).extend({
  meta: z.object({ pagination: paginationSchema }),
});
const viewOptionsAnswer = envelope(projectsViewOptionsSchema);

/** What these routes call: reading this line tells every service they reach. */
export type ProjectListRouteDeps = Pick<AppContext, 'projectLists' | 'projectsViewOptions' | 'readCache'>;

/** The project lists, the user's view options and manual order. */
export function projectListRoutes(ctx: ProjectListRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const scope of ['active', 'archived', 'hidden'] as const)
      app.get(
        `/projects/${scope}`,
        {
          schema: {
            tags: ['projects'],
            description: `The caller's ${scope} projects, sorted, filtered (filters: JSON of the project filters) and paginated.`,
            querystring: projectListQuerySchema,
            response: { 200: listAnswer },
          },
          serializerCompiler: presentedJson,
        },
        async (request, reply) => {
          const { userId, dataVersion } = requireSession(request);
          const key = `projects:${scope}:${userId}:${JSON.stringify(request.query)}`;
          const json = await ctx.readCache.json(key, dataVersion, async () => {
            const { projects, pagination } = await ctx.projectLists.list(userId, scope, request.query);
            return { response: projects, meta: { pagination } };
          });
          return sendJson(reply, json);
        },
      );

    app.get(
      '/users/me/projects_view_options',
      { schema: { tags: ['projects'], response: { 200: viewOptionsAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.projectsViewOptions.get(userId) };
      },
    );

    app.put(
      '/users/me/projects_view_options',
      {
        schema: {
          tags: ['projects'],
          body: projectsViewOptionsSchema,
          response: { 200: viewOptionsAnswer },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.projectsViewOptions.save(userId, request.body) };
      },
    );

    app.patch(
      '/user_preferences/:id/set_projects_order',
      {
        schema: {
          tags: ['projects'],
          description:
            "Saves the caller's manual project order ({id} is the caller's user id) and switches the sort to Manual, ascending. Answers the view options.",
          params: idParams,
          body: projectsOrderSchema,
          response: { 200: viewOptionsAnswer },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        if (request.params.id !== userId) throw notFound();
        return { response: await ctx.projectsViewOptions.setProjectsOrder(userId, request.body.project_ids) };
      },
    );
  };
}
