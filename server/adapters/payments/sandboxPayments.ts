import { randomBytes } from 'node:crypto';
import { cardBrand, luhnValid, SANDBOX_CARDS, type SandboxBehaviour } from '@common/sandboxCards';
import type { Clock } from '../../clock';
import type { SandboxPaymentsRepository } from '../../db/repositories/sandboxPayments';
import { PaymentError, type CardDetails, type ChargeRequest, type PaymentProvider } from './paymentProvider';

export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  name: string;
}

/**
 * The embedded mode's card processor, behaving like one in test mode: the browser tokenises a card
 * (only brand, last 4 digits and expiry are kept), test numbers decide what a charge does, and an
 * idempotency key makes a retried charge answer the first outcome without charging again.
 */
export class SandboxPayments implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly rows: SandboxPaymentsRepository,
    private readonly clock: Clock,
  ) {}

  /** The card form's call: returns a payment method id, or PaymentError('invalid_card'). */
  async tokenize(card: CardInput): Promise<string> {
    const number = card.number.replace(/\s/g, '');
    const now = this.clock.now();
    const expired =
      card.exp_year < now.getUTCFullYear() ||
      (card.exp_year === now.getUTCFullYear() && card.exp_month < now.getUTCMonth() + 1);
    if (
      !luhnValid(number) ||
      expired ||
      !/^\d{3,4}$/.test(card.cvc) ||
      card.exp_month < 1 ||
      card.exp_month > 12
    ) {
      throw new PaymentError('invalid_card');
    }
    const behaviour: SandboxBehaviour =
      SANDBOX_CARDS.find((c) => c.number === number)?.behaviour ?? 'succeed';
    const id = `pm_sandbox_${randomBytes(12).toString('hex')}`;
    await this.rows.insertPaymentMethod({
      id,
      brand: cardBrand(number),
      last4: number.slice(-4),
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      cardholder_name: card.name,
      behaviour,
      created_at: now.toISOString(),
    });
    return id;
  }

  async retrievePaymentMethod(paymentMethodId: string): Promise<CardDetails> {
    const row = await this.rows.paymentMethod(paymentMethodId);
    if (!row) throw new PaymentError('invalid_card');
    return {
      brand: row.brand,
      last4: row.last4,
      exp_month: row.exp_month,
      exp_year: row.exp_year,
      name: row.cardholder_name,
      country: null,
      postal_code: null,
    };
  }

  ensureCustomer(): Promise<string | null> {
    return Promise.resolve(null);
  }

  async charge(request: ChargeRequest): Promise<{ paymentId: string }> {
    const earlier = await this.rows.chargeByIdempotencyKey(request.idempotencyKey);
    if (earlier) return this.outcome(earlier.id, earlier.status);

    const method = await this.rows.paymentMethod(request.paymentMethodId);
    if (!method) throw new PaymentError('invalid_card');
    const now = this.clock.now();
    const expired =
      method.exp_year < now.getUTCFullYear() ||
      (method.exp_year === now.getUTCFullYear() && method.exp_month < now.getUTCMonth() + 1);
    const status = expired ? 'invalid_card' : method.behaviour;
    const chargeId = await this.rows.insertCharge({
      payment_method_id: method.id,
      amount: request.amountCents,
      description: request.description,
      idempotency_key: request.idempotencyKey,
      status,
      created_at: now.toISOString(),
    });
    return this.outcome(chargeId, status);
  }

  private outcome(id: number, status: string): { paymentId: string } {
    if (status === 'succeed') return { paymentId: `ch_sandbox_${id}` };
    if (status === 'card_declined' || status === 'invalid_card' || status === 'processing_error') {
      throw new PaymentError(status);
    }
    throw new PaymentError('processing_error');
  }
}
