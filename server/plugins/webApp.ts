import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Hashed build output: its name changes with its content, so a browser may keep it for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface WebAppOptions {
  /** NODE_ENV=production: source maps (`*.map`) are never served, whatever the build left. */
  production?: boolean;
}

/**
 * Serves the built web app (dist/web) and answers index.html for every client-side route,
 * so /user/profile/security works on reload. API paths never fall through to the page.
 *
 * The build writes a brotli (.br) and a gzip (.gz) copy beside each text file
 * (scripts/precompress.ts); @fastify/static picks the copy the browser's Accept-Encoding allows,
 * with `Vary: Accept-Encoding`. Files under /assets/ carry a content hash in their name and are
 * cached for a year (immutable); index.html and the other files are revalidated on every visit
 * (`no-cache`, answered 304 by ETag), so a new release is picked up at once.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDir: string,
  options: WebAppOptions = {},
): Promise<boolean> {
  if (!existsSync(join(webDir, 'index.html'))) return false;
  // The compressed copies are reached through their original's name only.
  const hidden = (path: string) =>
    path.endsWith('.br') || path.endsWith('.gz') || (options.production === true && path.endsWith('.map'));
  await app.register(fastifyStatic, {
    root: webDir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    allowedPath: (pathname) => !hidden(pathname),
    setHeaders: (reply, path) => {
      const hashed = path.startsWith(join(webDir, 'assets')) && !path.endsWith('.map');
      reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
    },
  });
  const sendIndex = (reply: FastifyReply) => reply.sendFile('index.html');
  app.get('/', (_request, reply) => sendIndex(reply));
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/')) return reply.callNotFound();
    const file = path.slice(1);
    // A hidden file, or a missing script of an older release, is a 404, not the page as HTML.
    if (hidden(file) || file.startsWith('assets/')) return reply.callNotFound();
    if (/\.[a-z0-9]+$/i.test(file) && existsSync(join(webDir, file))) return reply.sendFile(file);
    return sendIndex(reply);
  });
  return true;
}
