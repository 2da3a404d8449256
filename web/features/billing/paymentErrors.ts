import { PAYMENT_ERRORS, type PaymentErrorCode } from '@common/api/billing';
import { ApiError } from '@web/api/client';

export const PAYMENT_ERROR_TITLE = 'Oops, something went wrong!';
export const TRY_LATER = PAYMENT_ERRORS.processing_error;

const isPaymentCode = (code: string): code is PaymentErrorCode => code in PAYMENT_ERRORS;

/**
 * The checkout failure dialog's text (account-side §8): the processor's code decides it; another
 * refusal the server explained (a plan the workspace does not fit, a change in progress) shows that
 * explanation; anything without a payload 'Please try again later.'.
 */
export function paymentErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return TRY_LATER;
  if (isPaymentCode(error.code)) return PAYMENT_ERRORS[error.code];
  if (error.status >= 400 && error.status < 500 && error.status !== 401) {
    const detail = Object.keys(error.details ?? {})
      .map((field) => error.fieldMessages(field)[0])
      .find(Boolean);
    if (detail) return detail;
  }
  return TRY_LATER;
}

/** After invalid_card or card_declined the checkout stays open for another card; otherwise it closes. */
export function keepsCheckoutOpen(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'invalid_card' || error.code === 'card_declined');
}

/**
 * A refusal from Stripe.js while creating the payment method, as the spec's codes: a decline is
 * card_declined, any other card or validation error invalid_card, everything else processing_error.
 */
export function stripeErrorCode(error: { type?: string; code?: string }): PaymentErrorCode {
  if (error.code === 'card_declined') return 'card_declined';
  if (error.type === 'card_error' || error.type === 'validation_error') return 'invalid_card';
  return 'processing_error';
}

/** The same failure as the API would answer it, so the checkout handles both processors alike. */
export function paymentError(code: PaymentErrorCode): ApiError {
  return new ApiError(400, code, PAYMENT_ERRORS[code]);
}
