import type { FastifyInstance } from 'fastify';

/**
 * Clients (the spec's among them) send `Content-Type: application/json` on every call, bodiless
 * ones too: an empty body with that type reads as `{}`. Anything else goes to Fastify's own
 * parser, with its guards against prototype poisoning.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    void parseJson(request, text, done);
  });
}
