import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, messageSchema } from '@common/api/envelope';
import {
  invitationByHashSchema,
  inviteSchema,
  WORKSPACE_TEXTS,
  workspaceInvitationSchema,
  workspaceSchema,
} from '@common/api/workspaces';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { idParams } from './auth';

const invitationParams = idParams.extend({ invitationId: z.coerce.number().int().positive() });
const hashParams = z.object({ hash: z.string().min(1).max(200) });
const invitationsAnswer = envelope(z.array(workspaceInvitationSchema));

/** What these routes call: reading this line tells every service they reach. */
export type InvitationRouteDeps = Pick<AppContext, 'workspaceInvitations'>;

/** Inviting people to a workspace, pending invitations, and the e-mailed link's page and acceptance. */
export function invitationRoutes(ctx: InvitationRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/workspaces/:id/members/invite',
      {
        schema: {
          tags: ['invitations'],
          description:
            'E-mails each address an invitation link. Refused whole when any address is a member (400 invalid_user) or already invited (422), on a free trial or without enough seats (403 forbidden_subscription_limit_reached), or past the daily e-mail limit (429 email_limit_reached).',
          params: idParams,
          body: inviteSchema,
          response: { 201: invitationsAnswer },
        },
      },
      async (request, reply) => {
        const { userId } = requireSession(request);
        const sent = await ctx.workspaceInvitations.invite(userId, request.params.id, request.body.invites);
        return reply.status(201).send({ response: sent });
      },
    );

    app.get(
      '/workspaces/:id/invites',
      { schema: { tags: ['invitations'], params: idParams, response: { 200: invitationsAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.workspaceInvitations.listPending(userId, request.params.id) };
      },
    );

    app.delete(
      '/workspaces/:id/invites/:invitationId',
      {
        schema: {
          tags: ['invitations'],
          params: invitationParams,
          response: { 200: envelope(messageSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        const { id, invitationId } = request.params;
        await ctx.workspaceInvitations.deleteInvitation(userId, id, invitationId);
        return { response: { message: WORKSPACE_TEXTS.inviteDeleted } };
      },
    );

    app.get(
      '/workspaces/invitations/:hash',
      {
        config: { public: true },
        schema: {
          tags: ['invitations'],
          description: 'The page of the e-mailed link; 404 when `em` is not the invited address.',
          params: hashParams,
          querystring: z.object({ em: z.string().max(320).optional() }),
          response: { 200: envelope(invitationByHashSchema) },
        },
      },
      async (request) => ({
        response: await ctx.workspaceInvitations.byHash(request.params.hash, request.query.em),
      }),
    );

    app.post(
      '/workspaces/invitations/:hash/accept',
      {
        schema: {
          tags: ['invitations'],
          description:
            'The signed-in user, whose e-mail must be the invited one, joins with the invited role.',
          params: hashParams,
          response: { 200: envelope(workspaceSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.workspaceInvitations.accept(userId, request.params.hash) };
      },
    );
  };
}
