import type { BillingInformation, PricingPlanPrice } from '@common/api/billing';
import { PaymentError, type PaymentProvider } from '../../adapters/payments/paymentProvider';
import type { Clock } from '../../clock';
import type { BillingInformationValues, PaymentMethodValues } from '../../db/repositories/billing';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { AppError } from '../../errors';

export interface InvoiceLine {
  description: string;
  amount: number;
}

/**
 * Takes a payment for a workspace: keeps the card's public details and the billing information,
 * writes the invoice before charging (so no charge is ever without its record), charges with the
 * invoice as idempotency key, and settles the invoice as paid or failed. The invoice is the
 * ledger of the charge: it is written and settled on its own, outside the transaction of the
 * change it pays for (no transaction is held open across the processor's call), and records no
 * domain event: the change it pays for records the outcome (subscription.started, renewed…).
 */
export class CheckoutService {
  constructor(
    private readonly uow: UnitOfWorkOf<'billing' | 'workspaces'>,
    private readonly clock: Clock,
    private readonly payments: PaymentProvider,
  ) {}

  /** The billing information as it is stored. */
  billingInformationValues(info: BillingInformation): BillingInformationValues {
    return { ...info, company_name: info.company_name ?? null, updated_at: this.clock.now().toISOString() };
  }

  /** Checks the payment method with the provider: what is kept of it (brand, last 4 digits, expiry). */
  async paymentMethodValues(paymentMethodId: string): Promise<PaymentMethodValues> {
    const card = await this.payments.retrievePaymentMethod(paymentMethodId);
    return {
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
  }

  async saveBillingInformation(
    workspaceId: number,
    info: BillingInformation,
    actorId: number | null = null,
  ): Promise<void> {
    const values = this.billingInformationValues(info);
    await this.uow.transaction(async (tx) => {
      await tx.billing.saveBillingInformation(workspaceId, values);
      await tx.record({
        type: 'billing_information.updated',
        workspaceId,
        actorId,
        subject: { type: 'Workspace', id: workspaceId },
      });
    });
  }

  /** Checks the payment method with the provider and keeps brand, last 4 digits and expiry. */
  async savePaymentMethod(
    workspaceId: number,
    paymentMethodId: string,
    actorId: number | null = null,
  ): Promise<void> {
    const values = await this.paymentMethodValues(paymentMethodId);
    await this.uow.transaction(async (tx) => {
      await tx.billing.savePaymentMethod(workspaceId, values);
      await tx.record({
        type: 'payment_method.updated',
        workspaceId,
        actorId,
        subject: { type: 'Workspace', id: workspaceId },
        data: { brand: values.brand, last4: values.last4 },
      });
    });
  }

  /** Charges the workspace's saved payment method; throws 400 with the processor's code on refusal. */
  async charge(
    workspaceId: number,
    detail: string,
    lines: InvoiceLine[],
    options: { periodKey?: string } = {},
  ): Promise<{ invoiceId: number }> {
    const billing = this.uow.read.billing;
    const amount = lines.reduce((sum, line) => sum + line.amount, 0);
    const earlier = options.periodKey
      ? await billing.openOrPaidInvoiceForPeriod(workspaceId, options.periodKey)
      : undefined;
    if (earlier?.status === 'paid') return { invoiceId: earlier.id };
    const invoiceId =
      earlier?.id ??
      (await billing.insertInvoice({
        workspace_id: workspaceId,
        detail,
        amount,
        status: 'open',
        lines: JSON.stringify(lines),
        provider_payment_id: null,
        failure_code: null,
        period_key: options.periodKey ?? null,
        created_at: this.clock.now().toISOString(),
      }));
    if (amount === 0) {
      await billing.markInvoicePaid(invoiceId);
      return { invoiceId };
    }
    const method = await billing.paymentMethod(workspaceId);
    const workspace = await this.uow.read.workspaces.findById(workspaceId);
    if (!workspace) throw new Error(`Workspace ${workspaceId} does not exist`);
    try {
      if (!method) throw new PaymentError('invalid_card');
      const customerId = await this.payments.ensureCustomer(
        { id: workspace.id, name: workspace.name, customerId: workspace.payment_customer_id },
        method.provider_id,
      );
      if (customerId && customerId !== workspace.payment_customer_id) {
        await this.uow.read.workspaces.setPaymentCustomerId(workspaceId, customerId);
      }
      const { paymentId } = await this.payments.charge({
        paymentMethodId: method.provider_id,
        amountCents: amount,
        description: `Proofroom: ${detail}`,
        idempotencyKey: `invoice-${invoiceId}`,
        customerId,
      });
      await billing.markInvoicePaid(invoiceId, paymentId);
      return { invoiceId };
    } catch (error) {
      const code = error instanceof PaymentError ? error.code : 'processing_error';
      // A webhook may have settled it as paid meanwhile; never turn paid back into failed.
      await billing.markInvoiceFailedIfOpen(invoiceId, code);
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
