import { randomBytes } from 'node:crypto';
import type { AppContext } from '@server/context';
import { hashPassword } from '@server/services/secrets';
import { ApiClient } from './harness';

let sequence = 0;

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
  const row = await ctx.users.create({
    name,
    email,
    passwordHash: await hashPassword(password),
    now: ctx.clock.now().toISOString(),
  });
  if (overrides.twoStep) await ctx.users.updatePreferences(row.id, { is_2fa_enabled: 1 });
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
