import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, messageSchema } from '@common/api/envelope';
import { PROJECT_TEXTS, projectIdsSchema } from '@common/api/projects';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';

const bulk = (description: string) => ({
  tags: ['projects'],
  description: `${description} All or nothing: an id the caller may not see answers 404, one they may not act on 403.`,
  body: projectIdsSchema,
  response: { 200: envelope(messageSchema) },
});

/** What these routes call: reading this line tells every service they reach. */
export type ProjectBulkRouteDeps = Pick<AppContext, 'projectBulkActions'>;

/**
 * The project calls that take many ids: delete, archive, restore, hide, unhide, leave, each one
 * call of services/projects/projectBulkActions.ts (404 for any project the caller may not see,
 * 403 for one they may not act on, then all or nothing).
 */
export function projectBulkRoutes(ctx: ProjectBulkRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const actions = ctx.projectBulkActions;

    app.delete(
      '/projects',
      { schema: bulk('The project owner or the workspace owner deletes projects.') },
      async (request) => {
        const { userId } = requireSession(request);
        const n = await actions.destroy(userId, request.body.ids);
        return { response: { message: n === 1 ? PROJECT_TEXTS.deleted : PROJECT_TEXTS.deletedMany } };
      },
    );

    app.patch(
      '/projects/mark_as_archived',
      { schema: bulk('The project owner archives projects.') },
      async (request) => {
        const { userId } = requireSession(request);
        const n = await actions.setStatus(userId, request.body.ids, 'archived');
        return { response: { message: PROJECT_TEXTS.archived(n) } };
      },
    );

    app.patch(
      '/projects/mark_as_active',
      { schema: bulk('The project owner restores archived projects.') },
      async (request) => {
        const { userId } = requireSession(request);
        const n = await actions.setStatus(userId, request.body.ids, 'active');
        return { response: { message: PROJECT_TEXTS.activated(n) } };
      },
    );

    app.patch(
      '/projects/mark_as_hidden',
      { schema: bulk('Hides projects from the caller’s own lists.') },
      async (request) => {
        const { userId } = requireSession(request);
        const n = await actions.setHidden(userId, request.body.ids, true);
        return { response: { message: PROJECT_TEXTS.hidden(n) } };
      },
    );

    app.patch(
      '/projects/mark_as_visible',
      { schema: bulk('Brings hidden projects back to the caller’s lists.') },
      async (request) => {
        const { userId } = requireSession(request);
        const n = await actions.setHidden(userId, request.body.ids, false);
        return { response: { message: PROJECT_TEXTS.unhidden(n) } };
      },
    );

    app.post(
      '/projects/leave',
      { schema: bulk('A member other than the owner leaves projects.') },
      async (request) => {
        const { userId } = requireSession(request);
        const n = await actions.leave(userId, request.body.ids);
        return { response: { message: PROJECT_TEXTS.left(n) } };
      },
    );
  };
}
