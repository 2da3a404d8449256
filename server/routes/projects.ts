import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@common/api/envelope';
import {
  createProjectSchema,
  editProjectSchema,
  projectSchema,
  renameProjectSchema,
} from '@common/api/projects';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { presentedJson, sendJson } from './presentedJson';
import { idParams } from './auth';

export const projectAnswer = envelope(projectSchema);

/** What these routes call: reading this line tells every service they reach. */
export type ProjectRouteDeps = Pick<AppContext, 'projectCreation' | 'projectService' | 'readCache'>;

/** Creating a project, reading, renaming and editing one, its rush flag and the caller's last visit. */
export function projectRoutes(ctx: ProjectRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/projects',
      {
        schema: {
          tags: ['projects'],
          description:
            'Workspace owners and admins create projects in an active workspace with room under the plan. The creator becomes the owner.',
          body: createProjectSchema,
          response: { 201: projectAnswer },
        },
      },
      async (request, reply) => {
        const { userId } = requireSession(request);
        const created = await ctx.projectCreation.create(userId, request.body);
        return reply.status(201).send({ response: created });
      },
    );

    app.get(
      '/projects/:id',
      {
        schema: { tags: ['projects'], params: idParams, response: { 200: projectAnswer } },
        serializerCompiler: presentedJson,
      },
      async (request, reply) => {
        const { userId, dataVersion } = requireSession(request);
        const { id } = request.params;
        const json = await ctx.readCache.json(`project:${id}:${userId}`, dataVersion, async () => ({
          response: await ctx.projectService.get(userId, id),
        }));
        return sendJson(reply, json);
      },
    );

    app.put(
      '/projects/:id',
      {
        schema: {
          tags: ['projects'],
          description: 'Renames the project (projects.edit); refused in a suspended workspace.',
          params: idParams,
          body: renameProjectSchema,
          response: { 200: projectAnswer },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.projectService.rename(userId, request.params.id, request.body.name) };
      },
    );

    app.patch(
      '/projects/:id',
      {
        schema: {
          tags: ['projects'],
          description: 'Edits project settings (projects.edit) in an active workspace.',
          params: idParams,
          body: editProjectSchema,
          response: { 200: projectAnswer },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.projectService.edit(userId, request.params.id, request.body) };
      },
    );

    for (const [path, flagged] of [
      ['set_rush_priority', true],
      ['unset_rush_priority', false],
    ] as const)
      app.post(
        `/projects/:id/${path}`,
        { schema: { tags: ['projects'], params: idParams, response: { 200: projectAnswer } } },
        async (request) => {
          const { userId } = requireSession(request);
          return { response: await ctx.projectService.setRushPriority(userId, request.params.id, flagged) };
        },
      );

    app.post(
      '/projects/:id/update_project_last_seen',
      { schema: { tags: ['projects'], params: idParams, response: { 200: projectAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.projectService.markSeen(userId, request.params.id) };
      },
    );
  };
}
