import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appStatusSchema, outboxMailSchema } from '@common/api/auth';
import { envelope } from '@common/api/envelope';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { isLocalCaller } from '../plugins/localCaller';

/** What these routes call: reading this line tells every service they reach. */
export type StatusRouteDeps = Pick<AppContext, 'config' | 'devOutbox'>;

/** What the web app reads before rendering, and the embedded mode's outbox (loopback callers only). */
export function statusRoutes(ctx: StatusRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/status',
      {
        config: { public: true },
        schema: { tags: ['status'], response: { 200: envelope(appStatusSchema) } },
      },
      (request) => ({
        response: {
          maintenance: ctx.config.maintenance,
          environment: ctx.config.env,
          dev_outbox: ctx.config.devOutbox && isLocalCaller(request),
          intercom_app_id: ctx.config.intercom.appId ?? null,
          payments: {
            provider: ctx.config.payments.provider,
            publishable_key:
              ctx.config.payments.provider === 'stripe' ? ctx.config.payments.publishableKey : null,
          },
        },
      }),
    );

    app.get(
      '/dev/outbox',
      {
        config: { public: true },
        schema: { tags: ['status'], response: { 200: envelope(z.array(outboxMailSchema)) } },
      },
      async (request) => {
        // Reset links and two-step codes: for a developer on this machine only.
        if (!ctx.config.devOutbox || !isLocalCaller(request)) throw notFound();
        return { response: await ctx.devOutbox.latest() };
      },
    );
  };
}
