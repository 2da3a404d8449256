import { PAYMENT_ERRORS, type PaymentErrorCode } from '@common/api/billing';

/** A refusal by the card processor, with the spec's code (invalid_card, card_declined, processing_error). */
export class PaymentError extends Error {
  constructor(readonly code: PaymentErrorCode) {
    super(PAYMENT_ERRORS[code]);
  }
}

export interface CardDetails {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  name: string | null;
  country: string | null;
  postal_code: string | null;
}

export interface ChargeRequest {
  paymentMethodId: string;
  amountCents: number;
  description: string;
  /** The same key never charges twice: a retried request gets the first outcome. */
  idempotencyKey: string;
  /** The provider's customer for the workspace, when it keeps customers. */
  customerId: string | null;
}

/**
 * The card processor: the built-in sandbox in the embedded mode, Stripe when configured. The browser
 * turns a card into a payment method id with the provider's own form; the server never sees a card number.
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** Card details of a payment method; PaymentError('invalid_card') when it does not exist. */
  retrievePaymentMethod(paymentMethodId: string): Promise<CardDetails>;
  /** The provider's customer for a workspace, created on first use (null when it has none). */
  ensureCustomer(
    workspace: { id: number; name: string; customerId: string | null },
    paymentMethodId: string,
  ): Promise<string | null>;
  /** Charges the amount or throws PaymentError. */
  charge(request: ChargeRequest): Promise<{ paymentId: string }>;
}
