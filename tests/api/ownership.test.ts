import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { LIFECYCLE_TEXTS } from '@server/services/workspaces/workspaceLifecycle';
import { MEMBER_NOT_FOUND } from '@server/services/workspaces/workspaceMembers';
import { buildWorkspace, PRICES } from './factories';
import { ApiClient, lastMailTo, startTestApp, type TestApp } from './harness';
import { buildMember, buildTeam, suspend } from './memberFactories';
import { TINY_PNG } from './images';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PNG = TINY_PNG;
const transferPath = (workspace: { id: number }) => `/workspaces/${workspace.id}/transfer_ownership`;

async function roleOf(workspaceId: number, userId: number) {
  const row = await t.ctx.db
    .selectFrom('workspace_members')
    .select('role')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role;
}

describe('POST /workspaces/{id}/transfer_ownership', () => {
  it('makes the member the owner and the former owner a Member, and e-mails the new owner', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const answer = await team.owner.client.post(transferPath(team.workspace), {
      workspace_member_id: team.admin.memberId,
      message: 'It is all yours now.',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatchObject({
      id: team.workspace.id,
      owner: { id: team.admin.user.id },
      current_user_role: { name: 'admin', label: 'Member' },
    });
    expect(await roleOf(team.workspace.id, team.admin.user.id)).toBe('owner');
    expect(await roleOf(team.workspace.id, team.owner.user.id)).toBe('admin');

    const mail = await lastMailTo(t.ctx, team.admin.user.email);
    expect(mail?.subject).toBe(`You are now the owner of ${team.workspace.name}`);
    expect(`${mail?.subject}\n${mail?.text_body}`).not.toMatch(/workspace workspace/i);
    expect(mail?.text_body).toContain('It is all yours now.');
    expect(mail?.text_body).toContain(`${t.ctx.config.appUrl}/user/workspaces/${team.workspace.id}/plan`);

    // The new owner manages the workspace; the former owner no longer can.
    const rename = new FormData();
    rename.append('name', 'New hands');
    expect((await team.admin.client.patch(`/workspaces/${team.workspace.id}`, rename)).status).toBe(200);
    expect((await team.owner.client.patch(`/workspaces/${team.workspace.id}`, rename)).status).toBe(403);
    expect((await team.owner.client.delete(`/workspaces/${team.workspace.id}`)).status).toBe(403);
    expect(
      (
        await team.owner.client.post(transferPath(team.workspace), {
          workspace_member_id: team.owner.memberId,
        })
      ).status,
    ).toBe(403);
    // …and may now own a workspace of their own.
    expect((await team.owner.client.post('/workspaces', { price_id: PRICES.proMonthly })).status).toBe(201);
  });

  it('refuses a candidate who already owns a workspace', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    await buildWorkspace(t.baseUrl, t.ctx, { owner: team.admin.user });
    const answer = await team.owner.client.post(transferPath(team.workspace), {
      workspace_member_id: team.admin.memberId,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.response.error).toMatchObject({
      code: 'invalid_record',
      message: WORKSPACE_TEXTS.alreadyOwnsWorkspace,
      details: { base: [WORKSPACE_TEXTS.alreadyOwnsWorkspace] },
    });
    expect(await roleOf(team.workspace.id, team.owner.user.id)).toBe('owner');
  });

  it('refuses the owner as their own candidate', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const answer = await team.owner.client.post(transferPath(team.workspace), {
      workspace_member_id: team.owner.memberId,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.response.error.details).toEqual({ base: [WORKSPACE_TEXTS.alreadyOwnsWorkspace] });
  });

  it('hands it to a collaborator when a seat is free, and not when the plan is full', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const answer = await team.owner.client.post(transferPath(team.workspace), {
      workspace_member_id: team.collaborator.memberId,
    });
    expect(answer.status).toBe(200);
    expect(await roleOf(team.workspace.id, team.collaborator.user.id)).toBe('owner');

    // Pro has a single seat: the owner's. A collaborator candidate would make two.
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx, { priceId: PRICES.proYearly });
    const collaborator = await buildMember(t.baseUrl, t.ctx, workspace.id, 'collaborator');
    const full = await client.post(transferPath(workspace), { workspace_member_id: collaborator.memberId });
    expect(full.status).toBe(403);
    expect(full.body.response.error.code).toBe('forbidden_subscription_limit_reached');
  });

  it('is refused on an inactive workspace', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    await suspend(t.ctx, team.workspace.id);
    const answer = await team.owner.client.post(transferPath(team.workspace), {
      workspace_member_id: team.admin.memberId,
    });
    expect(answer.status).toBe(403);
    expect(answer.body.response.error.code).toBe('inactive_workspace');
  });

  it('is for the owner only: admin, collaborator, limited 403; non-member 404; anonymous 401', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    for (const actor of [team.admin, team.collaborator, team.limited]) {
      const answer = await actor.client.post(transferPath(team.workspace), {
        workspace_member_id: actor.memberId,
      });
      expect(answer.status).toBe(403);
    }
    const body = { workspace_member_id: team.admin.memberId };
    expect((await team.outsider.client.post(transferPath(team.workspace), body)).status).toBe(404);
    expect((await new ApiClient(t.baseUrl).post(transferPath(team.workspace), body)).status).toBe(401);
    expect(await roleOf(team.workspace.id, team.owner.user.id)).toBe('owner');
  });

  it('answers 404 not_found_member for a member of another workspace, 422 for a long message', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const other = await buildTeam(t.baseUrl, t.ctx);
    const foreign = await team.owner.client.post(transferPath(team.workspace), {
      workspace_member_id: other.admin.memberId,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.response.error).toEqual({ code: 'not_found_member', message: MEMBER_NOT_FOUND });
    const long = await team.owner.client.post(transferPath(team.workspace), {
      workspace_member_id: team.admin.memberId,
      message: 'x'.repeat(301),
    });
    expect(long.status).toBe(422);
    expect(long.body.response.error.details).toEqual({
      message: ['Message should be up to 300 characters long.'],
    });
  });
});

