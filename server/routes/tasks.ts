import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@common/api/envelope';
import { createTaskSchema, editTaskSchema, taskParamsSchema, taskSchema } from '@common/api/tasks';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { authorizeTaskEdit, authorizeTasks } from '../policies/tasks';
import { idParams } from './auth';

export type TaskRouteDeps = Pick<AppContext, 'projectAccess' | 'tasks'>;

const oneTask = envelope(taskSchema);
const EDITORS =
  'The author, a responsible or the project owner, among those who may add tasks (403 otherwise).';

/**
 * A project's tasks (projects-side §7): members who may see the project get in (404 otherwise),
 * the task policy answers 403 for what they may not do, then the service acts.
 */
export function taskRoutes(ctx: TaskRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    /** The project of the path, its task, and the caller's right to change it. */
    const editable = async (userId: number, params: z.infer<typeof taskParamsSchema>) => {
      const view = await ctx.projectAccess.forUser(params.id, userId);
      authorizeTasks(view, 'see');
      const task = await ctx.tasks.find(view, params.taskId);
      authorizeTaskEdit(view, task);
      return { view, task };
    };

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
        const view = await ctx.projectAccess.forUser(request.params.id, userId);
        authorizeTasks(view, 'see');
        return { response: await ctx.tasks.list(view) };
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
        const view = await ctx.projectAccess.forUser(request.params.id, userId);
        authorizeTasks(view, 'add');
        return reply.status(201).send({ response: await ctx.tasks.create(view, request.body) });
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
        const { view, task } = await editable(userId, request.params);
        return { response: await ctx.tasks.edit(view, task, request.body) };
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
          const { view, task } = await editable(userId, request.params);
          return { response: await ctx.tasks.setCompleted(view, task, completed) };
        },
      );
    }
  };
}
