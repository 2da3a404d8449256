import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, messageSchema } from '@common/api/envelope';
import {
  PROJECT_TEXTS,
  projectInvitationByHashSchema,
  projectInvitationSchema,
  projectInviteSchema,
  projectMemberSchema,
  projectSchema,
} from '@common/api/projects';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { idParams } from './auth';

const memberParams = idParams.extend({ memberId: z.coerce.number().int().positive() });
const hashParams = z.object({ hash: z.string().min(1).max(200) });
const invitationsAnswer = envelope(z.array(projectInvitationSchema));

/** What these routes call: reading this line tells every service they reach. */
export type ProjectMemberRouteDeps = Pick<AppContext, 'projectInvitations' | 'projectMembers'>;

/** A project's members and invitations, and the e-mailed invitation link's page and acceptance. */
export function projectMemberRoutes(ctx: ProjectMemberRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/projects/:id/members',
      {
        schema: {
          tags: ['project members'],
          description: 'Owner first; `can_be_removed` tells whether the caller may remove each member.',
          params: idParams,
          response: { 200: envelope(z.array(projectMemberSchema)) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.projectMembers.list(userId, request.params.id) };
      },
    );

    app.delete(
      '/projects/:id/members/:memberId',
      {
        schema: {
          tags: ['project members'],
          description:
            'Never yourself nor the owner; only members of equal or lower rank. An id that is not a member of this project answers 404 not_found_member.',
          params: memberParams,
          response: { 200: envelope(messageSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        await ctx.projectMembers.remove(userId, request.params.id, request.params.memberId);
        return { response: { message: PROJECT_TEXTS.userRemoved } };
      },
    );

    app.post(
      '/projects/:id/members/invite',
      {
        schema: {
          tags: ['project invitations'],
          description:
            'E-mails each address an invitation link. Refused whole when the role may not be invited (403), the workspace is suspended (403 inactive_workspace), an address is a member (400 invalid_user) or already invited (422), or past the daily e-mail limit (429 email_limit_reached).',
          params: idParams,
          body: projectInviteSchema,
          response: { 201: invitationsAnswer },
        },
      },
      async (request, reply) => {
        const { userId } = requireSession(request);
        const sent = await ctx.projectInvitations.invite(userId, request.params.id, request.body);
        return reply.status(201).send({ response: sent });
      },
    );

    app.get(
      '/projects/:id/pending_invites',
      { schema: { tags: ['project invitations'], params: idParams, response: { 200: invitationsAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.projectInvitations.listPending(userId, request.params.id) };
      },
    );

    app.delete(
      '/projects/invites/:id',
      {
        schema: {
          tags: ['project invitations'],
          description: 'By a member who may invite the invitation’s role.',
          params: idParams,
          response: { 200: envelope(messageSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        await ctx.projectInvitations.deleteInvitation(userId, request.params.id);
        return { response: { message: PROJECT_TEXTS.inviteDeleted } };
      },
    );

    app.get(
      '/projects/invites/:hash',
      {
        config: { public: true },
        schema: {
          tags: ['project invitations'],
          description: 'The page of the e-mailed link; 404 unless `em` is the invited address.',
          params: hashParams,
          querystring: z.object({ em: z.string().max(320).optional() }),
          response: { 200: envelope(projectInvitationByHashSchema) },
        },
      },
      async (request) => ({
        response: await ctx.projectInvitations.byHash(request.params.hash, request.query.em),
      }),
    );

    app.post(
      '/projects/invites/:hash/accept',
      {
        schema: {
          tags: ['project invitations'],
          description:
            'The signed-in user, whose e-mail must be the invited one, joins the workspace as a collaborator when not a member, then the project with the invited role. Answers the project.',
          params: hashParams,
          response: { 200: envelope(projectSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.projectInvitations.accept(userId, request.params.hash) };
      },
    );
  };
}
