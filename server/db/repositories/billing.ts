import type { Selectable } from 'kysely';
import type { Db } from '../database';
import type { BillingInformationTable, InvoicesTable, PaymentMethodsTable } from '../schema';

export type BillingInformationRow = Selectable<BillingInformationTable>;
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type BillingInformationValues = Omit<BillingInformationRow, 'workspace_id'>;
export type PaymentMethodValues = Omit<PaymentMethodRow, 'workspace_id'>;
export type CardValues = Pick<PaymentMethodRow, 'brand' | 'last4' | 'exp_month' | 'exp_year' | 'updated_at'>;

/** A workspace's billing records: billing information, the saved card's public details, invoices. */
export class BillingRepository {
  constructor(private readonly db: Db) {}

  billingInformation(workspaceId: number): Promise<BillingInformationRow | undefined> {
    return this.db
      .selectFrom('billing_information')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
  }

  paymentMethod(workspaceId: number): Promise<PaymentMethodRow | undefined> {
    return this.db
      .selectFrom('payment_methods')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
  }

  invoice(id: number): Promise<InvoiceRow | undefined> {
    return this.db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Newest first; `startingAfter` (an invoice id) continues with older ones. */
  async invoicesPage(
    workspaceId: number,
    page: { startingAfter?: number | undefined; limit: number },
  ): Promise<{ invoices: InvoiceRow[]; hasMore: boolean }> {
    let query = this.db
      .selectFrom('invoices')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .orderBy('id', 'desc')
      .limit(page.limit + 1);
    if (page.startingAfter !== undefined) query = query.where('id', '<', page.startingAfter);
    const rows = await query.execute();
    return { invoices: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
  }

  async saveBillingInformation(workspaceId: number, values: BillingInformationValues): Promise<void> {
    await this.db
      .insertInto('billing_information')
      .values({ workspace_id: workspaceId, ...values })
      .onConflict((oc) => oc.column('workspace_id').doUpdateSet(values))
      .execute();
  }

  async savePaymentMethod(workspaceId: number, values: PaymentMethodValues): Promise<void> {
    await this.db
      .insertInto('payment_methods')
      .values({ workspace_id: workspaceId, ...values })
      .onConflict((oc) => oc.column('workspace_id').doUpdateSet(values))
      .execute();
  }

  /** New card details for a saved payment method (the issuer renewed it); answers the workspaces that hold it. */
  async updateCard(providerId: string, values: CardValues): Promise<number[]> {
    const rows = await this.db
      .updateTable('payment_methods')
      .set(values)
      .where('provider_id', '=', providerId)
      .returning('workspace_id')
      .execute();
    return rows.map((r) => r.workspace_id);
  }

  /** An open or paid invoice for the same period: a run that died mid-way left it behind. */
  openOrPaidInvoiceForPeriod(
    workspaceId: number,
    periodKey: string,
  ): Promise<Pick<InvoiceRow, 'id' | 'status'> | undefined> {
    return this.db
      .selectFrom('invoices')
      .select(['id', 'status'])
      .where('workspace_id', '=', workspaceId)
      .where('period_key', '=', periodKey)
      .where('status', 'in', ['open', 'paid'])
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** Answers the new invoice's id. */
  async insertInvoice(values: Omit<InvoiceRow, 'id'>): Promise<number> {
    const row = await this.db.insertInto('invoices').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** Marks the invoice paid, with the processor's payment when there was a charge. */
  async markInvoicePaid(id: number, providerPaymentId?: string): Promise<void> {
    await this.db
      .updateTable('invoices')
      .set({
        status: 'paid',
        ...(providerPaymentId !== undefined ? { provider_payment_id: providerPaymentId } : {}),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Marks an open invoice failed; one a webhook settled as paid meanwhile stays paid. */
  async markInvoiceFailedIfOpen(id: number, failureCode: string): Promise<void> {
    await this.db
      .updateTable('invoices')
      .set({ status: 'failed', failure_code: failureCode })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .execute();
  }

  async invoiceIdByPayment(providerPaymentId: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('invoices')
      .select('id')
      .where('provider_payment_id', '=', providerPaymentId)
      .executeTakeFirst();
    return row?.id;
  }

  /** The invoice's id when it exists and no payment is recorded on it yet. */
  async invoiceIdWithoutPayment(id: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('invoices')
      .select('id')
      .where('id', '=', id)
      .where('provider_payment_id', 'is', null)
      .executeTakeFirst();
    return row?.id;
  }

  /** What the processor reported after the fact; a failure never overwrites a paid invoice. */
  async settleInvoice(
    id: number,
    providerPaymentId: string,
    outcome: { status: 'paid' } | { status: 'failed'; code: string },
  ): Promise<void> {
    let update = this.db
      .updateTable('invoices')
      .set(
        outcome.status === 'paid'
          ? { status: 'paid', provider_payment_id: providerPaymentId, failure_code: null }
          : { status: 'failed', provider_payment_id: providerPaymentId, failure_code: outcome.code },
      )
      .where('id', '=', id);
    if (outcome.status === 'failed') update = update.where('status', '<>', 'paid');
    await update.execute();
  }
}
