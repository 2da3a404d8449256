import type { User } from '@common/api/users';
import type { AppContext } from '../context';
import { unauthorized } from '../errors';
import { presentUser } from './user';

/** Loads and presents a user for an answer; a user deleted meanwhile reads as signed out. */
export async function loadUser(ctx: AppContext, userId: number): Promise<User> {
  const found = await ctx.users.withPreferences(userId);
  if (!found) throw unauthorized();
  return presentUser(found, ctx.config.intercom.secret);
}
