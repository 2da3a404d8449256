import { Writable } from 'node:stream';
import { pino } from 'pino';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_ERRORS } from '@common/api/billing';
import { StripePayments } from '@server/adapters/payments/stripePayments';
import { AppError } from '@server/errors';
import { FakeStripe, stripeError } from './fakeStripe';
import { BILLING_INFORMATION, buildUser, PRICES, signedIn } from './factories';
import { ApiClient, startTestApp, type TestApp } from './harness';

const WEBHOOK_SECRET = 'whsec_test';

let t: TestApp;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = new FakeStripe();
  const apiUrl = await stripe.start();
  t = await startTestApp({
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: apiUrl,
  });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});
beforeEach(() => stripe.reset());
afterEach(() => expect(stripe.unexpected).toEqual([]));

let cardSequence = 0;
/** A payment method id Stripe.js would have produced in the browser, known to the fake. */
function stripeCard(card: Parameters<FakeStripe['addCard']>[1] = {}): string {
  cardSequence += 1;
  return stripe.addCard(`pm_test_${cardSequence}`, card);
}

async function checkout(client: ApiClient, paymentMethodId: string, priceId: number = PRICES.teamMonthly) {
  return client.post('/workspaces', {
    price_id: priceId,
    payment_method_id: paymentMethodId,
    billing_information: BILLING_INFORMATION,
  });
}

/** A signed-in owner with a paid Team workspace bought through the Stripe provider. */
async function paidWorkspace() {
  const owner = await buildUser(t.ctx);
  const client = await signedIn(t.baseUrl, owner);
  const paymentMethodId = stripeCard();
  const answer = await checkout(client, paymentMethodId);
  expect(answer.status).toBe(201);
  stripe.reset();
  return { client, paymentMethodId, workspaceId: answer.body.response.id as number };
}

const invoicesOf = (workspaceId: number) =>
  t.ctx.db.selectFrom('invoices').selectAll().where('workspace_id', '=', workspaceId).orderBy('id').execute();

const cardOf = (workspaceId: number) =>
  t.ctx.db
    .selectFrom('payment_methods')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();

const workspaceRow = (workspaceId: number) =>
  t.ctx.db.selectFrom('workspaces').selectAll().where('id', '=', workspaceId).executeTakeFirstOrThrow();

/** A PaymentIntent answer with another status than succeeded. */
function intentWithStatus(id: string, status: string) {
  return {
    status: 200,
    body: { id, object: 'payment_intent', status, metadata: {}, last_payment_error: null, livemode: false },
  };
}

describe('configuration', () => {
  it('tells the web app to use Stripe with the publishable key', async () => {
    const answer = await new ApiClient(t.baseUrl).get('/status');
    expect(answer.body.response.payments).toEqual({ provider: 'stripe', publishable_key: 'pk_test_x' });
  });

  it('does not serve the sandbox card form', async () => {
    const client = await signedIn(t.baseUrl, await buildUser(t.ctx));
    const answer = await client.post('/sandbox/payment_methods', {
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
      billing_details: { name: 'Card Holder' },
    });
    expect(answer.status).toBe(404);
  });

  it('serves no Stripe webhook in the sandbox mode', async () => {
    const sandbox = await startTestApp();
    try {
      const answer = await new ApiClient(sandbox.baseUrl).post('/stripe/webhooks', { id: 'evt_1' });
      expect(answer.status).toBe(404);
    } finally {
      await sandbox.close();
    }
  });
});

