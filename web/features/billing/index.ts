/**
 * The billing feature's public face (billing: plans, add-ons, checkout, cards, notices, the trial and
 * invoices). Screens and other features import from here only (eslint.config.js keeps the wall); the
 * files behind it are the feature's own.
 */
export { type AddOnKind, AddOnModal } from './AddOnModal';
export {
  useBillingInformation,
  useCancelDowngrade,
  useCancelSubscription,
  useInvoice,
  useInvoices,
  usePaymentMethod,
  useReactivateSubscription,
  useUpdateBillingInformation,
  useUpdatePaymentMethod,
} from './api/billing';
export { billingFormSchema, billingFormValues, billingInformationOf } from './billingForm';
export { BillingInformationFields } from './BillingInformationFields';
export type { CardEntry } from './CardForm';
export { formatBillingDate, formatBytes, formatInvoiceDate } from './formats';
export { PAYMENT_ERROR_TITLE, TRY_LATER } from './paymentErrors';
export { type CardChoice, initialCardChoice, PaymentMethodChoice } from './PaymentMethodChoice';
export { cardExpiry, isCardExpired, maskedCard } from './paymentMethodText';
export { PlanFlowProvider, usePlanFlow } from './PlanFlow';
export { shortPlanName } from './planOptions';
export { ResultDialog, type ResultMessage } from './ResultDialog';
export { TrialIndicator } from './TrialIndicator';
export { WorkspaceNotices } from './WorkspaceNotices';
