import type { Logger } from 'pino';
import type { PaymentErrorCode } from '@common/api/billing';
import type { PaymentEvent } from '../../adapters/payments/stripePayments';
import type { Clock } from '../../clock';
import type { UnitOfWorkOf } from '../../db/unitOfWork';

/** CheckoutService charges with the invoice as idempotency key; Stripe keeps it in the metadata. */
const INVOICE_CHARGE_KEY = /^invoice-(\d+)$/;

/**
 * What the card processor tells us after the fact (webhooks): a payment settled or failed, a saved
 * card renewed by the issuer. Every change sets a state rather than adding to one, so a replayed
 * or repeated event changes nothing, and a paid invoice is never turned back into a failed one.
 * Settling an invoice is ledger work (see CheckoutService) and records no domain event; a renewed
 * card records payment_method.updated.
 */
export class PaymentEvents {
  constructor(
    private readonly uow: UnitOfWorkOf<'billing'>,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** Applies the event; false when it is not one Proofroom acts on. */
  async apply(event: PaymentEvent): Promise<boolean> {
    switch (event.type) {
      case 'payment_succeeded':
        await this.settle(event.paymentId, event.chargeKey, { status: 'paid' });
        return true;
      case 'payment_failed':
        await this.settle(event.paymentId, event.chargeKey, { status: 'failed', code: event.code });
        return true;
      case 'card_updated':
        await this.uow.transaction(async (tx) => {
          const card = { ...event.card, updated_at: this.clock.now().toISOString() };
          for (const workspaceId of await tx.billing.updateCard(event.paymentMethodId, card)) {
            await tx.record({
              type: 'payment_method.updated',
              workspaceId,
              actorId: null,
              subject: { type: 'Workspace', id: workspaceId },
              data: { brand: card.brand, last4: card.last4 },
            });
          }
        });
        return true;
      case 'ignored':
        return false;
    }
  }

  private async settle(
    paymentId: string,
    chargeKey: string | null,
    outcome: { status: 'paid' } | { status: 'failed'; code: PaymentErrorCode },
  ): Promise<void> {
    const invoiceId = await this.invoiceFor(paymentId, chargeKey);
    if (invoiceId === null) {
      // A payment for a workspace that no longer exists (its creation failed): left to the operator.
      this.log.warn({ payment_id: paymentId, charge_key: chargeKey }, 'payment event for no invoice');
      return;
    }
    await this.uow.read.billing.settleInvoice(invoiceId, paymentId, outcome);
  }

  /**
   * The invoice a payment belongs to: by its payment id, or, when the charge's answer never reached
   * us (a lost connection, a payment still processing), by the invoice named in its charge key.
   */
  private async invoiceFor(paymentId: string, chargeKey: string | null): Promise<number | null> {
    const billing = this.uow.read.billing;
    const byPayment = await billing.invoiceIdByPayment(paymentId);
    if (byPayment !== undefined) return byPayment;
    const match = chargeKey ? INVOICE_CHARGE_KEY.exec(chargeKey) : null;
    if (!match?.[1]) return null;
    return (await billing.invoiceIdWithoutPayment(Number(match[1]))) ?? null;
  }
}
