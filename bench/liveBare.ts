import fastifySse from '@fastify/sse';
import Fastify from 'fastify';

/**
 * The reference of bench/liveStream.ts: a bare Fastify app with @fastify/sse holding the same
 * number of streams and writing one message to all of them when asked, with no access, no
 * database and no bus. In a process of its own, driven over IPC.
 */
const send = (message: unknown) => process.send!(message);
const now = () => performance.timeOrigin + performance.now();
const replies = new Set<{ write(m: { id: string; event: string; data: string }): void }>();
const app = Fastify();
await app.register(fastifySse, { heartbeatInterval: 15_000, serializer: (d: unknown) => String(d) });
app.get('/api/v1/events', { sse: 'only' }, async (_request, reply) => {
  const sse = reply.sse;
  const writer = {
    write: (m: { id: string; event: string; data: string }) => void sse.send(m).catch(() => undefined),
  };
  replies.add(writer);
  sse.onClose(() => replies.delete(writer));
  sse.sendHeaders();
  reply.raw.write('retry: 3000\n\n');
  sse.keepAlive();
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

process.on('message', (message: { cmd: string; id: number; commentId?: number }) => {
  const reply = (result: unknown) => send({ type: 'reply', id: message.id, result });
  if (message.cmd === 'memory') {
    (globalThis as { gc?: () => void }).gc?.();
    const m = process.memoryUsage();
    reply({ rss: m.rss, heapUsed: m.heapUsed, streams: replies.size });
  } else if (message.cmd === 'broadcast') {
    const at = now();
    const data = JSON.stringify({
      type: 'comment.created',
      project_id: 1,
      object_type: 'Comment',
      object_id: message.commentId,
      data: {},
    });
    for (const r of replies) r.write({ id: String(message.commentId), event: 'comment.created', data });
    reply({ at });
  } else if (message.cmd === 'close') {
    app.server.closeAllConnections();
    void app.close().then(() => {
      reply(null);
      process.exit(0);
    });
  }
});
send({ type: 'ready', baseUrl: `http://127.0.0.1:${port}` });
