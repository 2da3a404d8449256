import type { FastifyReply } from 'fastify';
import type { FileStorage } from '../adapters/storage/fileStorage';
import { notFound } from '../errors';

/**
 * Answers a stored image (logo, cover) by its key, 404 when there is none. Its address carries a
 * version of the key, so it may be cached for good.
 */
export async function sendStoredFile(reply: FastifyReply, storage: FileStorage, key: string | null) {
  const file = key ? await storage.get(key) : null;
  if (!file) throw notFound();
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('cache-control', 'private, max-age=31536000, immutable')
    .send(file.body);
}
