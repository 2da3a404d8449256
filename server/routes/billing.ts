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
import { notFound } from '../errors';
import { requireSession } from '../plugins/session';
import {
  presentBillingInformation,
  presentInvoice,
  presentInvoiceDetail,
  presentPaymentMethod,
} from '../presenters/billing';
import type { WorkspaceView } from '../policies/workspaceView';
import { requireOwner } from '../policies/workspaces';
import { idParams } from './auth';

const tags = ['billing'];

/** What these routes call: reading this line tells every service they reach. */
export type BillingRouteDeps = Pick<AppContext, 'billingRecords' | 'checkout' | 'workspaceAccess'>;

/**
 * A workspace's billing data: billing information, the saved card, invoices and one invoice for the
 * printable page. Only the owner manages billing: other members get 403, anyone else 404.
 */
export function billingRoutes(ctx: BillingRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const ownerView = async (workspaceId: number, userId: number): Promise<WorkspaceView> => {
      const view = await ctx.workspaceAccess.forMember(workspaceId, userId);
      requireOwner(view);
      return view;
    };

    app.get(
      '/workspaces/:id/billing_information',
      {
        schema: { tags, params: idParams, response: { 200: envelope(billingInformationSchema.nullable()) } },
      },
      async (request) => {
        const view = await ownerView(request.params.id, requireSession(request).userId);
        const row = await ctx.billingRecords.billingInformation(view.workspace.id);
        return { response: row ? presentBillingInformation(row) : null };
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
        const view = await ownerView(request.params.id, requireSession(request).userId);
        await ctx.checkout.saveBillingInformation(view.workspace.id, request.body, view.member.user_id);
        const row = await ctx.billingRecords.billingInformation(view.workspace.id);
        if (!row) throw notFound();
        return { response: presentBillingInformation(row) };
      },
    );

    app.get(
      '/workspaces/:id/payment_method',
      { schema: { tags, params: idParams, response: { 200: envelope(paymentMethodSchema.nullable()) } } },
      async (request) => {
        const view = await ownerView(request.params.id, requireSession(request).userId);
        const row = await ctx.billingRecords.paymentMethod(view.workspace.id);
        return { response: row ? presentPaymentMethod(row) : null };
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
        const view = await ownerView(request.params.id, requireSession(request).userId);
        await ctx.checkout.savePaymentMethod(
          view.workspace.id,
          request.body.payment_method_id,
          view.member.user_id,
        );
        const row = await ctx.billingRecords.paymentMethod(view.workspace.id);
        if (!row) throw notFound();
        return { response: presentPaymentMethod(row) };
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
        const view = await ownerView(request.params.id, requireSession(request).userId);
        const { invoices, hasMore } = await ctx.billingRecords.invoicesPage(view.workspace.id, {
          startingAfter: request.query.starting_after,
          limit: request.query.limit,
        });
        return {
          response: {
            invoices: invoices.map(presentInvoice),
            last_id: invoices.at(-1)?.id ?? null,
            has_more: hasMore,
          },
        };
      },
    );

    app.get(
      '/invoices/:id',
      { schema: { tags, params: idParams, response: { 200: envelope(invoiceDetailSchema) } } },
      async (request) => {
        const { userId } = requireSession(request);
        const invoice = await ctx.billingRecords.invoice(request.params.id);
        if (!invoice) throw notFound();
        const view = await ownerView(invoice.workspace_id, userId);
        const info = await ctx.billingRecords.billingInformation(view.workspace.id);
        return { response: presentInvoiceDetail(invoice, view.workspace, info) };
      },
    );
  };
}
