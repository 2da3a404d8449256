import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { PaymentProvider } from './paymentProvider';
import { SandboxPayments } from './sandboxPayments';

/** The configured card processor; the sandbox is also returned so its card form call can be served. */
export function createPayments(
  config: Config,
  db: Db,
  clock: Clock,
): { payments: PaymentProvider; sandbox: SandboxPayments | null } {
  if (config.payments.provider === 'sandbox') {
    const sandbox = new SandboxPayments(db, clock);
    return { payments: sandbox, sandbox };
  }
  throw new Error('The Stripe provider is not wired yet');
}
