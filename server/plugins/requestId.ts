import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { runForRequest } from '../requestContext';

export const REQUEST_ID_HEADER = 'x-request-id';
/** A proxy's id is kept when it is this short and made of these characters; anything else could forge log lines. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the load balancer's `X-Request-Id` when sane, else a new UUID. */
export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Echoes the request's id, so a user's report or a proxy's log finds the server's lines, and keeps
 * it for the rest of the request (server/requestContext.ts): the jobs it queues carry it.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    runForRequest(request.id, done);
  });
}
