import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, messageSchema } from '@common/api/envelope';
import { memberRoleSchema, workspaceMemberSchema } from '@common/api/workspaces';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { idParams } from './auth';

const memberParams = idParams.extend({ memberId: z.coerce.number().int().positive() });
const membersAnswer = envelope(z.array(workspaceMemberSchema));

export const MEMBER_REMOVED = 'This person has been removed from the workspace members.';

/** What these routes call: reading this line tells every service they reach. */
export type MemberRouteDeps = Pick<AppContext, 'workspaceMembers'>;

/** A workspace's members: listing them, changing a role, removing a member. */
export function memberRoutes(ctx: MemberRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/workspaces/:id/members',
      {
        schema: {
          tags: ['members'],
          description: 'Owner and admin see every member; the other roles see only collaborators.',
          params: idParams,
          response: { 200: membersAnswer },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.workspaceMembers.list(userId, request.params.id, 'all') };
      },
    );

    app.get(
      '/workspaces/:id/members/collaborators',
      { schema: { tags: ['members'], params: idParams, response: { 200: membersAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.workspaceMembers.list(userId, request.params.id, 'collaborators') };
      },
    );

    app.patch(
      '/workspaces/:id/members/:memberId',
      {
        schema: {
          tags: ['members'],
          description:
            "The owner changes another member's role in an active workspace. Becoming 'limited' hands the member's projects to the owner.",
          params: memberParams,
          body: memberRoleSchema,
          response: { 200: envelope(workspaceMemberSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        const { id, memberId } = request.params;
        return { response: await ctx.workspaceMembers.changeRole(userId, id, memberId, request.body.role) };
      },
    );

    app.delete(
      '/workspaces/:id/members/:memberId',
      {
        schema: {
          tags: ['members'],
          params: memberParams,
          response: { 200: envelope(messageSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        await ctx.workspaceMembers.remove(userId, request.params.id, request.params.memberId);
        return { response: { message: MEMBER_REMOVED } };
      },
    );
  };
}
