import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordSchema,
  resendAccessCodeSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from '@common/api/auth';
import { envelope, messageSchema } from '@common/api/envelope';
import { userSchema } from '@common/api/users';
import type { AppContext } from '../context';
import { presentedJson } from './presentedJson';
import {
  endSession,
  rememberDevice,
  requireSession,
  startSession,
  type SessionDeps,
} from '../plugins/session';
import { DEVICE_COOKIE } from '../services/accounts/knownDevices';

const userAnswer = envelope(userSchema);
const sessionAnswer = envelope(z.object({ user: userSchema.nullable() }));
const messageAnswer = envelope(messageSchema);

/** What these routes call: reading this line tells every service they reach. */
export type AuthRouteDeps = Pick<AppContext, 'accounts' | 'passwordResets' | 'userDirectory'> & SessionDeps;

/** The authentication calls of API.md. */
export function authRoutes(ctx: AuthRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/users/sign_up',
      {
        config: { public: true },
        schema: { tags: ['auth'], body: signUpSchema, response: { 201: userAnswer } },
      },
      async (request, reply) => {
        const user = await ctx.accounts.signUp(request.body, request.ip);
        await startSession(ctx, request, reply, user.id);
        return reply.status(201).send({ response: await ctx.userDirectory.current(user.id) });
      },
    );

    app.post(
      '/users/sign_in',
      {
        config: { public: true },
        schema: { tags: ['auth'], body: signInSchema, response: { 200: userAnswer } },
      },
      async (request, reply) => {
        const user = await ctx.accounts.signIn(request.body, request.ip, request.cookies[DEVICE_COOKIE]);
        await startSession(ctx, request, reply, user.id);
        rememberDevice(ctx, reply, ctx.accounts.deviceTokenFor(user.email));
        return { response: await ctx.userDirectory.current(user.id) };
      },
    );

    app.delete(
      '/users/sign_out',
      { config: { public: true }, schema: { tags: ['auth'], response: { 200: messageAnswer } } },
      async (request, reply) => {
        await endSession(ctx, request, reply);
        return { response: { message: 'Signed out.' } };
      },
    );

    app.get(
      '/users/me',
      { schema: { tags: ['auth'], response: { 200: userAnswer } }, serializerCompiler: presentedJson },
      async (request) => ({ response: ctx.userDirectory.present(requireSession(request).signedIn) }),
    );

    // Who is signed in on this browser, if anyone: the web app's first call, which a signed-out
    // visitor (on /login) gets a 200 from, so the browser logs no failed request.
    app.get(
      '/session',
      {
        config: { public: true },
        schema: { tags: ['auth'], response: { 200: sessionAnswer } },
        serializerCompiler: presentedJson,
      },
      async (request) => ({
        response: { user: request.session ? ctx.userDirectory.present(request.session.signedIn) : null },
      }),
    );

    app.post(
      '/users/password',
      {
        config: { public: true },
        schema: { tags: ['auth'], body: forgotPasswordSchema, response: { 200: messageAnswer } },
      },
      async (request) => {
        await ctx.passwordResets.request(request.body.email, request.ip);
        return {
          response: {
            message: `If an account exists for ${request.body.email}, an email with a reset link is on its way.`,
          },
        };
      },
    );

    app.put(
      '/users/password',
      {
        config: { public: true },
        schema: { tags: ['auth'], body: resetPasswordSchema, response: { 200: userAnswer } },
      },
      async (request, reply) => {
        const user = await ctx.passwordResets.reset(request.body.reset_password_token, request.body.password);
        await ctx.accounts.forgetFailedSignIns(user.email);
        await startSession(ctx, request, reply, user.id);
        rememberDevice(ctx, reply, ctx.accounts.deviceTokenFor(user.email));
        return { response: await ctx.userDirectory.current(user.id) };
      },
    );

    app.put(
      '/users/access_code',
      {
        config: { public: true },
        schema: { tags: ['auth'], body: resendAccessCodeSchema, response: { 200: messageAnswer } },
      },
      async (request) => {
        await ctx.accounts.resendAccessCode(request.body.access_code.email);
        return { response: { message: 'A new code is on its way to your email.' } };
      },
    );
  };
}

export const idParams = z.object({ id: z.coerce.number().int().positive() });