describe('POST /workspaces/{id}/leave', () => {
  it('lets every non-owner member leave, freeing their seat', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    for (const member of [team.admin, team.collaborator, team.limited]) {
      const before = (await team.owner.client.get(`/workspaces/${team.workspace.id}`)).body.response;
      const answer = await member.client.post(`/workspaces/${team.workspace.id}/leave`);
      expect(answer.status).toBe(200);
      expect(answer.body.response.message).toBe(WORKSPACE_TEXTS.left(team.workspace.name));
      expect((await member.client.get('/me/workspaces')).body.response).toEqual([]);
      expect((await member.client.get(`/workspaces/${team.workspace.id}`)).status).toBe(404);
      const after = (await team.owner.client.get(`/workspaces/${team.workspace.id}`)).body.response;
      expect(after.members_count).toBe(before.members_count - 1);
      expect(after.seats_used).toBe(before.seats_used - (member === team.collaborator ? 0 : 1));
    }
  });

  it('works in a suspended workspace too', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    await suspend(t.ctx, team.workspace.id);
    expect((await team.admin.client.post(`/workspaces/${team.workspace.id}/leave`)).status).toBe(200);
  });

  it('refuses the owner, 404s a non-member and 401s an anonymous caller', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const owner = await team.owner.client.post(`/workspaces/${team.workspace.id}/leave`);
    expect(owner.status).toBe(403);
    expect(owner.body.response.error).toEqual({
      code: 'forbidden',
      message: LIFECYCLE_TEXTS.ownerCannotLeave,
    });
    expect((await team.outsider.client.post(`/workspaces/${team.workspace.id}/leave`)).status).toBe(404);
    expect((await new ApiClient(t.baseUrl).post(`/workspaces/${team.workspace.id}/leave`)).status).toBe(401);
  });

  it('needs a new invitation to come back', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    await team.admin.client.post(`/workspaces/${team.workspace.id}/leave`);
    expect((await team.admin.client.post(`/workspaces/${team.workspace.id}/leave`)).status).toBe(404);
    const invite = await team.owner.client.post(`/workspaces/${team.workspace.id}/members/invite`, {
      invites: [{ email: team.admin.user.email, role: 'collaborator' }],
    });
    expect(invite.status).toBe(201);
  });
});

