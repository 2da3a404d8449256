import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, messageSchema } from '@common/api/envelope';
import {
  notificationsPreferencesSchema,
  notificationsPreferencesUpdateSchema,
  preferenceUpdateSchema,
  profileFieldsSchema,
  updatePasswordSchema,
  userSchema,
} from '@common/api/users';
import { AVATAR_MAX_BYTES } from '@common/limits';
import type { AppContext } from '../context';
import { invalidRecord, notFound } from '../errors';
import { requireSession } from '../plugins/session';
import { idParams } from './auth';
import { multipartForm } from './multipartDoc';
import { FORM_FIELD_MAX, readMultipartForm } from './multipartForm';
import { parseOrReject } from './parse';

/** A user may only act on their own account; anyone else's id reads as missing. */
function requireSelf(request: FastifyRequest, id: number) {
  const session = requireSession(request);
  if (session.userId !== id) throw notFound();
  return session;
}

/** What these routes call: reading this line tells every service they reach. */
export type UserRouteDeps = Pick<AppContext, 'profile' | 'userDirectory'>;

export function userRoutes(ctx: UserRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.patch(
      '/users/:id',
      {
        schema: {
          ...multipartForm({
            name: { text: FORM_FIELD_MAX },
            email: { text: FORM_FIELD_MAX },
            current_password: { text: FORM_FIELD_MAX },
            avatar: { file: AVATAR_MAX_BYTES },
          }),
          tags: ['users'],
          description:
            'Multipart form data (name, email, avatar file) updates the profile; JSON {user_preference: {...}} updates preferences.',
          params: idParams,
          response: { 200: envelope(userSchema) },
        },
      },
      async (request) => {
        const { userId, sessionId } = requireSelf(request, request.params.id);
        if (request.isMultipart()) {
          const { fields, file } = await readMultipartForm(request, AVATAR_MAX_BYTES);
          const profile = parseOrReject(profileFieldsSchema, fields);
          if (file && file.field !== 'avatar') {
            throw invalidRecord({ [file.field]: ['Only an avatar file is accepted.'] });
          }
          await ctx.profile.updateProfile(userId, profile, file);
        } else {
          const update = parseOrReject(preferenceUpdateSchema, request.body ?? {});
          await ctx.profile.updatePreferences(
            userId,
            update.user_preference,
            update.current_password,
            sessionId,
          );
        }
        return { response: await ctx.userDirectory.current(userId) };
      },
    );

    app.post(
      '/users/:id/update_password',
      {
        schema: {
          tags: ['users'],
          params: idParams,
          body: updatePasswordSchema,
          response: { 200: envelope(messageSchema) },
        },
      },
      async (request) => {
        const { userId, sessionId } = requireSelf(request, request.params.id);
        await ctx.profile.changePassword(userId, request.body, sessionId);
        return { response: { message: 'Your password has been changed.' } };
      },
    );

    app.get(
      '/users/:id/avatar',
      { schema: { tags: ['users'], params: idParams } },
      async (request, reply) => {
        const { userId } = requireSession(request);
        // Only people who work with the user see their face; anyone else gets the 404 of a missing one.
        const file = await ctx.userDirectory.avatar(userId, request.params.id);
        if (!file) throw notFound();
        return reply
          .header('content-type', file.contentType)
          .header('content-length', String(file.size))
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(file.body);
      },
    );

    app.get(
      '/notifications_preferences',
      { schema: { tags: ['users'], response: { 200: envelope(notificationsPreferencesSchema) } } },
      async (request) => {
        const { userId } = requireSession(request);
        return {
          response: await ctx.userDirectory.notificationsPreferences(userId),
        };
      },
    );

    app.patch(
      '/notifications_preferences',
      {
        schema: {
          tags: ['users'],
          body: notificationsPreferencesUpdateSchema,
          response: { 200: envelope(notificationsPreferencesSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.profile.updateNotificationsPreferences(userId, request.body) };
      },
    );
  };
}
