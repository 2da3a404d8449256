import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutSchema } from '@common/api/billing';
import { envelope } from '@common/api/envelope';
import { workspaceNameField, workspaceSchema } from '@common/api/workspaces';
import { AVATAR_MAX_BYTES } from '@common/limits';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { sendStoredFile } from './storedFile';
import { invalidRecord } from '../errors';
import { requireSession } from '../plugins/session';
import { presentedJson, sendJson } from './presentedJson';
import { idParams } from './auth';
import { multipartForm } from './multipartDoc';
import { FORM_FIELD_MAX, readMultipartForm } from './multipartForm';
import { parseOrReject } from './parse';
import type { WorkspaceChanges } from '../services/workspaces/workspaces';

const workspaceAnswer = envelope(workspaceSchema);
const workspaceFields = z.object({ name: workspaceNameField.optional() }).strict();

/** What these routes call: reading this line tells every service they reach. */
export type WorkspaceRouteDeps = Pick<AppContext, 'readCache' | 'storage' | 'workspaceService'>;

/** Workspaces the caller belongs to, creating one, and editing its name and logo. */
export function workspaceRoutes(ctx: WorkspaceRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/me/workspaces',
      {
        schema: { tags: ['workspaces'], response: { 200: envelope(z.array(workspaceSchema)) } },
        serializerCompiler: presentedJson,
      },
      async (request, reply) => {
        const { userId, dataVersion } = requireSession(request);
        const json = await ctx.readCache.json(`workspaces:${userId}`, dataVersion, async () => ({
          response: await ctx.workspaceService.listForUser(userId),
        }));
        return sendJson(reply, json);
      },
    );

    app.post(
      '/workspaces',
      { schema: { tags: ['workspaces'], body: checkoutSchema, response: { 201: workspaceAnswer } } },
      async (request, reply) => {
        const { userId } = requireSession(request);
        const created = await ctx.workspaceService.create(userId, request.body);
        return reply.status(201).send({ response: created });
      },
    );

    app.get(
      '/workspaces/:id',
      { schema: { tags: ['workspaces'], params: idParams, response: { 200: workspaceAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.workspaceService.show(userId, request.params.id) };
      },
    );

    app.patch(
      '/workspaces/:id',
      {
        schema: {
          ...multipartForm({ name: { text: FORM_FIELD_MAX }, logo: { file: AVATAR_MAX_BYTES } }),
          tags: ['workspaces'],
          description: 'Multipart form data: name, logo (JPEG, PNG or GIF).',
          params: idParams,
          response: { 200: workspaceAnswer },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return {
          response: await ctx.workspaceService.update(userId, request.params.id, () =>
            readWorkspaceForm(request),
          ),
        };
      },
    );

    app.get(
      '/workspaces/:id/logo',
      { schema: { tags: ['workspaces'], params: idParams } },
      async (request, reply) => {
        const { userId } = requireSession(request);
        const key = await ctx.workspaceService.logoKey(userId, request.params.id);
        return sendStoredFile(reply, ctx.storage, key);
      },
    );
  };
}

/** The edit form: a name, a logo file, or both. */
async function readWorkspaceForm(request: FastifyRequest): Promise<WorkspaceChanges> {
  if (!request.isMultipart()) throw invalidRecord({ base: ['Send the workspace as multipart form data.'] });
  const { fields, file } = await readMultipartForm(request, AVATAR_MAX_BYTES);
  if (file && file.field !== 'logo') throw invalidRecord({ [file.field]: ['Only a logo file is accepted.'] });
  const { name } = parseOrReject(workspaceFields, fields);
  return { ...(name !== undefined ? { name } : {}), ...(file ? { logo: file } : {}) };
}
