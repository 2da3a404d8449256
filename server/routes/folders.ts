import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, messageSchema } from '@common/api/envelope';
import { folderIdsSchema, folderNameSchema, folderSchema, PROJECT_TEXTS } from '@common/api/projects';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { idParams } from './auth';

const folderAnswer = envelope(folderSchema);

/** What these routes call: reading this line tells every service they reach. */
export type FolderRouteDeps = Pick<AppContext, 'folders'>;

/** A project's folders: list, create, read, rename, delete many. */
export function folderRoutes(ctx: FolderRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/projects/:id/folders',
      {
        schema: {
          tags: ['folders'],
          description: 'By name.',
          params: idParams,
          response: { 200: envelope(z.array(folderSchema)) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.folders.list(userId, request.params.id) };
      },
    );

    app.post(
      '/projects/:id/folders',
      {
        schema: {
          tags: ['folders'],
          description: 'Names are unique within the project regardless of case (422 on `name`).',
          params: idParams,
          body: folderNameSchema,
          response: { 201: folderAnswer },
        },
      },
      async (request, reply) => {
        const { userId } = requireSession(request);
        const created = await ctx.folders.create(userId, request.params.id, request.body.name);
        return reply.status(201).send({ response: created });
      },
    );

    app.get(
      '/folders/:id',
      { schema: { tags: ['folders'], params: idParams, response: { 200: folderAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.folders.get(userId, request.params.id) };
      },
    );

    app.patch(
      '/folders/:id',
      {
        schema: {
          tags: ['folders'],
          params: idParams,
          body: folderNameSchema,
          response: { 200: folderAnswer },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.folders.rename(userId, request.params.id, request.body.name) };
      },
    );

    app.delete(
      '/folders',
      {
        schema: {
          tags: ['folders'],
          description:
            'Deletes the folders with their contents. All or nothing: a folder the caller may not see answers 404, one they may not delete 403.',
          body: folderIdsSchema,
          response: { 200: envelope(messageSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        const n = await ctx.folders.deleteMany(userId, request.body.folders_ids);
        return {
          response: { message: n === 1 ? PROJECT_TEXTS.folderDeleted : PROJECT_TEXTS.foldersDeleted },
        };
      },
    );
  };
}
