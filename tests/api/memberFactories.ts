import type { WorkspaceRole } from '@common/workspaceRoles';
import type { AppContext } from '@server/context';
import { buildUser, buildWorkspace, PRICES, signedIn, type BuiltUser } from './factories';
import type { ApiClient } from './harness';

export interface BuiltMember {
  user: BuiltUser;
  client: ApiClient;
  memberId: number;
}

/** Writes a membership straight to the database and signs the member in. */
export async function buildMember(
  baseUrl: string,
  ctx: AppContext,
  workspaceId: number,
  role: WorkspaceRole,
  user?: BuiltUser,
): Promise<BuiltMember> {
  const member = user ?? (await buildUser(ctx));
  const row = await ctx.db
    .insertInto('workspace_members')
    .values({
      workspace_id: workspaceId,
      user_id: member.id,
      role,
      created_at: ctx.clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { user: member, client: await signedIn(baseUrl, member), memberId: row.id };
}

/**
 * A Team workspace (5 seats) with one member of each role: owner, admin ('Member'),
 * collaborator and limited, plus a signed-in outsider.
 */
export async function buildTeam(baseUrl: string, ctx: AppContext, priceId: number = PRICES.teamMonthly) {
  const { owner, client, workspace } = await buildWorkspace(baseUrl, ctx, { priceId });
  const ownerMember = await ctx.db
    .selectFrom('workspace_members')
    .select('id')
    .where('workspace_id', '=', workspace.id)
    .where('user_id', '=', owner.id)
    .executeTakeFirstOrThrow();
  const outsiderUser = await buildUser(ctx);
  return {
    workspace,
    owner: { user: owner, client, memberId: ownerMember.id },
    admin: await buildMember(baseUrl, ctx, workspace.id, 'admin'),
    collaborator: await buildMember(baseUrl, ctx, workspace.id, 'collaborator'),
    limited: await buildMember(baseUrl, ctx, workspace.id, 'limited'),
    outsider: { user: outsiderUser, client: await signedIn(baseUrl, outsiderUser) },
  };
}

/** Suspends the workspace the way an expired or cancelled subscription does. */
export async function suspend(ctx: AppContext, workspaceId: number): Promise<void> {
  await ctx.db
    .updateTable('subscriptions')
    .set({ active: 0 })
    .where('workspace_id', '=', workspaceId)
    .execute();
}
