import type { Logger } from 'pino';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { SandboxPaymentsRepository } from '../../db/repositories/sandboxPayments';
import type { PaymentProvider } from './paymentProvider';
import { SandboxPayments } from './sandboxPayments';
import { StripePayments } from './stripePayments';

/**
 * The configured card processor; the concrete one is also returned so its own calls can be served
 * (the sandbox's card form, Stripe's webhooks).
 */
export function createPayments(
  config: Config,
  sandboxRows: SandboxPaymentsRepository,
  clock: Clock,
  log: Logger,
): { payments: PaymentProvider; sandbox: SandboxPayments | null; stripe: StripePayments | null } {
  if (config.payments.provider === 'sandbox') {
    const sandbox = new SandboxPayments(sandboxRows, clock);
    return { payments: sandbox, sandbox, stripe: null };
  }
  const stripe = new StripePayments(config.payments, log);
  return { payments: stripe, sandbox: null, stripe };
}
