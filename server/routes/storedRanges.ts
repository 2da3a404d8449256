import type { FastifyReply } from 'fastify';
import type { RangedFile } from '../adapters/storage/ranges';

/** Sends a stored file opened by openRanged (its type, length and range headers set here); null when there was none. */
export function sendRanged(reply: FastifyReply, file: NonNullable<RangedFile>) {
  void reply.header('accept-ranges', 'bytes');
  if ('unsatisfiable' in file)
    return reply.code(416).header('content-range', `bytes */${file.unsatisfiable}`).send();
  void reply.type(file.contentType);
  if (!file.range) return reply.header('content-length', file.size).send(file.body);
  const { start, end } = file.range;
  return reply
    .code(206)
    .header('content-range', `bytes ${start}-${end}/${file.size}`)
    .header('content-length', end - start + 1)
    .send(file.body);
}
