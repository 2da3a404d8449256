import type { FastifyReply } from 'fastify';

/**
 * The serializer of the hot read routes, whose answers presenters build field by field under the
 * answer's schema type: JSON as they are. The app's default serializer (fastify-type-provider-zod)
 * passes every answer through its zod schema first, which for a page of 100 projects cost five
 * times the JSON itself. The schema still documents the route (OpenAPI), and
 * tests/api/readRoutes.test.ts holds each of these answers to it, byte for byte.
 */
export const presentedJson = () => (data: unknown) => JSON.stringify(data);

/** Sends JSON already made (a kept answer of server/services/platform/readCache.ts) as it is. */
export function sendJson(reply: FastifyReply, json: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
