import type { BillingInformation, InvoiceDetail, InvoicesPage, PaymentMethod } from '@common/api/billing';
import { notFound } from '../../errors';
import type { WorkspaceView } from '../../policies/workspaceView';
import { requireOwner } from '../../policies/workspaces';
import {
  presentBillingInformation,
  presentInvoice,
  presentInvoiceDetail,
  presentPaymentMethod,
} from '../../presenters/billing';
import type { BillingRecords } from '../billing/billingRecords';
import type { CheckoutService } from '../billing/checkout';
import type { WorkspaceAccess } from './workspaceAccess';

/**
 * A workspace's billing data as its owner manages it: billing information, the saved card, invoices
 * and one invoice for the printable page. Each call lets the caller in (404 for anyone not a
 * member), lets only the owner on (403 for the other members), then reads or saves and presents.
 */
export class WorkspaceBilling {
  constructor(
    private readonly access: WorkspaceAccess,
    private readonly records: BillingRecords,
    private readonly checkout: CheckoutService,
  ) {}

  async billingInformation(userId: number, workspaceId: number): Promise<BillingInformation | null> {
    const view = await this.asOwner(userId, workspaceId);
    const row = await this.records.billingInformation(view.workspace.id);
    return row ? presentBillingInformation(row) : null;
  }

  async saveBillingInformation(
    userId: number,
    workspaceId: number,
    info: BillingInformation,
  ): Promise<BillingInformation> {
    const view = await this.asOwner(userId, workspaceId);
    await this.checkout.saveBillingInformation(view.workspace.id, info, view.member.user_id);
    const row = await this.records.billingInformation(view.workspace.id);
    if (!row) throw notFound();
    return presentBillingInformation(row);
  }

  async paymentMethod(userId: number, workspaceId: number): Promise<PaymentMethod | null> {
    const view = await this.asOwner(userId, workspaceId);
    const row = await this.records.paymentMethod(view.workspace.id);
    return row ? presentPaymentMethod(row) : null;
  }

  /** Checks the card with the processor and keeps its public details. */
  async savePaymentMethod(
    userId: number,
    workspaceId: number,
    paymentMethodId: string,
  ): Promise<PaymentMethod> {
    const view = await this.asOwner(userId, workspaceId);
    await this.checkout.savePaymentMethod(view.workspace.id, paymentMethodId, view.member.user_id);
    const row = await this.records.paymentMethod(view.workspace.id);
    if (!row) throw notFound();
    return presentPaymentMethod(row);
  }

  /** Newest first; `startingAfter` (an invoice id) continues with older ones. */
  async invoicesPage(
    userId: number,
    workspaceId: number,
    page: { startingAfter?: number | undefined; limit: number },
  ): Promise<InvoicesPage> {
    const view = await this.asOwner(userId, workspaceId);
    const { invoices, hasMore } = await this.records.invoicesPage(view.workspace.id, page);
    return {
      invoices: invoices.map(presentInvoice),
      last_id: invoices.at(-1)?.id ?? null,
      has_more: hasMore,
    };
  }

  /** One invoice with the billing information it is printed with; 404 when there is no such invoice. */
  async invoice(userId: number, invoiceId: number): Promise<InvoiceDetail> {
    const invoice = await this.records.invoice(invoiceId);
    if (!invoice) throw notFound();
    const view = await this.asOwner(userId, invoice.workspace_id);
    const info = await this.records.billingInformation(view.workspace.id);
    return presentInvoiceDetail(invoice, view.workspace, info);
  }

  /** The caller's view of the workspace: 404 for anyone not a member, 403 for a member not its owner. */
  private async asOwner(userId: number, workspaceId: number): Promise<WorkspaceView> {
    const view = await this.access.forMember(workspaceId, userId);
    requireOwner(view);
    return view;
  }
}
