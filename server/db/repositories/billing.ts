import type { Selectable } from 'kysely';
import type { Db } from '../database';
import type { BillingInformationTable, InvoicesTable, PaymentMethodsTable } from '../schema';

export type BillingInformationRow = Selectable<BillingInformationTable>;
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;

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
}
