import { z } from 'zod';
import {
  invoiceLineSchema,
  type BillingInformation,
  type Invoice,
  type InvoiceDetail,
  type PaymentMethod,
} from '@common/api/billing';
import type { BillingInformationRow, InvoiceRow, PaymentMethodRow } from '../db/repositories/billing';
import type { WorkspaceRow } from '../db/repositories/workspaces';

const INVOICE_STATUSES = ['paid', 'failed', 'open'] as const;
const linesSchema = z.array(invoiceLineSchema);

export function presentBillingInformation(row: BillingInformationRow): BillingInformation {
  return {
    country: row.country,
    state: row.state,
    postal_code: row.postal_code,
    address: row.address,
    city: row.city,
    company_name: row.company_name,
  };
}

/** The saved card as the provider describes it: brand, last 4 digits, expiry; never the number. */
export function presentPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.provider_id,
    card: { brand: row.brand, last4: row.last4, exp_month: row.exp_month, exp_year: row.exp_year },
    billing_details: {
      name: row.billing_name,
      address: { country: row.billing_country, postal_code: row.billing_postal_code },
    },
    workspace_id: row.workspace_id,
  };
}

/** `invoice_url` is the web app's printable invoice page. */
export function presentInvoice(row: InvoiceRow): Invoice {
  const status = INVOICE_STATUSES.find((s) => s === row.status);
  if (!status) throw new Error(`Invoice ${row.id} has unknown status ${row.status}`);
  return {
    id: row.id,
    created_at: row.created_at,
    detail: row.detail,
    amount: row.amount,
    status,
    workspace_id: row.workspace_id,
    invoice_url: `/invoices/${row.id}`,
  };
}

export function presentInvoiceDetail(
  row: InvoiceRow,
  workspace: WorkspaceRow,
  billingInformation: BillingInformationRow | undefined,
): InvoiceDetail {
  return {
    ...presentInvoice(row),
    lines: linesSchema.parse(JSON.parse(row.lines)),
    workspace: { id: workspace.id, name: workspace.name },
    billing_information: billingInformation ? presentBillingInformation(billingInformation) : null,
  };
}
