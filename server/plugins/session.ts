import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { SignedInUser } from '../db/repositories/sessions';
import { unauthorized } from '../errors';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS } from '../services/accounts/knownDevices';
import type { SessionService } from '../services/accounts/sessions';

export const SESSION_COOKIE = 'proofroom_session';

export interface RequestSession {
  userId: number;
  sessionId: string;
  /** The signed-in user as the session lookup read them (GET /users/me answers with it). */
  signedIn: SignedInUser;
  /** The database's data version as the call started (server/services/platform/readCache.ts). */
  dataVersion: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession | null;
  }
  interface FastifyContextConfig {
    /** Open to anonymous callers; every other API route needs a session. */
    public?: boolean;
  }
}

/**
 * Resolves the session cookie on every API call and refuses anonymous callers before their body
 * is validated (authenticate, then validate), unless the route is marked `public`.
 */
/** What the session cookie needs: the sessions and the app's address (Secure behind TLS). */
export interface SessionDeps {
  sessions: SessionService;
  config: Config;
}

export function registerSession(app: FastifyInstance, ctx: SessionDeps): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    request.session = token ? await ctx.sessions.resolve(token) : null;
  });
  app.addHook('preValidation', (request, _reply, done) => {
    done(!request.routeOptions.config.public && !request.session ? unauthorized() : undefined);
  });
}

/** The signed-in caller, or 401. */
export function requireSession(request: FastifyRequest): RequestSession {
  if (!request.session) throw unauthorized();
  return request.session;
}

export async function startSession(
  ctx: SessionDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
) {
  const { token, expiresAt } = await ctx.sessions.create(userId, {
    userAgent: request.headers['user-agent'],
    ip: request.ip,
  });
  void reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.appUrl.startsWith('https:'),
    expires: expiresAt,
  });
}

/** The known-device cookie of server/services/accounts/knownDevices.ts: httpOnly, for the API only. */
export function rememberDevice(ctx: SessionDeps, reply: FastifyReply, token: string): void {
  void reply.setCookie(DEVICE_COOKIE, token, {
    path: '/api/v1/users',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.appUrl.startsWith('https:'),
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
}

export async function endSession(ctx: SessionDeps, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await ctx.sessions.destroy(token);
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
