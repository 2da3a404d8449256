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
export type ProjectCoverRouteDeps = Pick<
  AppContext,
  'projectAccess' | 'projectCover' | 'projectPresenter' | 'storage'
>;

/**
 * A project's cover: upload (multipart, field `file`), remove, and the image for members. Viewers
 * of a public link get it at GET /shared/{shareHash}/cover, behind the one shared-access check.
 */
export function projectCoverRoutes(ctx: ProjectCoverRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const answer = async (id: number, userId: number) => {
      const view = await ctx.projectAccess.forUser(id, userId);
      return { response: await ctx.projectPresenter.one(view.project, userId) };
    };

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
        const view = await ctx.projectAccess.forUser(request.params.id, userId);
        if (!request.isMultipart()) throw invalidRecord({ file: ['Send the cover as multipart form data.'] });
        const { file } = await readMultipartForm(request, COVER_MAX_BYTES);
        if (!file || file.field !== 'file') throw invalidRecord({ file: ['Cover must not be empty.'] });
        await ctx.projectCover.set(view, file);
        return answer(view.project.id, userId);
      },
    );

    app.delete(
      '/projects/:id/cover',
      { schema: { tags: ['projects'], params: idParams, response: { 200: projectAnswer } } },
      async (request) => {
        const { userId } = requireSession(request);
        const view = await ctx.projectAccess.forUser(request.params.id, userId);
        await ctx.projectCover.remove(view);
        return answer(view.project.id, userId);
      },
    );

    app.get(
      '/projects/:id/cover',
      { schema: { tags: ['projects'], params: idParams } },
      async (request, reply) => {
        const { userId } = requireSession(request);
        const { project } = await ctx.projectAccess.forUser(request.params.id, userId);
        return sendStoredFile(reply, ctx.storage, project.cover_key);
      },
    );
  };
}
