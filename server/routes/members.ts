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
export type MemberRouteDeps = Pick<AppContext, 'workspaceAccess' | 'workspaceMembers'>;

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
        const view = await ctx.workspaceAccess.forMember(request.params.id, userId);
        return { response: await ctx.workspaceMembers.list(view, 'all') };
      },
    );

    app.get(
      '/workspaces/:id/members/collaborators',
      { schema: { tags: ['members'], params: idParams, response: { 200: membersAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        const view = await ctx.workspaceAccess.forMember(request.params.id, userId);
        return { response: await ctx.workspaceMembers.list(view, 'collaborators') };
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
        const view = await ctx.workspaceAccess.forMember(request.params.id, userId);
        await ctx.workspaceMembers.changeRole(view, request.params.memberId, request.body.role);
        return { response: await ctx.workspaceMembers.presentOne(view, request.params.memberId) };
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
        const view = await ctx.workspaceAccess.forMember(request.params.id, userId);
        await ctx.workspaceMembers.remove(view, request.params.memberId);
        return { response: { message: MEMBER_REMOVED } };
      },
    );
  };
}
