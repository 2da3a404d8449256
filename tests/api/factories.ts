import { randomBytes } from 'node:crypto';
import type { AppContext } from '@server/context';
import { hashPassword } from '@server/secrets';
import { ApiClient } from './harness';

let sequence = 0;

/**
 * The scrypt cost of the accounts factories write: a sixteenth of the app's, so the thousands of
 * sign-ins of the suite do not spend minutes in scrypt. Sign-in checks a hash with the cost stored
 * in it (tested in server/secrets.test.ts); accounts made through sign-up get the app's cost.
 */
const FACTORY_SCRYPT_COST = 1024;

export interface BuiltUser {
  id: number;
  name: string;
  email: string;
  password: string;
}

/** Writes a user to the real database; a test states only the fields that matter to it. */
export async function buildUser(
  ctx: AppContext,
  overrides: Partial<Omit<BuiltUser, 'id'>> & { twoStep?: boolean } = {},
): Promise<BuiltUser> {
  sequence += 1;
  const name = overrides.name ?? `User ${sequence}`;
  const email = overrides.email ?? `user${sequence}-${randomBytes(3).toString('hex')}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  const row = await ctx.uow.read.users.create({
    name,
    email,
    passwordHash: await hashPassword(password, FACTORY_SCRYPT_COST),
    now: ctx.clock.now().toISOString(),
  });
  if (overrides.twoStep) await ctx.uow.read.users.updatePreferences(row.id, { is_2fa_enabled: 1 });
  return { id: row.id, name, email: row.email, password };
}

/** A client signed in as `user` through the real sign-in call. */
export async function signedIn(baseUrl: string, user: BuiltUser): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  const answer = await client.post('/users/sign_in', { email: user.email, password: user.password });
  if (answer.status !== 200)
    throw new Error(`sign in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return client;
}

export const BILLING_INFORMATION = {
  country: 'US',
  state: 'NY',
  postal_code: '10001',
  address: '1 Main Street',
  city: 'New York',
  company_name: 'Acme Studio',
};

/** A sandbox payment method id for a test card number (see common/sandboxCards.ts). */
export async function sandboxCard(client: ApiClient, number = '4242424242424242'): Promise<string> {
  const answer = await client.post('/sandbox/payment_methods', {
    card: { number, exp_month: 12, exp_year: 2030, cvc: '123' },
    billing_details: { name: 'Card Holder' },
  });
  if (answer.status !== 201)
    throw new Error(`tokenize failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.response.id as string;
}

/** A signed-in owner with a workspace: a free trial by default, or a paid plan by price id. */
export async function buildWorkspace(
  baseUrl: string,
  ctx: AppContext,
  options: { priceId?: number; owner?: BuiltUser } = {},
): Promise<{ owner: BuiltUser; client: ApiClient; workspace: any }> {
  const owner = options.owner ?? (await buildUser(ctx));
  const client = await signedIn(baseUrl, owner);
  const paid = options.priceId !== undefined && options.priceId !== PRO_TRIAL_PRICE_ID;
  const answer = await client.post('/workspaces', {
    price_id: options.priceId ?? PRO_TRIAL_PRICE_ID,
    ...(paid
      ? { payment_method_id: await sandboxCard(client), billing_information: BILLING_INFORMATION }
      : {}),
  });
  if (answer.status !== 201)
    throw new Error(`workspace failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { owner, client, workspace: answer.body.response };
}

/** Price ids of server/billing/pricing-plans.json. */
export const PRICES = {
  freeTrial: 101,
  proMonthly: 201,
  proYearly: 202,
  teamMonthly: 301,
  teamYearly: 302,
} as const;
const PRO_TRIAL_PRICE_ID = PRICES.proMonthly;
