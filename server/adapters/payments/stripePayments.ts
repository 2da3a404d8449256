import type { Logger } from 'pino';
import Stripe from 'stripe';
import type { PaymentErrorCode } from '@common/api/billing';
import { PaymentError, type CardDetails, type ChargeRequest, type PaymentProvider } from './paymentProvider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (tests point it at a local stand-in). */
  apiUrl: string | undefined;
}

/** What a verified Stripe webhook means to Proofroom, free of Stripe's types. */
export type PaymentEvent =
  | {
      type: 'payment_succeeded';
      eventId: string;
      paymentId: string;
      /** The charge's idempotency key, kept in the PaymentIntent's metadata. */
      chargeKey: string | null;
    }
  | {
      type: 'payment_failed';
      eventId: string;
      paymentId: string;
      chargeKey: string | null;
      code: PaymentErrorCode;
    }
  | {
      type: 'card_updated';
      eventId: string;
      paymentMethodId: string;
      card: Pick<CardDetails, 'brand' | 'last4' | 'exp_month' | 'exp_year'>;
    }
  | { type: 'ignored'; eventId: string; stripeType: string };

/** A webhook whose `Stripe-Signature` does not match its body, secret or time. */
export class WebhookSignatureError extends Error {}

/** Card error codes that mean the card itself is wrong: the customer should enter another one. */
const INVALID_CARD_CODES = new Set([
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'invalid_cvc',
  'invalid_number',
]);

/**
 * The spec's code for a refusal Stripe reported with `type` (card_error, invalid_request_error,
 * api_error, …), `code` and `param`: a wrong card is invalid_card, any other card refusal is
 * card_declined, and everything on Stripe's or our side (rate limits, outages, bad requests) is
 * processing_error.
 */
export function paymentErrorCode(error: {
  type?: string | null | undefined;
  code?: string | null | undefined;
  param?: string | null | undefined;
}): PaymentErrorCode {
  const code = error.code ?? '';
  if (code === 'processing_error') return 'processing_error';
  if (INVALID_CARD_CODES.has(code) || code.startsWith('invalid_expiry_')) return 'invalid_card';
  if (code === 'resource_missing' && error.param?.startsWith('payment_method')) return 'invalid_card';
  if (error.type === 'card_error') return 'card_declined';
  return 'processing_error';
}

/** The spec's code for an error thrown by the Stripe client; other errors are not refusals. */
export function stripeRefusal(error: unknown): PaymentError | null {
  if (!(error instanceof Stripe.errors.StripeError)) return null;
  return new PaymentError(paymentErrorCode({ type: error.rawType, code: error.code, param: error.param }));
}

