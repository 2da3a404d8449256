/**
 * The billing feature's public face (billing: plans, add-ons, checkout, cards, notices, the trial and
 * invoices; the Plan and Billing tabs of a workspace's settings). Screens and other features import
 * from here only (eslint.config.js keeps the wall); the files behind it are the feature's own.
 */
export { useInvoice } from './api/billing';
export { WorkspaceBillingTab } from './billingTab/WorkspaceBillingTab';
export { InvoiceSheet } from './invoice/InvoiceSheet';
export { PlanFlowProvider, usePlanFlow } from './PlanFlow';
export { WorkspacePlanTab } from './planTab/WorkspacePlanTab';
export { TrialIndicator } from './TrialIndicator';
export { WorkspaceNotices } from './WorkspaceNotices';
