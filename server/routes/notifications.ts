import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@common/api/envelope';
import {
  markedReadSchema,
  markNotificationsReadSchema,
  muteNotificationsSchema,
  notificationSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
} from '@common/api/notifications';
import { projectSchema } from '@common/api/projects';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { idParams } from './auth';

/** What these routes call: reading this line tells every service they reach. */
export type NotificationRouteDeps = Pick<AppContext, 'notifications'>;

const oneNotification = envelope(notificationSchema);
const PAGES =
  'Newest first (sorted=pinned: pinned first, then newest), filter_type one kind. Pages count down from meta.older_than (ids below it): send it back with the next pages.';

/**
 * The notifications panel and the bell (projects-side §2, §7; issue 24): services/notifications/
 * notifications.ts reads only the caller's own notifications of projects they are still a member
 * of (404 for any other id).
 */
export function notificationRoutes(ctx: NotificationRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/projects/:id/notifications',
      {
        schema: {
          tags: ['notifications'],
          description: `The caller's notifications of the project (404 unless they see it). ${PAGES}`,
          params: idParams,
          querystring: notificationsQuerySchema,
          response: { 200: notificationsPageSchema },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return ctx.notifications.forProject(userId, request.params.id, request.query);
      },
    );

    app.get(
      '/notifications',
      {
        schema: {
          tags: ['notifications'],
          description: `The caller's notifications of all their projects; meta.unseen_count is the bell's dot. ${PAGES}`,
          querystring: notificationsQuerySchema,
          response: { 200: notificationsPageSchema },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return ctx.notifications.forUser(userId, request.query);
      },
    );

    app.post(
      '/mark_notifications_as_read',
      {
        schema: {
          tags: ['notifications'],
          description:
            "Marks the caller's notifications of the project seen, or of every project without project_id ('Mark all as read').",
          body: markNotificationsReadSchema,
          response: { 200: envelope(markedReadSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.notifications.markRead(userId, request.body.project_id ?? null) };
      },
    );

    for (const [path, pinned] of [
      ['/notifications/:id/mark_as_pinned', true],
      ['/notifications/:id/unmark_as_pinned', false],
    ] as const) {
      app.post(
        path,
        {
          schema: {
            tags: ['notifications'],
            description: `${pinned ? 'Pins' : 'Unpins'} the caller's notification; repeating it changes nothing.`,
            params: idParams,
            response: { 200: oneNotification },
          },
        },
        async (request) => {
          const { userId } = requireSession(request);
          return { response: await ctx.notifications.setPinned(userId, request.params.id, pinned) };
        },
      );
    }

    app.post(
      '/notifications/:id/opened',
      {
        schema: {
          tags: ['notifications'],
          description: 'Records a click on the item (its first open) and marks it seen.',
          params: idParams,
          response: { 200: oneNotification },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.notifications.open(userId, request.params.id) };
      },
    );

    app.put(
      '/projects/:id/notifications/mute',
      {
        schema: {
          tags: ['notifications'],
          description:
            "Mutes or unmutes the project's notifications and e-mails for the caller (mentions still come); answers the project.",
          params: idParams,
          body: muteNotificationsSchema,
          response: { 200: envelope(projectSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.notifications.mute(userId, request.params.id, request.body.muted) };
      },
    );
  };
}
