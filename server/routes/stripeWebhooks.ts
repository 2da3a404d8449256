import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@common/api/envelope';
import { WebhookSignatureError } from '../adapters/payments/stripePayments';
import type { AppContext } from '../context';
import { AppError } from '../errors';

const invalidSignature = () =>
  new AppError(400, 'invalid_signature', 'The Stripe signature of this event is not valid.');

/** What these routes call: reading this line tells every service they reach. */
export type StripeWebhookRouteDeps = Pick<AppContext, 'clock' | 'paymentEvents' | 'stripePayments'>;

/**
 * Stripe's webhooks, served only when Stripe is the configured processor. Stripe calls from its
 * servers with no session and no Origin (so the same-origin check lets it through); the
 * `Stripe-Signature` header over the exact bytes of the body is what authenticates it.
 */
export function stripeWebhookRoutes(ctx: StripeWebhookRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const stripe = ctx.stripePayments;
    if (!stripe) return;

    // In this plugin only: keep JSON bodies as the raw bytes the signature was computed over.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    app.post(
      '/stripe/webhooks',
      {
        config: { public: true },
        schema: {
          tags: ['billing'],
          response: { 200: envelope(z.object({ received: z.literal(true), handled: z.boolean() })) },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const body = request.body;
        if (typeof signature !== 'string' || !Buffer.isBuffer(body)) throw invalidSignature();
        let event;
        try {
          event = stripe.parseWebhook(body, signature, ctx.clock.now().getTime());
        } catch (error) {
          throw error instanceof WebhookSignatureError ? invalidSignature() : error;
        }
        const handled = await ctx.paymentEvents.apply(event);
        request.log.info({ event_id: event.eventId, type: event.type, handled }, 'stripe webhook');
        return { response: { received: true as const, handled } };
      },
    );
  };
}
