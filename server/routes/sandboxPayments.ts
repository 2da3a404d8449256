import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@common/api/envelope';
import type { AppContext } from '../context';
import { notFound } from '../errors';
import { requireSession } from '../plugins/session';

const cardSchema = z.object({
  card: z.object({
    number: z.string().trim().max(30),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
    cvc: z.string().trim().max(4),
  }),
  billing_details: z.object({ name: z.string().trim().min(2).max(200) }),
});

/** What these routes call: reading this line tells every service they reach. */
export type SandboxPaymentRouteDeps = Pick<AppContext, 'sandboxPayments'>;

/**
 * The sandbox processor's card form call, the stand-in for what Stripe.js does in the browser:
 * a card in, a payment method id out. Served only when the sandbox is the configured processor.
 */
export function sandboxPaymentRoutes(ctx: SandboxPaymentRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/sandbox/payment_methods',
      {
        schema: {
          tags: ['billing'],
          body: cardSchema,
          response: { 201: envelope(z.object({ id: z.string() })) },
        },
      },
      async (request, reply) => {
        requireSession(request);
        if (!ctx.sandboxPayments) throw notFound();
        const id = await ctx.sandboxPayments.tokenize({
          ...request.body.card,
          name: request.body.billing_details.name,
        });
        return reply.status(201).send({ response: { id } });
      },
    );
  };
}
