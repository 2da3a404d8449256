import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@common/api/envelope';
import { projectSchema } from '@common/api/projects';
import type { AppContext } from '../context';
import { invalidRecord } from '../errors';
import { requireSession } from '../plugins/session';
import { COVER_MAX_BYTES } from '../services/projects/projectCover';
import { idParams } from './auth';
import { multipartForm } from './multipartDoc';
import { readMultipartForm } from './multipartForm';
import { sendStoredFile } from './storedFile';

const projectAnswer = envelope(projectSchema);

/** What these routes call: reading this line tells every service they reach. */
export type ProjectCoverRouteDeps = Pick<AppContext, 'projectCover' | 'storage'>;

/**
 * A project's cover: upload (multipart, field `file`), remove, and the image for members. Viewers
 * of a public link get it at GET /shared/{shareHash}/cover, behind the one shared-access check.
 */
export function projectCoverRoutes(ctx: ProjectCoverRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/projects/:id/cover',
      {
        schema: {
          ...multipartForm({ file: { file: COVER_MAX_BYTES } }),
          tags: ['projects'],
          description: 'Multipart form data: file (JPEG, PNG or GIF, up to 10 MB). Needs projects.edit.',
          params: idParams,
          response: { 200: projectAnswer },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        const readCover = async () => {
          if (!request.isMultipart())
            throw invalidRecord({ file: ['Send the cover as multipart form data.'] });
          const { file } = await readMultipartForm(request, COVER_MAX_BYTES);
          if (!file || file.field !== 'file') throw invalidRecord({ file: ['Cover must not be empty.'] });
          return file;
        };
        return { response: await ctx.projectCover.set(userId, request.params.id, readCover) };
      },
    );

    app.delete(
      '/projects/:id/cover',
      { schema: { tags: ['projects'], params: idParams, response: { 200: projectAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.projectCover.remove(userId, request.params.id) };
      },
    );

    app.get(
      '/projects/:id/cover',
      { schema: { tags: ['projects'], params: idParams } },
      async (request, reply) => {
        const { userId } = requireSession(request);
        const key = await ctx.projectCover.coverKey(userId, request.params.id);
        return sendStoredFile(reply, ctx.storage, key);
      },
    );
  };
}
