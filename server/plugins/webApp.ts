import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built web app (dist/web) and answers index.html for every client-side route,
 * so /user/profile/security works on reload. API paths never fall through to the page.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<boolean> {
  if (!existsSync(join(webDir, 'index.html'))) return false;
  await app.register(fastifyStatic, { root: webDir, prefix: '/', wildcard: false, index: false });
  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
  app.get('/', (_request, reply) => sendIndex(reply));
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/api/')) return reply.callNotFound();
    const file = path.slice(1);
    if (file.startsWith('assets/') && existsSync(join(webDir, file))) {
      return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(file);
    }
    if (/\.[a-z0-9]+$/i.test(file) && existsSync(join(webDir, file))) return reply.sendFile(file);
    return sendIndex(reply);
  });
  return true;
}
