import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, messageSchema } from '@common/api/envelope';
import { transferOwnershipSchema, WORKSPACE_TEXTS, workspaceSchema } from '@common/api/workspaces';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { idParams } from './auth';

const messageAnswer = envelope(messageSchema);

/** What these routes call: reading this line tells every service they reach. */
export type WorkspaceLifecycleRouteDeps = Pick<AppContext, 'workspaceLifecycle'>;

/** Transferring a workspace's ownership, leaving it, deleting it. */
export function workspaceLifecycleRoutes(ctx: WorkspaceLifecycleRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/workspaces/:id/transfer_ownership',
      {
        schema: {
          tags: ['workspaces'],
          description:
            'The owner of an active workspace hands it to another member who owns no workspace; the former owner becomes a Member. Answers the workspace as the caller now sees it.',
          params: idParams,
          body: transferOwnershipSchema,
          response: { 200: envelope(workspaceSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return {
          response: await ctx.workspaceLifecycle.transferOwnership(userId, request.params.id, request.body),
        };
      },
    );

    app.post(
      '/workspaces/:id/leave',
      { schema: { tags: ['workspaces'], params: idParams, response: { 200: messageAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.workspaceLifecycle.leave(userId, request.params.id) };
      },
    );

    app.delete(
      '/workspaces/:id',
      {
        schema: {
          tags: ['workspaces'],
          description: 'The owner deletes the workspace with everything under it, even when suspended.',
          params: idParams,
          response: { 200: messageAnswer },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        await ctx.workspaceLifecycle.delete(userId, request.params.id);
        return { response: { message: WORKSPACE_TEXTS.deleted } };
      },
    );
  };
}
