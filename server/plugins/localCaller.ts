import type { FastifyRequest } from 'fastify';

const LOOPBACK = [/^127\./, /^::1$/, /^::ffff:127\./];

/**
 * True only for a caller on this machine: the TCP peer is a loopback address and no proxy
 * forwarded the request (a reverse proxy on the same machine would make every visitor look local).
 * Reads the socket itself, never `request.ip`, which TRUST_PROXY lets a header decide.
 */
export function isLocalCaller(request: FastifyRequest): boolean {
  const peer = request.raw.socket.remoteAddress ?? '';
  const headers = request.headers;
  if (headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined) return false;
  if (headers['x-real-ip'] !== undefined) return false;
  return LOOPBACK.some((pattern) => pattern.test(peer));
}
