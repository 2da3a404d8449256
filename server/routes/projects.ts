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
import { presentedJson, sendJson } from '../presenters/presentedJson';
import { idParams } from './auth';

export const projectAnswer = envelope(projectSchema);

/** What these routes call: reading this line tells every service they reach. */
export type ProjectRouteDeps = Pick<
  AppContext,
  'projectAccess' | 'projectCreation' | 'projectPresenter' | 'projectService' | 'readCache'
>;

/** Creating a project, reading, renaming and editing one, its rush flag and the caller's last visit. */
export function projectRoutes(ctx: ProjectRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    /** The project as the caller now sees it. */
    const answer = async (id: number, userId: number) => {
      const view = await ctx.projectAccess.forUser(id, userId);
      return { response: await ctx.projectPresenter.one(view.project, userId) };
    };

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
        const id = await ctx.projectCreation.create(userId, request.body);
        return reply.status(201).send(await answer(id, userId));
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
        const json = await ctx.readCache.json(`project:${id}:${userId}`, dataVersion, () =>
          answer(id, userId),
        );
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
        const view = await ctx.projectAccess.forUser(request.params.id, userId);
        await ctx.projectService.rename(view, request.body.name);
        return answer(view.project.id, userId);
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
        const view = await ctx.projectAccess.forUser(request.params.id, userId);
        await ctx.projectService.edit(view, request.body);
        return answer(view.project.id, userId);
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
          const view = await ctx.projectAccess.forUser(request.params.id, userId);
          await ctx.projectService.setRushPriority(view, flagged);
          return answer(view.project.id, userId);
        },
      );

    app.post(
      '/projects/:id/update_project_last_seen',
      { schema: { tags: ['projects'], params: idParams, response: { 200: projectAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        const view = await ctx.projectAccess.forUser(request.params.id, userId);
        await ctx.projectService.markSeen(view);
        return answer(view.project.id, userId);
      },
    );
  };
}
