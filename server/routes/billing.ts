import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billingInformationSchema,
  invoiceDetailSchema,
  invoicesPageSchema,
  invoicesQuerySchema,
  paymentMethodChangeSchema,
  paymentMethodSchema,
} from '@common/api/billing';
import { envelope } from '@common/api/envelope';
import type { AppContext } from '../context';
import { requireSession } from '../plugins/session';
import { idParams } from './auth';

const tags = ['billing'];

/** What these routes call: reading this line tells every service they reach. */
export type BillingRouteDeps = Pick<AppContext, 'workspaceBilling'>;

/**
 * A workspace's billing data: billing information, the saved card, invoices and one invoice for the
 * printable page. Only the owner manages billing: other members get 403, anyone else 404.
 */
export function billingRoutes(ctx: BillingRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const billing = ctx.workspaceBilling;

    app.get(
      '/workspaces/:id/billing_information',
      {
        schema: { tags, params: idParams, response: { 200: envelope(billingInformationSchema.nullable()) } },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await billing.billingInformation(userId, request.params.id) };
      },
    );

    app.patch(
      '/workspaces/:id/billing_information',
      {
        schema: {
          tags,
          params: idParams,
          body: billingInformationSchema,
          response: { 200: envelope(billingInformationSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await billing.saveBillingInformation(userId, request.params.id, request.body) };
      },
    );

    app.get(
      '/workspaces/:id/payment_method',
      { schema: { tags, params: idParams, response: { 200: envelope(paymentMethodSchema.nullable()) } } },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await billing.paymentMethod(userId, request.params.id) };
      },
    );

    app.post(
      '/workspaces/:id/payment_method',
      {
        schema: {
          tags,
          params: idParams,
          body: paymentMethodChangeSchema,
          response: { 200: envelope(paymentMethodSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        const { payment_method_id } = request.body;
        return { response: await billing.savePaymentMethod(userId, request.params.id, payment_method_id) };
      },
    );

    app.get(
      '/workspaces/:id/invoices',
      {
        schema: {
          tags,
          params: idParams,
          querystring: invoicesQuerySchema,
          response: { 200: envelope(invoicesPageSchema) },
        },
      },
      async (request) => {
        const { userId } = requireSession(request);
        const page = { startingAfter: request.query.starting_after, limit: request.query.limit };
        return { response: await billing.invoicesPage(userId, request.params.id, page) };
      },
    );

    app.get(
      '/invoices/:id',
      { schema: { tags, params: idParams, response: { 200: envelope(invoiceDetailSchema) } } },
      async (request) => {
        const { userId } = requireSession(request);
        return { response: await billing.invoice(userId, request.params.id) };
      },
    );
  };
}