describe('DELETE /workspaces/{id}', () => {
  /** How many rows each table holds for the workspace (and its subscription's add-ons). */
  async function rowsOf(workspaceId: number, subscriptionId: number) {
    const db = t.ctx.db;
    const n = async (query: Promise<{ n: unknown }>) => Number((await query).n);
    const byWorkspace = (
      table:
        | 'workspace_members'
        | 'workspace_invitations'
        | 'subscriptions'
        | 'billing_information'
        | 'payment_methods'
        | 'invoices',
    ) =>
      n(
        db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('workspace_id', '=', workspaceId)
          .executeTakeFirstOrThrow(),
      );
    return {
      workspaces: await n(
        db
          .selectFrom('workspaces')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('id', '=', workspaceId)
          .executeTakeFirstOrThrow(),
      ),
      members: await byWorkspace('workspace_members'),
      invitations: await byWorkspace('workspace_invitations'),
      subscriptions: await byWorkspace('subscriptions'),
      addOns: await n(
        db
          .selectFrom('subscription_add_ons')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('subscription_id', '=', subscriptionId)
          .executeTakeFirstOrThrow(),
      ),
      billingInformation: await byWorkspace('billing_information'),
      paymentMethods: await byWorkspace('payment_methods'),
      invoices: await byWorkspace('invoices'),
    };
  }

  it('removes the workspace, everything under it and its logo file', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const id = team.workspace.id;
    const form = new FormData();
    form.append('logo', new Blob([PNG]), 'logo.png');
    expect((await team.owner.client.patch(`/workspaces/${id}`, form)).status).toBe(200);
    await team.owner.client.post(`/workspaces/${id}/members/invite`, {
      invites: [{ email: 'pending-delete@example.com', role: 'collaborator' }],
    });
    const subscription = await t.ctx.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('workspace_id', '=', id)
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('subscription_add_ons')
      .values({
        subscription_id: subscription.id,
        add_on_price_id: 3201,
        quantity: 1,
        created_at: t.clock.now().toISOString(),
      })
      .execute();
    const { logo_key: logoKey } = await t.ctx.db
      .selectFrom('workspaces')
      .select('logo_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(logoKey).not.toBeNull();
    expect(await t.ctx.storage.get(logoKey!)).not.toBeNull();
    expect(await rowsOf(id, subscription.id)).toEqual({
      workspaces: 1,
      members: 4,
      invitations: 1,
      subscriptions: 1,
      addOns: 1,
      billingInformation: 1,
      paymentMethods: 1,
      invoices: 1,
    });

    const answer = await team.owner.client.delete(`/workspaces/${id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.response.message).toBe(WORKSPACE_TEXTS.deleted);
    expect(await rowsOf(id, subscription.id)).toEqual({
      workspaces: 0,
      members: 0,
      invitations: 0,
      subscriptions: 0,
      addOns: 0,
      billingInformation: 0,
      paymentMethods: 0,
      invoices: 0,
    });
    expect(await t.ctx.storage.get(logoKey!)).toBeNull();
    for (const member of [team.owner, team.admin, team.collaborator])
      expect((await member.client.get(`/workspaces/${id}`)).status).toBe(404);
    // The users stay, and the former owner may start another workspace.
    expect((await team.admin.client.get('/users/me')).status).toBe(200);
    expect((await team.owner.client.post('/workspaces', { price_id: PRICES.proMonthly })).status).toBe(201);
  });

  it('deletes a suspended workspace too', async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    await suspend(t.ctx, workspace.id);
    expect((await client.delete(`/workspaces/${workspace.id}`)).status).toBe(200);
    expect((await client.get('/me/workspaces')).body.response).toEqual([]);
  });

  it('is for the owner only: admin, collaborator, limited 403; non-member 404; anonymous 401', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const path = `/workspaces/${team.workspace.id}`;
    for (const actor of [team.admin, team.collaborator, team.limited]) {
      const answer = await actor.client.delete(path);
      expect(answer.status).toBe(403);
    }
    expect((await team.outsider.client.delete(path)).status).toBe(404);
    expect((await new ApiClient(t.baseUrl).delete(path)).status).toBe(401);
    expect((await team.owner.client.get(path)).status).toBe(200);
  });
});
