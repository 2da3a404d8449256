import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@common/api/envelope';
import {
  projectSchema,
  transferProjectOwnershipSchema,
  transferToWorkspaceSchema,
} from '@common/api/projects';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { idParams } from './auth';

const projectAnswer = envelope(projectSchema);

/** What these routes call: reading this line tells every service they reach. */
export type ProjectTransferRouteDeps = Pick<AppContext, 'projectTransfers'>;

/** Handing a project to another member, and moving it to another workspace. */
export function projectTransferRoutes(ctx: ProjectTransferRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/projects/:id/transfer_ownership',
      {
        schema: {
          tags: ['projects'],
          description:
            'The project owner (or the workspace owner) makes another project member the owner; the previous owner becomes a collaborator. The new owner is e-mailed with the message.',
          params: idParams,
          body: transferProjectOwnershipSchema,
          response: { 200: projectAnswer },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        const { member_id, message } = request.body;
        return {
          response: await ctx.projectTransfers.transferOwnership(
            userId,
            request.params.id,
            member_id,
            message,
          ),
        };
      },
    );

    app.post(
      '/projects/:id/transfer_to_workspace',
      {
        schema: {
          tags: ['projects'],
          description:
            'The project owner moves the project to a workspace where they are owner or admin, active and with room.',
          params: idParams,
          body: transferToWorkspaceSchema,
          response: { 200: projectAnswer },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        const { workspace_id } = request.body;
        return {
          response: await ctx.projectTransfers.transferToWorkspace(userId, request.params.id, workspace_id),
        };
      },
    );
  };
}
