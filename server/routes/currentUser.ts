import type { User } from '@common/api/users';
import type { AppContext } from '../context';
import { unauthorized } from '../errors';
import type { RequestSession } from '../plugins/session';
import { presentUser } from '../presenters/user';

export type CurrentUserDeps = Pick<AppContext, 'userDirectory' | 'config'>;

/** Loads and presents a user for an answer; a user deleted meanwhile reads as signed out. */
export async function loadUser(ctx: CurrentUserDeps, userId: number): Promise<User> {
  const found = await ctx.userDirectory.current(userId);
  if (!found) throw unauthorized();
  return presentUser(found, ctx.config.intercom.secret);
}

/** The signed-in caller as their session's lookup read them: no read of its own. */
export function presentSignedIn(ctx: Pick<AppContext, 'config'>, session: RequestSession): User {
  return presentUser(session.signedIn, ctx.config.intercom.secret);
}
