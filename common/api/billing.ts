import { z } from 'zod';
import { messages, requiredText } from '../validation';
import { isCountryCode } from '../billing/countries';
import { INVALID_POSTAL_CODE, isValidPostalCode, POSTAL_CODE_MAX } from '../billing/postalCode';

/** Plans, prices and add-ons as GET /pricing_plans and GET /pricing_plans/{id}/add_ons answer them. */

export const BILLING_PERIODS = ['month', 'year'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

export const pricingPlanPriceSchema = z.object({
  id: z.number().int(),
  billing_period: z.enum(BILLING_PERIODS),
  /** In cents. */
  cost: z.number().int().min(0),
  pricing_plan: z.object({ id: z.number().int(), name: z.string() }),
});
export type PricingPlanPrice = z.infer<typeof pricingPlanPriceSchema>;

export const pricingPlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Rank used to tell an upgrade from a downgrade; the free trial is below every paid plan. */
  level: z.number().int(),
  /** null means unlimited. */
  included_projects: z.number().int().nullable(),
  /** null means the default of 15. */
  included_members: z.number().int().nullable(),
  included_storage_in_bytes: z.number().int(),
  prices: z.array(pricingPlanPriceSchema),
});
export type PricingPlan = z.infer<typeof pricingPlanSchema>;

export const INVALID_ADD_ON_TYPE = 'Invalid AddOn type';
export const ADD_ON_TYPES = ['StorageAddOn', 'MembersAddOn'] as const;
export type AddOnType = (typeof ADD_ON_TYPES)[number];
export const addOnTypeSchema = z.enum(ADD_ON_TYPES, { error: INVALID_ADD_ON_TYPE }).nullable();

export const addOnPriceSchema = z.object({ id: z.number().int(), cost: z.number().int().min(0) });
export const addOnSchema = z.object({
  id: z.number().int(),
  type: addOnTypeSchema,
  /** Bytes for storage, seats for members: what one unit adds. */
  included_amount: z.number().int(),
  prices: z.object({ monthly: addOnPriceSchema, annual: addOnPriceSchema }),
});
export type AddOn = z.infer<typeof addOnSchema>;

export const addOnItemSchema = z.object({
  id: z.number().int(),
  quantity: z.number().int(),
  included_amount: z.number().int(),
  type: z.enum(['storage', 'members']),
  add_on_price: z.object({
    id: z.number().int(),
    cost: z.number().int(),
    billing_period: z.enum(BILLING_PERIODS),
  }),
});
export type AddOnItem = z.infer<typeof addOnItemSchema>;

export const subscriptionSchema = z.object({
  id: z.number().int(),
  active: z.boolean(),
  workspace_id: z.number().int(),
  cancel_at_period_end: z.boolean(),
  billing_period_ends_at: z.string().nullable(),
  last_payment_succeeded: z.boolean(),
  pricing_plan_price: pricingPlanPriceSchema,
  add_on_items: z.array(addOnItemSchema),
  /** The price the subscription moves to at the period end, when a downgrade is pending. */
  downgrade_at_period_end: pricingPlanPriceSchema.nullable(),
  free_trial_expires_at: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** Country from common/billing/countries.ts; postal code checked per country (common/billing/postalCode.ts). */
export const billingInformationSchema = z
  .object({
    country: requiredText('Country', { max: 2 }),
    state: requiredText('State', { max: 100 }),
    postal_code: requiredText('Postal code', { max: POSTAL_CODE_MAX }),
    address: requiredText('Address', { max: 200 }),
    city: requiredText('City', { max: 100 }),
    company_name: z
      .string()
      .trim()
      .max(200, { error: messages.maxLength('Company name', 200) })
      .optional()
      .nullable(),
  })
  .superRefine((info, ctx) => {
    // Checks only values the fields let through: an empty or too long one has its own message.
    const country = typeof info.country === 'string' ? info.country.trim() : '';
    if (country.length === 0 || country.length > 2) return;
    if (!isCountryCode(country)) {
      ctx.addIssue({ code: 'custom', path: ['country'], message: messages.email('Country') });
      return;
    }
    const postal = typeof info.postal_code === 'string' ? info.postal_code.trim() : '';
    if (postal.length === 0 || postal.length > POSTAL_CODE_MAX) return;
    if (!isValidPostalCode(country, postal)) {
      ctx.addIssue({ code: 'custom', path: ['postal_code'], message: INVALID_POSTAL_CODE });
    }
  });
export type BillingInformation = z.infer<typeof billingInformationSchema>;

export const paymentMethodSchema = z.object({
  id: z.string(),
  card: z.object({
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
  }),
  billing_details: z.object({
    name: z.string().nullable(),
    address: z.object({ country: z.string().nullable(), postal_code: z.string().nullable() }),
  }),
  workspace_id: z.number().int(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const invoiceSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  detail: z.string(),
  /** In cents. */
  amount: z.number().int(),
  status: z.enum(['paid', 'failed', 'open']),
  workspace_id: z.number().int(),
  invoice_url: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoicesPageSchema = z.object({
  invoices: z.array(invoiceSchema),
  last_id: z.number().int().nullable(),
  has_more: z.boolean(),
});
export type InvoicesPage = z.infer<typeof invoicesPageSchema>;

/** Checkout: POST /workspaces and POST /workspaces/{id}/subscribe. */
export const checkoutSchema = z.object({
  price_id: z.number().int(),
  billing_information: billingInformationSchema.optional(),
  payment_method_id: z.string().trim().min(1).max(200).optional(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

export const invoiceLineSchema = z.object({
  description: z.string(),
  /** In cents. */
  amount: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** GET /invoices/{id}: what the printable invoice page shows (owner only). */
export const invoiceDetailSchema = invoiceSchema.extend({
  lines: z.array(invoiceLineSchema),
  workspace: z.object({ id: z.number().int(), name: z.string() }),
  /** The workspace's billing information as it is now (null when none was given). */
  billing_information: billingInformationSchema.nullable(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoicesQuerySchema = z.object({
  /** An invoice id: the page continues with older invoices than this one. */
  starting_after: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const paymentMethodChangeSchema = z.object({ payment_method_id: z.string().trim().min(1).max(200) });

export const downgradeSchema = z.object({ price_id: z.number().int() });

export const addOnChangeSchema = z.object({
  add_on_price_id: z.number().int(),
  /** Always 1: storage and seats change one unit at a time. */
  quantity: z.literal(1),
});

/** Texts of the checkout failure dialog ('Oops, something went wrong!'), per code. */
export const PAYMENT_ERRORS = {
  processing_error: 'Please try again later.',
  invalid_card: 'You should enter a new payment method to continue.',
  card_declined: 'Please review the information entered or contact your card issuer to continue.',
} as const;
export type PaymentErrorCode = keyof typeof PAYMENT_ERRORS;
