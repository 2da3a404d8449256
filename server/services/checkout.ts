import type { BillingInformation, PricingPlanPrice } from '@common/api/billing';
import { PaymentError, type PaymentProvider } from '../adapters/payments/paymentProvider';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { AppError } from '../errors';

export interface InvoiceLine {
  description: string;
  amount: number;
}

/**
 * Takes a payment for a workspace: keeps the card's public details and the billing information,
 * writes the invoice before charging (so no charge is ever without its record), charges with the
 * invoice as idempotency key, and settles the invoice as paid or failed.
 */
export class CheckoutService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly payments: PaymentProvider,
  ) {}

  async saveBillingInformation(workspaceId: number, info: BillingInformation): Promise<void> {
    const values = {
      ...info,
      company_name: info.company_name ?? null,
      updated_at: this.clock.now().toISOString(),
    };
    await this.db
      .insertInto('billing_information')
      .values({ workspace_id: workspaceId, ...values })
      .onConflict((oc) => oc.column('workspace_id').doUpdateSet(values))
      .execute();
  }

  /** Checks the payment method with the provider and keeps brand, last 4 digits and expiry. */
  async savePaymentMethod(workspaceId: number, paymentMethodId: string): Promise<void> {
    const card = await this.payments.retrievePaymentMethod(paymentMethodId);
    const values = {
      provider_id: paymentMethodId,
      brand: card.brand,
      last4: card.last4,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      billing_name: card.name,
      billing_country: card.country,
      billing_postal_code: card.postal_code,
      updated_at: this.clock.now().toISOString(),
    };
    await this.db
      .insertInto('payment_methods')
      .values({ workspace_id: workspaceId, ...values })
      .onConflict((oc) => oc.column('workspace_id').doUpdateSet(values))
      .execute();
  }

  /** An open or paid invoice for the same period: a run that died mid-way left it behind. */
  private unsettledOrPaid(workspaceId: number, periodKey: string) {
    return this.db
      .selectFrom('invoices')
      .select(['id', 'status'])
      .where('workspace_id', '=', workspaceId)
      .where('period_key', '=', periodKey)
      .where('status', 'in', ['open', 'paid'])
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** Charges the workspace's saved payment method; throws 400 with the processor's code on refusal. */
  async charge(
    workspaceId: number,
    detail: string,
    lines: InvoiceLine[],
    options: { periodKey?: string } = {},
  ): Promise<{ invoiceId: number }> {
    const amount = lines.reduce((sum, line) => sum + line.amount, 0);
    const earlier = options.periodKey
      ? await this.unsettledOrPaid(workspaceId, options.periodKey)
      : undefined;
    if (earlier?.status === 'paid') return { invoiceId: earlier.id };
    const invoice =
      earlier ??
      (await this.db
        .insertInto('invoices')
        .values({
          workspace_id: workspaceId,
          detail,
          amount,
          status: 'open',
          lines: JSON.stringify(lines),
          provider_payment_id: null,
          failure_code: null,
          period_key: options.periodKey ?? null,
          created_at: this.clock.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    if (amount === 0) {
      await this.db.updateTable('invoices').set({ status: 'paid' }).where('id', '=', invoice.id).execute();
      return { invoiceId: invoice.id };
    }
    const method = await this.db
      .selectFrom('payment_methods')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
    const workspace = await this.db
      .selectFrom('workspaces')
      .select(['id', 'name', 'payment_customer_id'])
      .where('id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    try {
      if (!method) throw new PaymentError('invalid_card');
      const customerId = await this.payments.ensureCustomer(
        { id: workspace.id, name: workspace.name, customerId: workspace.payment_customer_id },
        method.provider_id,
      );
      if (customerId && customerId !== workspace.payment_customer_id) {
        await this.db
          .updateTable('workspaces')
          .set({ payment_customer_id: customerId })
          .where('id', '=', workspaceId)
          .execute();
      }
      const { paymentId } = await this.payments.charge({
        paymentMethodId: method.provider_id,
        amountCents: amount,
        description: `Proofroom: ${detail}`,
        idempotencyKey: `invoice-${invoice.id}`,
        customerId,
      });
      await this.db
        .updateTable('invoices')
        .set({ status: 'paid', provider_payment_id: paymentId })
        .where('id', '=', invoice.id)
        .execute();
      return { invoiceId: invoice.id };
    } catch (error) {
      const code = error instanceof PaymentError ? error.code : 'processing_error';
      await this.db
        .updateTable('invoices')
        .set({ status: 'failed', failure_code: code })
        .where('id', '=', invoice.id)
        // A webhook may have settled it as paid meanwhile; never turn paid back into failed.
        .where('status', '=', 'open')
        .execute();
      throw error instanceof PaymentError ? paymentFailure(error) : error;
    }
  }
}

export function paymentFailure(error: PaymentError): AppError {
  return new AppError(400, error.code, error.message);
}

export function priceDetail(price: PricingPlanPrice): string {
  return `${price.pricing_plan.name}, ${price.billing_period === 'year' ? 'yearly' : 'monthly'}`;
}
