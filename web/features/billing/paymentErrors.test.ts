import { describe, expect, it } from 'vitest';
import { PAYMENT_ERRORS } from '@common/api/billing';
import { ApiError } from '@web/api/client';
import { keepsCheckoutOpen, paymentError, paymentErrorText, stripeErrorCode } from './paymentErrors';

describe('checkout failures', () => {
  it('shows the text of each processor code', () => {
    for (const code of ['processing_error', 'invalid_card', 'card_declined'] as const) {
      expect(paymentErrorText(new ApiError(400, code, 'x'))).toBe(PAYMENT_ERRORS[code]);
    }
  });

  it('says to try later without a payload, and explains a refused choice', () => {
    expect(paymentErrorText(new Error('network'))).toBe('Please try again later.');
    expect(paymentErrorText(new ApiError(0, 'network_error', 'x'))).toBe('Please try again later.');
    expect(paymentErrorText(new ApiError(500, 'internal_error', 'x'))).toBe('Please try again later.');
    expect(
      paymentErrorText(
        new ApiError(422, 'invalid_record', 'x', { price_id: ['This plan is not available.'] }),
      ),
    ).toBe('This plan is not available.');
  });

  it('stays open only after invalid_card or card_declined', () => {
    expect(keepsCheckoutOpen(new ApiError(400, 'invalid_card', 'x'))).toBe(true);
    expect(keepsCheckoutOpen(new ApiError(400, 'card_declined', 'x'))).toBe(true);
    expect(keepsCheckoutOpen(new ApiError(400, 'processing_error', 'x'))).toBe(false);
    expect(keepsCheckoutOpen(new Error('x'))).toBe(false);
  });
});

describe('Stripe.js refusals', () => {
  it('map to the spec codes', () => {
    expect(stripeErrorCode({ type: 'card_error', code: 'card_declined' })).toBe('card_declined');
    expect(stripeErrorCode({ type: 'card_error', code: 'incorrect_number' })).toBe('invalid_card');
    expect(stripeErrorCode({ type: 'validation_error', code: 'incomplete_number' })).toBe('invalid_card');
    expect(stripeErrorCode({ type: 'api_connection_error' })).toBe('processing_error');
    expect(paymentError('card_declined').code).toBe('card_declined');
    expect(keepsCheckoutOpen(paymentError('invalid_card'))).toBe(true);
  });
});
