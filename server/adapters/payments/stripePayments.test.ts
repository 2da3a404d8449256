import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { PaymentError } from './paymentProvider';
import { paymentErrorCode, paymentEventOf, stripeRefusal } from './stripePayments';

/** The error the Stripe client throws for an API answer with this status and error body. */
function apiError(
  statusCode: number,
  raw: { type: Stripe.RawErrorType; code?: string; param?: string; decline_code?: string },
) {
  return Stripe.errors.StripeError.generate({ statusCode, message: 'refused', ...raw });
}

describe('stripeRefusal', () => {
  it.each([
    ['card_declined', 402, { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' }],
    ['card_declined', 402, { type: 'card_error', code: 'authentication_required' }],
    ['card_declined', 402, { type: 'card_error', code: 'incorrect_zip' }],
    ['invalid_card', 402, { type: 'card_error', code: 'expired_card' }],
    ['invalid_card', 402, { type: 'card_error', code: 'incorrect_cvc' }],
    ['invalid_card', 402, { type: 'card_error', code: 'incorrect_number' }],
    ['invalid_card', 402, { type: 'card_error', code: 'invalid_expiry_month' }],
    ['invalid_card', 402, { type: 'card_error', code: 'invalid_expiry_year' }],
    [
      'invalid_card',
      404,
      { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method' },
    ],
    ['processing_error', 402, { type: 'card_error', code: 'processing_error' }],
    ['processing_error', 429, { type: 'invalid_request_error', code: 'rate_limit' }],
    ['processing_error', 500, { type: 'api_error' }],
    ['processing_error', 401, { type: 'invalid_request_error' }],
    ['processing_error', 400, { type: 'idempotency_error' }],
    ['processing_error', 404, { type: 'invalid_request_error', code: 'resource_missing', param: 'customer' }],
    ['processing_error', 400, { type: 'invalid_request_error', code: 'amount_too_small', param: 'amount' }],
  ] as const)('answers %s for a %i %j', (expected, status, raw) => {
    const refusal = stripeRefusal(apiError(status, raw));
    expect(refusal).toBeInstanceOf(PaymentError);
    expect(refusal?.code).toBe(expected);
  });

  it('answers processing_error when Stripe cannot be reached', () => {
    const error = new Stripe.errors.StripeConnectionError({ message: 'connect ECONNREFUSED' });
    expect(stripeRefusal(error)?.code).toBe('processing_error');
  });

  it('is no refusal for an error that is not Stripe’s (a bug stays a bug)', () => {
    expect(stripeRefusal(new TypeError('undefined is not a function'))).toBeNull();
  });
});

describe('paymentErrorCode (a PaymentIntent’s last_payment_error)', () => {
  it.each([
    [{ type: 'card_error', code: 'card_declined' }, 'card_declined'],
    [{ type: 'card_error', code: 'expired_card' }, 'invalid_card'],
    [{ type: 'card_error' }, 'card_declined'],
    [{ type: 'api_error', code: null }, 'processing_error'],
    [{}, 'processing_error'],
  ] as const)('maps %j to %s', (error, expected) => {
    expect(paymentErrorCode(error)).toBe(expected);
  });
});

describe('paymentEventOf', () => {
  const event = (type: string, object: Record<string, unknown>) =>
    ({ id: 'evt_1', object: 'event', type, data: { object } }) as unknown as Stripe.Event;

  it('reads a failed payment with its mapped code and charge key', () => {
    const failed = event('payment_intent.payment_failed', {
      id: 'pi_1',
      metadata: { charge_key: 'invoice-7' },
      last_payment_error: { type: 'card_error', code: 'incorrect_number' },
    });
    expect(paymentEventOf(failed)).toEqual({
      type: 'payment_failed',
      eventId: 'evt_1',
      paymentId: 'pi_1',
      chargeKey: 'invoice-7',
      code: 'invalid_card',
    });
  });

  it('ignores a payment method update that is not a card, and events it does not act on', () => {
    expect(paymentEventOf(event('payment_method.updated', { id: 'pm_1', card: null })).type).toBe('ignored');
    expect(paymentEventOf(event('charge.refunded', { id: 'ch_1' }))).toEqual({
      type: 'ignored',
      eventId: 'evt_1',
      stripeType: 'charge.refunded',
    });
  });
});
