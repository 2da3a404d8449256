import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@common/api/envelope';
import { workspaceProjectSchema, workspaceProjectsQuerySchema } from '@common/api/projects';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { idParams } from './auth';

/** What these routes call: reading this line tells every service they reach. */
export type WorkspaceProjectRouteDeps = Pick<AppContext, 'workspaceProjects'>;

/** The Projects tab of a workspace's settings. */
export function workspaceProjectRoutes(ctx: WorkspaceProjectRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/workspaces/:id/projects',
      {
        schema: {
          tags: ['workspaces'],
          description:
            'The owner and admins see every project of the workspace, other members the ones they belong to; sort by_name, by_date_added or by_size, order asc or desc.',
          params: idParams,
          querystring: workspaceProjectsQuerySchema,
          response: { 200: envelope(z.array(workspaceProjectSchema)) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.workspaceProjects.list(userId, request.params.id, request.query) };
      },
    );
  };
}
