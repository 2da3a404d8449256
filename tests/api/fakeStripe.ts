import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the app made to the stand-in, as Stripe would have received it. */
export interface StripeCall {
  method: string;
  path: string;
  /** The form-encoded parameters, flat: `metadata[workspace_id]` stays a key of its own. */
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface StripeAnswer {
  status: number;
  body: unknown;
}

export interface FakeCard {
  brand?: string;
  last4?: string;
  exp_month?: number;
  exp_year?: number;
  name?: string | null;
  country?: string | null;
  postal_code?: string | null;
  /** The Stripe customer the card is already attached to. */
  customer?: string;
}

/** Stripe's error body, as its API answers a refusal. */
export function stripeError(
  status: number,
  error: { type: string; code?: string; decline_code?: string; param?: string; message?: string },
): StripeAnswer {
  return { status, body: { error: { message: 'Refused by the fake Stripe.', ...error } } };
}

/**
 * A stand-in for Stripe's API, the one boundary the tests cannot reach: a local HTTP server that
 * answers the few endpoints the Stripe provider calls with Stripe-shaped JSON, records every call,
 * replays an answer for a repeated idempotency key like Stripe does, and can be told to refuse.
 * A call to any other endpoint is recorded in `unexpected` (tests assert it stays empty).
 */
export class FakeStripe {
  readonly calls: StripeCall[] = [];
  readonly unexpected: string[] = [];
  private readonly paymentMethods = new Map<string, Record<string, unknown>>();
  private readonly overrides = new Map<string, StripeAnswer>();
  private readonly replays = new Map<string, StripeAnswer>();
  private server: Server | null = null;
  private sequence = 0;
  /** The URL to give as STRIPE_API_URL, once started. */
  baseUrl = '';

  /** Starts listening on 127.0.0.1 and answers the URL to give as STRIPE_API_URL. */
  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void this.handle(request).then((answer) => {
        response.writeHead(answer.status, {
          'content-type': 'application/json',
          'request-id': `req_fake_${this.sequence}`,
        });
        response.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}`;
    return this.baseUrl;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      this.server?.close((error) => (error ? reject(error) : resolve())),
    );
  }

  /** Forgets calls, refusals and replays (cards stay). */
  reset(): void {
    this.calls.length = 0;
    this.unexpected.length = 0;
    this.overrides.clear();
    this.replays.clear();
  }

  /** A card payment method Stripe.js would have created in the browser. */
  addCard(id: string, card: FakeCard = {}): string {
    this.paymentMethods.set(id, {
      id,
      object: 'payment_method',
      type: 'card',
      created: 1_790_000_000,
      customer: card.customer ?? null,
      livemode: false,
      metadata: {},
      billing_details: {
        address: {
          city: null,
          country: card.country === undefined ? 'US' : card.country,
          line1: null,
          line2: null,
          postal_code: card.postal_code === undefined ? '10001' : card.postal_code,
          state: null,
        },
        email: null,
        name: card.name === undefined ? 'Ada Lovelace' : card.name,
        phone: null,
        tax_id: null,
      },
      card: {
        brand: card.brand ?? 'visa',
        last4: card.last4 ?? '4242',
        exp_month: card.exp_month ?? 8,
        exp_year: card.exp_year ?? 2031,
        country: 'US',
        funding: 'credit',
      },
    });
    return id;
  }

  /** Answers every later call to `route` ('POST /v1/payment_intents') with `answer`. */
  answer(route: string, answer: StripeAnswer): void {
    this.overrides.set(route, answer);
  }

  callsTo(route: string): StripeCall[] {
    const [method, path] = route.split(' ');
    return this.calls.filter((c) => c.method === method && c.path === path);
  }

  private async handle(request: IncomingMessage): Promise<StripeAnswer> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://stripe.test');
    const call: StripeCall = {
      method: request.method ?? 'GET',
      path: url.pathname,
      params: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
      idempotencyKey: header(request, 'idempotency-key'),
      authorization: header(request, 'authorization'),
    };
    this.calls.push(call);
    this.sequence += 1;
    const replayKey = call.idempotencyKey ? `${call.method} ${call.path} ${call.idempotencyKey}` : null;
    const earlier = replayKey ? this.replays.get(replayKey) : undefined;
    if (earlier) return earlier;
    const answer = this.route(call);
    // Like Stripe, a repeated idempotency key gets the first answer, unless that was a server error.
    if (replayKey && answer.status < 500) this.replays.set(replayKey, answer);
    return answer;
  }

  private route(call: StripeCall): StripeAnswer {
    const route = routeOf(call);
    if (!route) {
      this.unexpected.push(`${call.method} ${call.path}`);
      return stripeError(404, { type: 'invalid_request_error', message: 'Unrecognized request URL' });
    }
    const override = this.overrides.get(route.name);
    if (override) return override;
    switch (route.name) {
      case 'GET /v1/payment_methods': {
        const method = this.paymentMethods.get(route.id ?? '');
        if (!method) return missing(route.id);
        return { status: 200, body: method };
      }
      case 'POST /v1/payment_methods/attach': {
        const method = this.paymentMethods.get(route.id ?? '');
        if (!method) return missing(route.id);
        method.customer = call.params.customer ?? null;
        return { status: 200, body: method };
      }
      case 'POST /v1/customers':
        return {
          status: 200,
          body: {
            id: `cus_fake${this.sequence}`,
            object: 'customer',
            name: call.params.name ?? null,
            metadata: metadataOf(call.params),
            livemode: false,
          },
        };
      case 'POST /v1/payment_intents':
        return {
          status: 200,
          body: {
            id: `pi_fake${this.sequence}`,
            object: 'payment_intent',
            amount: Number(call.params.amount),
            currency: call.params.currency,
            customer: call.params.customer ?? null,
            payment_method: call.params.payment_method ?? null,
            description: call.params.description ?? null,
            metadata: metadataOf(call.params),
            status: 'succeeded',
            last_payment_error: null,
            livemode: false,
          },
        };
    }
  }
}

type RouteName =
  | 'GET /v1/payment_methods'
  | 'POST /v1/payment_methods/attach'
  | 'POST /v1/customers'
  | 'POST /v1/payment_intents';

function routeOf(call: StripeCall): { name: RouteName; id?: string } | null {
  const method = /^\/v1\/payment_methods\/([^/]+)$/.exec(call.path);
  if (call.method === 'GET' && method?.[1]) return { name: 'GET /v1/payment_methods', id: method[1] };
  const attach = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(call.path);
  if (call.method === 'POST' && attach?.[1])
    return { name: 'POST /v1/payment_methods/attach', id: attach[1] };
  if (call.method === 'POST' && call.path === '/v1/customers') return { name: 'POST /v1/customers' };
  if (call.method === 'POST' && call.path === '/v1/payment_intents')
    return { name: 'POST /v1/payment_intents' };
  return null;
}

function missing(id: string | undefined): StripeAnswer {
  return stripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param: 'payment_method',
    message: `No such PaymentMethod: '${id ?? ''}'`,
  });
}

function metadataOf(params: Record<string, string>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