describe('paid checkout through Stripe', () => {
  it('keeps the card details Stripe reports, creates the customer and charges once per invoice', async () => {
    const client = await signedIn(t.baseUrl, await buildUser(t.ctx));
    const paymentMethodId = stripeCard({
      brand: 'mastercard',
      last4: '4444',
      exp_month: 3,
      exp_year: 2032,
      name: 'Grace Hopper',
      country: 'CA',
      postal_code: 'K1A 0B1',
    });
    const answer = await checkout(client, paymentMethodId);
    expect(answer.status).toBe(201);
    const workspaceId = answer.body.response.id as number;
    expect(answer.body.response.subscription.active).toBe(true);

    expect(await cardOf(workspaceId)).toMatchObject({
      provider_id: paymentMethodId,
      brand: 'mastercard',
      last4: '4444',
      exp_month: 3,
      exp_year: 2032,
      billing_name: 'Grace Hopper',
      billing_country: 'CA',
      billing_postal_code: 'K1A 0B1',
    });

    expect(stripe.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET /v1/payment_methods/${paymentMethodId}`,
      `GET /v1/payment_methods/${paymentMethodId}`,
      'POST /v1/customers',
      `POST /v1/payment_methods/${paymentMethodId}/attach`,
      'POST /v1/payment_intents',
    ]);
    const [customer] = stripe.callsTo('POST /v1/customers');
    expect(customer?.params).toMatchObject({ 'metadata[workspace_id]': String(workspaceId) });
    const customerId = (await workspaceRow(workspaceId)).payment_customer_id;
    expect(customerId).toMatch(/^cus_/);
    expect(stripe.callsTo(`POST /v1/payment_methods/${paymentMethodId}/attach`)).toMatchObject([
      { params: { customer: customerId } },
    ]);

    const [invoice] = await invoicesOf(workspaceId);
    const intents = stripe.callsTo('POST /v1/payment_intents');
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({
      idempotencyKey: `invoice-${invoice?.id}`,
      authorization: 'Bearer sk_test_x',
      params: {
        amount: '4900',
        currency: 'usd',
        customer: customerId,
        payment_method: paymentMethodId,
        confirm: 'true',
        off_session: 'true',
        'metadata[charge_key]': `invoice-${invoice?.id}`,
      },
    });
    expect(invoice).toMatchObject({
      status: 'paid',
      amount: 4900,
      provider_payment_id: expect.stringMatching(/^pi_/),
    });
    expect(stripe.calls.every((c) => c.authorization === 'Bearer sk_test_x')).toBe(true);
  });

  it.each([
    [
      'card_declined',
      stripeError(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline' }),
    ],
    ['invalid_card', stripeError(402, { type: 'card_error', code: 'expired_card' })],
    ['invalid_card', stripeError(402, { type: 'card_error', code: 'incorrect_cvc' })],
    ['processing_error', stripeError(402, { type: 'card_error', code: 'processing_error' })],
    ['processing_error', stripeError(429, { type: 'invalid_request_error', code: 'rate_limit' })],
  ])('answers 400 %s and leaves no workspace when Stripe refuses the charge', async (code, refusal) => {
    stripe.answer('POST /v1/payment_intents', refusal);
    const client = await signedIn(t.baseUrl, await buildUser(t.ctx));
    const answer = await checkout(client, stripeCard());
    expect(answer.status).toBe(400);
    expect(answer.body.response.error).toEqual({
      code,
      message: PAYMENT_ERRORS[code as keyof typeof PAYMENT_ERRORS],
    });
    expect((await client.get('/me/workspaces')).body.response).toEqual([]);
  });

  it('answers processing_error when Stripe fails, retrying with the same idempotency key', async () => {
    stripe.answer('POST /v1/payment_intents', stripeError(500, { type: 'api_error' }));
    const client = await signedIn(t.baseUrl, await buildUser(t.ctx));
    const answer = await checkout(client, stripeCard());
    expect(answer.status).toBe(400);
    expect(answer.body.response.error.code).toBe('processing_error');
    const keys = stripe.callsTo('POST /v1/payment_intents').map((c) => c.idempotencyKey);
    expect(keys.length).toBeGreaterThan(1);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^invoice-\d+$/);
    expect((await client.get('/me/workspaces')).body.response).toEqual([]);
  });

  it('refuses a payment method Stripe does not know as invalid_card, charging nothing', async () => {
    const client = await signedIn(t.baseUrl, await buildUser(t.ctx));
    const answer = await checkout(client, 'pm_unknown');
    expect(answer.status).toBe(400);
    expect(answer.body.response.error.code).toBe('invalid_card');
    expect(stripe.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /v1/payment_methods/pm_unknown']);
    expect((await client.get('/me/workspaces')).body.response).toEqual([]);
  });

  it('refuses as invalid_card a new card another Stripe customer already holds', async () => {
    const client = await signedIn(t.baseUrl, await buildUser(t.ctx));
    const answer = await checkout(client, stripeCard({ customer: 'cus_someone_else' }));
    expect(answer.status).toBe(400);
    expect(answer.body.response.error.code).toBe('invalid_card');
    expect(stripe.callsTo('POST /v1/customers')).toEqual([]);
    expect(stripe.callsTo('POST /v1/payment_intents')).toEqual([]);
    expect((await client.get('/me/workspaces')).body.response).toEqual([]);
  });

  it('declines a charge the bank wants authenticated (requires_action): the customer is not there', async () => {
    stripe.answer('POST /v1/payment_intents', intentWithStatus('pi_3ds', 'requires_action'));
    const client = await signedIn(t.baseUrl, await buildUser(t.ctx));
    const answer = await checkout(client, stripeCard());
    expect(answer.status).toBe(400);
    expect(answer.body.response.error.code).toBe('card_declined');
  });

  it('charges a later invoice to the same customer without attaching the card again', async () => {
    const { workspaceId, paymentMethodId } = await paidWorkspace();
    const customerId = (await workspaceRow(workspaceId)).payment_customer_id;
    const { invoiceId } = await t.ctx.checkout.charge(workspaceId, 'Storage add-on', [
      { description: 'Storage add-on', amount: 2900 },
    ]);
    expect(stripe.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `GET /v1/payment_methods/${paymentMethodId}`,
      'POST /v1/payment_intents',
    ]);
    expect(stripe.callsTo('POST /v1/payment_intents')[0]).toMatchObject({
      idempotencyKey: `invoice-${invoiceId}`,
      params: { amount: '2900', customer: customerId },
    });
  });

  it('refuses as invalid_card a saved card another Stripe customer holds', async () => {
    const { workspaceId } = await paidWorkspace();
    const foreign = stripeCard({ customer: 'cus_someone_else' });
    await t.ctx.db
      .updateTable('payment_methods')
      .set({ provider_id: foreign })
      .where('workspace_id', '=', workspaceId)
      .execute();
    const charge = t.ctx.checkout.charge(workspaceId, 'Storage add-on', [
      { description: 'Storage add-on', amount: 2900 },
    ]);
    await expect(charge).rejects.toBeInstanceOf(AppError);
    await expect(charge).rejects.toMatchObject({ status: 400, code: 'invalid_card' });
    expect(stripe.callsTo('POST /v1/payment_intents')).toEqual([]);
    expect(stripe.callsTo(`POST /v1/payment_methods/${foreign}/attach`)).toEqual([]);
  });
});

describe('logging', () => {
  it('logs refusals with codes and ids, never card details', async () => {
    let logged = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    const provider = new StripePayments(
      { secretKey: 'sk_test_x', webhookSecret: WEBHOOK_SECRET, apiUrl: stripe.baseUrl },
      pino({ level: 'trace' }, sink),
    );
    const card = stripeCard({
      last4: '1117',
      name: 'Card Owner Name',
      postal_code: 'ZX9 8YW',
      exp_year: 2039,
    });
    await provider.retrievePaymentMethod(card);
    const charge = {
      paymentMethodId: card,
      amountCents: 900,
      description: 'Proofroom: test',
      customerId: null,
    };
    stripe.answer(
      'POST /v1/payment_intents',
      stripeError(402, { type: 'card_error', code: 'card_declined' }),
    );
    await expect(provider.charge({ ...charge, idempotencyKey: 'invoice-log-1' })).rejects.toMatchObject({
      code: 'card_declined',
    });
    stripe.answer('POST /v1/payment_intents', intentWithStatus('pi_log', 'requires_action'));
    await expect(provider.charge({ ...charge, idempotencyKey: 'invoice-log-2' })).rejects.toMatchObject({
      code: 'card_declined',
    });
    expect(logged).toContain('card_declined');
    expect(logged).toContain('requires_action');
    for (const detail of ['1117', 'Card Owner Name', 'ZX9 8YW', '2039']) expect(logged).not.toContain(detail);
  });
});

/** Sends `event` as Stripe does: pretty-printed JSON, signed with `secret` at `timestamp` (s). */
async function sendWebhook(
  event: Record<string, unknown>,
  options: { secret?: string; ageSeconds?: number; signature?: string | null; body?: string } = {},
) {
  const payload = options.body ?? JSON.stringify({ object: 'event', livemode: false, ...event }, null, 2);
  const signature =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? WEBHOOK_SECRET,
          timestamp: Math.floor(t.clock.now().getTime() / 1000) - (options.ageSeconds ?? 0),
        })
      : options.signature;
  const response = await fetch(`${t.baseUrl}/api/v1/stripe/webhooks`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    body: payload,
  });
  const body: any = await response.json();
  return { status: response.status, body };
}

function intentEvent(
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
  intent: { id: string; chargeKey?: string; failure?: Record<string, string> },
) {
  return {
    id: `evt_${intent.id}_${type}`,
    type,
    created: Math.floor(t.clock.now().getTime() / 1000),
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
        metadata: intent.chargeKey ? { charge_key: intent.chargeKey } : {},
        last_payment_error: intent.failure ?? null,
      },
    },
  };
}

function cardEvent(
  type: 'payment_method.updated' | 'payment_method.automatically_updated',
  id: string,
  card: { last4: string; exp_month: number; exp_year: number },
) {
  return {
    id: `evt_${id}_${card.last4}`,
    type,
    data: { object: { id, object: 'payment_method', type: 'card', card: { brand: 'visa', ...card } } },
  };
}

/** A workspace whose last charge Stripe left 'processing': its invoice failed with no payment id. */
async function unconfirmedCharge() {
  const { workspaceId } = await paidWorkspace();
  stripe.answer('POST /v1/payment_intents', intentWithStatus('pi_pending', 'processing'));
  await expect(
    t.ctx.checkout.charge(workspaceId, 'Storage add-on', [{ description: 'Storage add-on', amount: 2900 }]),
  ).rejects.toMatchObject({ code: 'processing_error' });
  const invoice = (await invoicesOf(workspaceId)).at(-1);
  expect(invoice).toMatchObject({ status: 'failed', provider_payment_id: null });
  return { workspaceId, invoiceId: invoice?.id as number };
}

describe('POST /stripe/webhooks', () => {
  it('marks the invoice paid when Stripe reports the payment succeeded, harmlessly when replayed', async () => {
    const { workspaceId, invoiceId } = await unconfirmedCharge();
    const event = intentEvent('payment_intent.succeeded', {
      id: 'pi_late_1',
      chargeKey: `invoice-${invoiceId}`,
    });

    const first = await sendWebhook(event);
    expect(first).toEqual({ status: 200, body: { response: { received: true, handled: true } } });
    const paid = { id: invoiceId, status: 'paid', provider_payment_id: 'pi_late_1', failure_code: null };
    expect((await invoicesOf(workspaceId)).at(-1)).toMatchObject(paid);

    expect((await sendWebhook(event)).status).toBe(200);
    expect((await invoicesOf(workspaceId)).at(-1)).toMatchObject(paid);

    // A failure reported afterwards for the same payment never unpays the invoice.
    const failure = { type: 'card_error', code: 'card_declined' };
    expect(
      (await sendWebhook(intentEvent('payment_intent.payment_failed', { id: 'pi_late_1', failure }))).status,
    ).toBe(200);
    expect((await invoicesOf(workspaceId)).at(-1)).toMatchObject(paid);
  });

  it('marks the invoice failed with the mapped code, and paid if the payment later succeeds', async () => {
    const { workspaceId, invoiceId } = await unconfirmedCharge();
    const failed = intentEvent('payment_intent.payment_failed', {
      id: 'pi_late_2',
      chargeKey: `invoice-${invoiceId}`,
      failure: { type: 'card_error', code: 'expired_card' },
    });
    expect((await sendWebhook(failed)).body.response.handled).toBe(true);
    const failedRow = { status: 'failed', failure_code: 'invalid_card', provider_payment_id: 'pi_late_2' };
    expect((await invoicesOf(workspaceId)).at(-1)).toMatchObject(failedRow);
    expect((await sendWebhook(failed)).status).toBe(200);
    expect((await invoicesOf(workspaceId)).at(-1)).toMatchObject(failedRow);

    // Found by its payment id now, without the charge key.
    expect((await sendWebhook(intentEvent('payment_intent.succeeded', { id: 'pi_late_2' }))).status).toBe(
      200,
    );
    expect((await invoicesOf(workspaceId)).at(-1)).toMatchObject({ status: 'paid', failure_code: null });
  });

  it('settles the invoice a synchronous charge already paid without changing it', async () => {
    const { workspaceId } = await paidWorkspace();
    const [before] = await invoicesOf(workspaceId);
    const event = intentEvent('payment_intent.succeeded', {
      id: before?.provider_payment_id ?? '',
      chargeKey: `invoice-${before?.id}`,
    });
    expect((await sendWebhook(event)).status).toBe(200);
    expect(await invoicesOf(workspaceId)).toEqual([before]);
  });

  it('accepts a payment it has no invoice for (a workspace whose creation failed) and changes nothing', async () => {
    const { workspaceId } = await paidWorkspace();
    const before = await invoicesOf(workspaceId);
    const answer = await sendWebhook(
      intentEvent('payment_intent.succeeded', { id: 'pi_orphan', chargeKey: 'invoice-999999' }),
    );
    expect(answer.status).toBe(200);
    expect(await invoicesOf(workspaceId)).toEqual(before);
  });

  it.each(['payment_method.updated', 'payment_method.automatically_updated'] as const)(
    'refreshes the saved card on %s',
    async (type) => {
      const { workspaceId, paymentMethodId } = await paidWorkspace();
      const event = cardEvent(type, paymentMethodId, { last4: '0005', exp_month: 11, exp_year: 2035 });
      expect((await sendWebhook(event)).body.response).toEqual({ received: true, handled: true });
      const refreshed = {
        provider_id: paymentMethodId,
        last4: '0005',
        exp_month: 11,
        exp_year: 2035,
        brand: 'visa',
      };
      expect(await cardOf(workspaceId)).toMatchObject(refreshed);
      expect((await sendWebhook(event)).status).toBe(200);
      expect(await cardOf(workspaceId)).toMatchObject(refreshed);
    },
  );

  it('leaves saved cards alone for a card that is not one of them', async () => {
    const { workspaceId } = await paidWorkspace();
    const before = await cardOf(workspaceId);
    const event = cardEvent('payment_method.updated', 'pm_not_saved', {
      last4: '9999',
      exp_month: 1,
      exp_year: 2040,
    });
    expect((await sendWebhook(event)).status).toBe(200);
    expect(await cardOf(workspaceId)).toEqual(before);
  });

  it('answers 200 and ignores events it does not act on', async () => {
    const answer = await sendWebhook({
      id: 'evt_customer',
      type: 'customer.created',
      data: { object: { id: 'cus_1', object: 'customer' } },
    });
    expect(answer).toEqual({ status: 200, body: { response: { received: true, handled: false } } });
  });

  describe('refuses with 400 invalid_signature, changing nothing, an event', () => {
    let workspaceId: number;
    let invoiceId: number;
    beforeEach(async () => {
      ({ workspaceId, invoiceId } = await unconfirmedCharge());
    });
    const succeeded = () =>
      intentEvent('payment_intent.succeeded', { id: 'pi_forged', chargeKey: `invoice-${invoiceId}` });

    it.each([
      ['signed with another secret', { secret: 'whsec_other' }],
      ['without a signature', { signature: null }],
      ['with a malformed signature', { signature: 'not-a-signature' }],
      ['signed more than five minutes ago', { ageSeconds: 6 * 60 }],
    ])('%s', async (_name, options) => {
      const answer = await sendWebhook(succeeded(), options);
      expect(answer.status).toBe(400);
      expect(answer.body.response.error.code).toBe('invalid_signature');
      expect((await invoicesOf(workspaceId)).at(-1)).toMatchObject({ status: 'failed' });
    });

    it('whose body was changed after signing', async () => {
      const genuine = JSON.stringify(
        intentEvent('payment_intent.payment_failed', { id: 'pi_forged' }),
        null,
        2,
      );
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload: genuine,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(t.clock.now().getTime() / 1000),
      });
      const answer = await sendWebhook({}, { body: JSON.stringify(succeeded(), null, 2), signature });
      expect(answer.status).toBe(400);
      expect((await invoicesOf(workspaceId)).at(-1)).toMatchObject({ status: 'failed' });
    });

    it('whose body was re-serialised (the signature covers the exact bytes)', async () => {
      const pretty = JSON.stringify(succeeded(), null, 2);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload: pretty,
        secret: WEBHOOK_SECRET,
        timestamp: Math.floor(t.clock.now().getTime() / 1000),
      });
      const answer = await sendWebhook({}, { body: JSON.stringify(JSON.parse(pretty)), signature });
      expect(answer.status).toBe(400);
    });
  });
});
