import fastifySse from '@fastify/sse';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@common/api/envelope';
import { LIVE_EVENTS_PATH, LIVE_RETRY_MS, assetViewersSchema } from '@common/api/liveEvents';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import type { LiveCaller, LiveSink } from '../services/live/liveStreams';
import { idParams } from './auth';

export type LiveRouteDeps = Pick<AppContext, 'liveStreams' | 'assetPresence' | 'config'>;

const eventsQuery = z.object({
  /** A public link's hash: the stream of its shared view, for anonymous viewers. */
  share_hash: z.string().min(1).max(200).optional(),
  /** Where to resume when the client cannot send the Last-Event-ID header. */
  last_event_id: z.coerce.number().int().min(0).optional(),
});

/**
 * Real time (issue 24 item 5, common/api/liveEvents.ts): the server-sent-event stream of the
 * signed-in user or of a shared view, and presence on an asset page.
 */
export function liveRoutes(ctx: LiveRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifySse, {
      heartbeatInterval: ctx.config.live.heartbeatMs,
      // Messages come serialised once per event for every stream (presenters/liveMessage.ts).
      serializer: (data: unknown) => (typeof data === 'string' ? data : JSON.stringify(data)),
    });

    app.get(
      LIVE_EVENTS_PATH,
      {
        sse: 'only',
        config: { public: true },
        schema: {
          tags: ['live'],
          description:
            'text/event-stream of what the caller may see, as it happens (common/api/liveEvents.ts): signed in, or with share_hash for a shared view. Resumes after Last-Event-ID. 401 without a session or link.',
          querystring: eventsQuery,
        },
      },
      async (request, reply) => {
        const { share_hash, last_event_id } = request.query;
        const caller: LiveCaller | null = share_hash
          ? { shareHash: share_hash, cookies: request.cookies }
          : request.session
            ? { userId: request.session.userId }
            : null;
        const sse = reply.sse;
        const sink: LiveSink = {
          start() {
            sse.sendHeaders();
            reply.raw.write(`retry: ${LIVE_RETRY_MS}\n\n`);
          },
          write(message) {
            if (!sse.isConnected) return;
            void sse
              .send({ ...message, id: message.id === undefined ? undefined : String(message.id) })
              .catch(() => undefined);
          },
          close: () => sse.close(),
          onClose: (listener) => sse.onClose(listener),
          get connected() {
            return sse.isConnected;
          },
          get backlog() {
            return reply.raw.writableLength;
          },
        };
        await ctx.liveStreams.open(
          caller,
          lastEventId(request.headers['last-event-id']) ?? last_event_id ?? null,
          sink,
        );
        sse.keepAlive();
      },
    );

    app.put(
      '/assets/:id/viewers',
      {
        schema: {
          tags: ['live'],
          description:
            'The caller looks at the asset (call again every PRESENCE_HEARTBEAT_SECONDS): answers its viewers, the caller among them. Members of the project are told by asset.viewers_changed.',
          params: idParams,
          response: { 200: envelope(assetViewersSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.assetPresence.join(userId, request.params.id) };
      },
    );

    app.delete(
      '/assets/:id/viewers',
      {
        schema: {
          tags: ['live'],
          description: 'The caller left the asset: answers who still looks at it.',
          params: idParams,
          response: { 200: envelope(assetViewersSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await ctx.assetPresence.leave(userId, request.params.id) };
      },
    );
  };
}

/** The Last-Event-ID header as an event id; anything else is no id. */
function lastEventId(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}
