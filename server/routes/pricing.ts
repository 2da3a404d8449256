import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addOnSchema, pricingPlanSchema } from '@common/api/billing';
import { envelope } from '@common/api/envelope';
import type { AppContext } from '../context';
import { notFound } from '../errors';

const planParams = z.object({ planId: z.coerce.number().int().positive() });

/** What these routes call: reading this line tells every service they reach. */
export type PricingRouteDeps = Pick<AppContext, 'catalogue'>;

/** The plan catalogue (server/billing/pricing-plans.json), public like a pricing page. */
export function pricingRoutes(ctx: PricingRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/pricing_plans',
      {
        config: { public: true },
        schema: { tags: ['billing'], response: { 200: envelope(z.array(pricingPlanSchema)) } },
      },
      () => ({ response: ctx.catalogue.plans }),
    );

    app.get(
      '/pricing_plans/:planId/add_ons',
      {
        config: { public: true },
        schema: { tags: ['billing'], params: planParams, response: { 200: envelope(z.array(addOnSchema)) } },
      },
      (request) => {
        if (!ctx.catalogue.plan(request.params.planId)) throw notFound();
        return { response: ctx.catalogue.addOns(request.params.planId) };
      },
    );
  };
}
