import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@common/api/envelope';
import { createTaskSchema, editTaskSchema, taskParamsSchema, taskSchema } from '@common/api/tasks';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { idParams } from './auth';

export type TaskRouteDeps = Pick<AppContext, 'tasks'>;

const oneTask = envelope(taskSchema);
const EDITORS =
  'The author, a responsible or the project owner, among those who may add tasks (403 otherwise).';

/**
 * A project's tasks (projects-side §7): services/projects/tasks.ts lets members who may see the
 * project in (404 otherwise), asks the task policy (403 for what they may not do), then acts.
 */
export function taskRoutes(ctx: TaskRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/projects/:id/tasks',
      {
        schema: {
          tags: ['tasks'],
          description: 'Open and completed tasks by due date, then id.',
          params: idParams,
          response: { 200: envelope(z.array(taskSchema)) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.tasks.list(userId, request.params.id) };
      },
    );

    app.post(
      '/projects/:id/tasks',
      {
        schema: {
          tags: ['tasks'],
          description:
            'Text, due date (DD/MM/YYYY, not before today) and assignees (members who may add tasks; the first is the assignee) are all required.',
          params: idParams,
          body: createTaskSchema,
          response: { 201: oneTask },
        },
      },
      async (request, reply) => {
        const { userId } = requireSession(request);
        const created = await ctx.tasks.create(userId, request.params.id, request.body);
        return reply.status(201).send({ response: created });
      },
    );

    app.patch(
      '/projects/:id/tasks/:taskId',
      {
        schema: {
          tags: ['tasks'],
          description: `Changes the fields sent, by the rules of creation. ${EDITORS}`,
          params: taskParamsSchema,
          body: editTaskSchema,
          response: { 200: oneTask },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        const { id, taskId } = request.params;
        return { response: await ctx.tasks.edit(userId, id, taskId, request.body) };
      },
    );

    for (const [path, completed] of [
      ['/projects/:id/tasks/:taskId/mark_as_completed', true],
      ['/projects/:id/tasks/:taskId/unmark_as_completed', false],
    ] as const) {
      app.patch(
        path,
        {
          schema: {
            tags: ['tasks'],
            description: `${completed ? 'Completes' : 'Reopens'} the task; repeating it changes nothing. ${EDITORS}`,
            params: taskParamsSchema,
            response: { 200: oneTask },
          },
        },
        async (request) => {
          const { userId } = requireSession(request);
          const { id, taskId } = request.params;
          return { response: await ctx.tasks.setCompleted(userId, id, taskId, completed) };
        },
      );
    }
  };
}