/** The Stripe client, pointed at `apiUrl` when one is configured. */
export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiUrl'>): Stripe {
  const url = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const protocol = url?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 30_000,
    appInfo: { name: 'Proofroom' },
    ...(url ? { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}

/**
 * The card processor when PAYMENTS=stripe. Stripe.js in the browser turns a card into a payment
 * method; the server reads its public details, keeps a Stripe customer per workspace with the card
 * attached, and charges off-session with a PaymentIntent confirmed at once. Only codes and ids are
 * logged, never card details.
 */
export class StripePayments implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly log: Logger;

  constructor(
    private readonly settings: StripeSettings,
    log: Logger,
  ) {
    this.stripe = createStripeClient(settings);
    this.log = log.child({ provider: 'stripe' });
  }

  async retrievePaymentMethod(paymentMethodId: string): Promise<CardDetails> {
    const method = await this.paymentMethod(paymentMethodId).catch((error: unknown) => {
      throw this.refusal(error, 'retrieve payment method');
    });
    if (!method.card) throw new PaymentError('invalid_card');
    const address = method.billing_details.address;
    return {
      brand: method.card.brand,
      last4: method.card.last4,
      exp_month: method.card.exp_month,
      exp_year: method.card.exp_year,
      name: method.billing_details.name,
      country: address?.country ?? null,
      postal_code: address?.postal_code ?? null,
    };
  }

  /** Creates the workspace's customer on first use and attaches the payment method to it. */
  async ensureCustomer(
    workspace: { id: number; name: string; customerId: string | null },
    paymentMethodId: string,
  ): Promise<string> {
    try {
      const method = await this.paymentMethod(paymentMethodId);
      const owner = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null);
      if (owner && owner === workspace.customerId) return owner;
      // A card kept by another Stripe customer cannot be attached to this one.
      if (owner) throw new PaymentError('invalid_card');
      let customerId = workspace.customerId;
      if (!customerId) {
        const customer = await this.stripe.customers.create({
          name: workspace.name,
          metadata: { workspace_id: String(workspace.id) },
        });
        customerId = customer.id;
      }
      await this.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
      return customerId;
    } catch (error) {
      throw this.refusal(error, 'attach payment method');
    }
  }

  async charge(request: ChargeRequest): Promise<{ paymentId: string }> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: 'usd',
          ...(request.customerId ? { customer: request.customerId } : {}),
          payment_method: request.paymentMethodId,
          allowed_payment_method_types: ['card'],
          confirm: true,
          off_session: true,
          description: request.description,
          metadata: { charge_key: request.idempotencyKey },
        },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      throw this.refusal(error, 'charge');
    }
    if (intent.status === 'succeeded') return { paymentId: intent.id };
    // Off-session charges cannot ask the customer to authenticate: a bank asking for it declines.
    this.log.warn(
      { payment_intent: intent.id, status: intent.status, charge_key: request.idempotencyKey },
      'stripe payment intent not completed',
    );
    throw new PaymentError(intent.status === 'processing' ? 'processing_error' : 'card_declined');
  }

  /** Verifies a webhook against the signing secret at `receivedAt` (ms) and says what it means. */
  parseWebhook(payload: Buffer | string, signature: string, receivedAt: number): PaymentEvent {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        payload,
        signature,
        this.settings.webhookSecret,
        undefined,
        undefined,
        receivedAt,
      );
    } catch (error) {
      this.log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'stripe webhook refused');
      throw new WebhookSignatureError('Invalid Stripe signature');
    }
    return paymentEventOf(event);
  }

  /** A payment method; one Stripe does not know is an invalid card. */
  private async paymentMethod(id: string): Promise<Stripe.PaymentMethod> {
    try {
      return await this.stripe.paymentMethods.retrieve(id);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.code === 'resource_missing') {
        throw new PaymentError('invalid_card');
      }
      throw error;
    }
  }

  /** Turns a Stripe error into the spec's refusal, logging only codes; other errors pass through. */
  private refusal(error: unknown, during: string): unknown {
    const refusal = stripeRefusal(error);
    if (!refusal || !(error instanceof Stripe.errors.StripeError)) return error;
    const details = {
      during,
      code: refusal.code,
      stripe_type: error.rawType ?? error.type,
      stripe_code: error.code,
      decline_code: error.decline_code,
      status: error.statusCode,
      request_id: error.requestId,
    };
    if (refusal.code === 'processing_error') this.log.error(details, 'stripe call failed');
    else this.log.info(details, 'stripe refused the card');
    return refusal;
  }
}

/** What a Stripe event means to Proofroom; events it does not act on are 'ignored'. */
export function paymentEventOf(event: Stripe.Event): PaymentEvent {
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    const common = { eventId: event.id, paymentId: intent.id, chargeKey: intent.metadata.charge_key ?? null };
    if (event.type === 'payment_intent.succeeded') return { type: 'payment_succeeded', ...common };
    const failure = intent.last_payment_error;
    return { type: 'payment_failed', ...common, code: failure ? paymentErrorCode(failure) : 'card_declined' };
  }
  if (event.type === 'payment_method.updated' || event.type === 'payment_method.automatically_updated') {
    const card = event.data.object.card;
    if (card) {
      return {
        type: 'card_updated',
        eventId: event.id,
        paymentMethodId: event.data.object.id,
        card: { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year },
      };
    }
  }
  return { type: 'ignored', eventId: event.id, stripeType: event.type };
}
