import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FOREIGN_ORIGIN } from '@common/api/errors';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing calls from a browser must come from the app's own origin (API.md). Browsers
 * always send Origin on such calls; clients without one (curl, other servers) hold no cookie to abuse.
 */
export function isForeignRequest(request: FastifyRequest, appUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === new URL(appUrl).origin) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

export function registerOriginCheck(app: FastifyInstance, appUrl: string): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(isForeignRequest(request, appUrl) ? new AppError(403, 'forbidden', FOREIGN_ORIGIN) : undefined);
  });
}
