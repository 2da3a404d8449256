import type { WorkspaceRole } from '@common/workspaceRoles';
import type { AppContext } from '@server/context';
import { BILLING_INFORMATION, buildUser, sandboxCard, signedIn, type BuiltUser } from './factories';
import type { ApiClient } from './harness';

/** Card numbers of common/sandboxCards.ts. */
export const CARDS = {
  good: '4242424242424242',
  declined: '4000000000000002',
  processingError: '4000000000000119',
} as const;

/** Add-on price ids of server/billing/pricing-plans.json. */
export const ADD_ON_PRICES = {
  proStorageMonthly: 2101,
  proStorageYearly: 2102,
  proSeatMonthly: 2201,
  proSeatYearly: 2202,
  teamStorageMonthly: 3101,
  teamStorageYearly: 3102,
  teamSeatMonthly: 3201,
  teamSeatYearly: 3202,
} as const;

export const GB = 1024 ** 3;

/**
 * A signed-in owner with a workspace on a paid price, bought with a card (buildWorkspace treats the
 * Pro monthly price without a card as the free trial).
 */
export async function buildPaidWorkspace(
  baseUrl: string,
  ctx: AppContext,
  priceId: number,
  card: string = CARDS.good,
) {
  const owner = await buildUser(ctx);
  const client = await signedIn(baseUrl, owner);
  const answer = await client.post('/workspaces', {
    price_id: priceId,
    payment_method_id: await sandboxCard(client, card),
    billing_information: BILLING_INFORMATION,
  });
  if (answer.status !== 201)
    throw new Error(`workspace failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { owner, client, workspace: answer.body.response };
}

/** Writes a membership straight to the database and signs the member in. */
export async function addMember(
  baseUrl: string,
  ctx: AppContext,
  workspaceId: number,
  role: WorkspaceRole,
): Promise<{ user: BuiltUser; client: ApiClient }> {
  const user = await buildUser(ctx);
  await ctx.db
    .insertInto('workspace_members')
    .values({ workspace_id: workspaceId, user_id: user.id, role, created_at: ctx.clock.now().toISOString() })
    .execute();
  return { user, client: await signedIn(baseUrl, user) };
}

/**
 * Projects and assets arrive with later issues; until then a test states a workspace's usage at
 * WorkspaceUsage, the one place every limit check reads it from.
 */
/** Makes the workspace hold `bytes` of files: its first project carries them all (real rows, no spies). */
export async function useStorage(ctx: AppContext, workspaceId: number, bytes: number): Promise<void> {
  const [holder] = await projectsOf(ctx, workspaceId);
  const id = holder ?? (await insertProjects(ctx, workspaceId, 1))[0]!;
  await ctx.db
    .updateTable('projects')
    .set({ storage_used_in_bytes: 0 })
    .where('workspace_id', '=', workspaceId)
    .execute();
  await ctx.db.updateTable('projects').set({ storage_used_in_bytes: bytes }).where('id', '=', id).execute();
}

/** Makes the workspace hold `count` projects, adding rows as needed. */
export async function useProjects(ctx: AppContext, workspaceId: number, count: number): Promise<void> {
  const existing = await projectsOf(ctx, workspaceId);
  if (existing.length < count) await insertProjects(ctx, workspaceId, count - existing.length);
}

async function projectsOf(ctx: AppContext, workspaceId: number): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('projects')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

let filler = 0;
async function insertProjects(ctx: AppContext, workspaceId: number, count: number): Promise<number[]> {
  const now = ctx.clock.now().toISOString();
  const rows = await ctx.db
    .insertInto('projects')
    .values(
      Array.from({ length: count }, () => {
        filler += 1;
        return {
          workspace_id: workspaceId,
          name: `Filler ${filler}`,
          name_key: `filler ${filler}`,
          description: null,
          client_name: null,
          primary_contact: null,
          cover_key: null,
          start_date: null,
          due_date: null,
          rush_priority_set_at: null,
          share_hash: null,
          share_password_hash: null,
          share_expires_at: null,
          created_by_id: null,
          last_activity_at: now,
          created_at: now,
          updated_at: now,
        };
      }),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The workspace's invoices, oldest first, with their lines parsed. */
export async function invoicesOf(ctx: AppContext, workspaceId: number) {
  const rows = await ctx.db
    .selectFrom('invoices')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    lines: JSON.parse(row.lines) as { description: string; amount: number }[],
  }));
}

/** Every charge the sandbox processor made, whoever it was for. */
export async function sandboxChargeCount(ctx: AppContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('sandbox_charges')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Replaces the workspace's saved card through the API (a declining one, for failed renewals). */
export async function replaceCard(client: ApiClient, workspaceId: number, number: string): Promise<void> {
  const answer = await client.post(`/workspaces/${workspaceId}/payment_method`, {
    payment_method_id: await sandboxCard(client, number),
  });
  if (answer.status !== 200)
    throw new Error(`payment method failed: ${answer.status} ${JSON.stringify(answer.body)}`);
}

export async function workspaceOf(client: ApiClient, workspaceId: number) {
  const answer = await client.get(`/workspaces/${workspaceId}`);
  if (answer.status !== 200) throw new Error(`workspace failed: ${answer.status}`);
  return answer.body.response;
}

export const errorOf = (answer: { body: any }) => answer.body.response.error;
