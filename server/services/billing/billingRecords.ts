import type { BillingInformationRow, InvoiceRow, PaymentMethodRow } from '../../db/repositories/billing';
import type { UnitOfWorkOf } from '../../db/unitOfWork';

/**
 * A workspace's billing records as its owner reads them: billing information, the saved card's
 * public details, invoices. services/workspaces/workspaceBilling.ts lets only the owner reach them.
 */
export class BillingRecords {
  constructor(private readonly uow: UnitOfWorkOf<'billing'>) {}

  billingInformation(workspaceId: number): Promise<BillingInformationRow | undefined> {
    return this.uow.read.billing.billingInformation(workspaceId);
  }

  paymentMethod(workspaceId: number): Promise<PaymentMethodRow | undefined> {
    return this.uow.read.billing.paymentMethod(workspaceId);
  }

  /** Newest first; `startingAfter` (an invoice id) continues with older ones. */
  invoicesPage(
    workspaceId: number,
    page: { startingAfter?: number | undefined; limit: number },
  ): Promise<{ invoices: InvoiceRow[]; hasMore: boolean }> {
    return this.uow.read.billing.invoicesPage(workspaceId, page);
  }

  invoice(id: number): Promise<InvoiceRow | undefined> {
    return this.uow.read.billing.invoice(id);
  }
}
