import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMAIL_TAKEN } from '@common/api/errors';
import type { DomainEventInput, DomainEventType } from '@common/domainEvents';
import { days } from '@server/clock';
import { DomainEventsRepository } from '@server/db/repositories/domainEvents';
import { UsersRepository } from '@server/db/repositories/users';
import { buildPaidWorkspace, CARDS } from './billingHelpers';
import { BILLING_INFORMATION, buildUser, buildWorkspace, PRICES, sandboxCard, signedIn } from './factories';
import { ApiClient, startTestApp, type TestApp } from './harness';
import { buildTeam } from './memberFactories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const eventsOf = (type: DomainEventType) => t.ctx.uow.read.domainEvents.ofType(type);
const eventsFor = async (type: DomainEventType, workspaceId: number) =>
  (await eventsOf(type)).filter((e) => e.workspaceId === workspaceId);
const eventsBy = async (type: DomainEventType, actorId: number) =>
  (await eventsOf(type)).filter((e) => e.actorId === actorId);

describe('account events', () => {
  it('records user.signed_up with the new account, and hands it to the subscribers after commit', async () => {
    const answer = await new ApiClient(t.baseUrl).post('/users/sign_up', {
      user: { name: 'Eve Events', email: 'eve.events@example.com', password: 'long enough' },
    });
    expect(answer.status).toBe(201);
    const userId = answer.body.response.id as number;
    const [event] = await eventsBy('user.signed_up', userId);
    expect(event).toMatchObject({ subject: { type: 'User', id: userId }, workspaceId: null });
    expect((await t.ctx.uow.read.domainEvents.byId(event!.id))?.handledAt).not.toBeNull();
  });

  it('records nothing for a refused sign-up', async () => {
    const before = (await eventsOf('user.signed_up')).length;
    const answer = await new ApiClient(t.baseUrl).post('/users/sign_up', {
      user: { name: 'Again', email: 'EVE.EVENTS@example.com', password: 'long enough' },
    });
    expect(answer.status).toBe(422);
    expect((await eventsOf('user.signed_up')).length).toBe(before);
  });

  it('records no user.profile_updated when the write fails on a taken e-mail (the race after the check)', async () => {
    const other = await buildUser(t.ctx);
    const user = await buildUser(t.ctx, { name: 'Racing' });
    const client = await signedIn(t.baseUrl, user);
    // Another request takes the address between the check and the write: the unique index refuses it.
    vi.spyOn(UsersRepository.prototype, 'emailTaken').mockResolvedValue(false);
    const form = new FormData();
    form.append('name', 'Raced');
    form.append('email', other.email);
    form.append('current_password', user.password);
    const answer = await client.patch(`/users/${user.id}`, form);
    expect(answer.status).toBe(422);
    expect(answer.body.response.error.details).toEqual({ email: [EMAIL_TAKEN] });
    expect(await eventsBy('user.profile_updated', user.id)).toEqual([]);
    expect((await t.ctx.uow.read.users.findById(user.id))?.name).toBe('Racing');

    vi.restoreAllMocks();
    const renamed = new FormData();
    renamed.append('name', 'Renamed');
    expect((await client.patch(`/users/${user.id}`, renamed)).status).toBe(200);
    expect(await eventsBy('user.profile_updated', user.id)).toMatchObject([{ data: { changed: ['name'] } }]);
  });
});

describe('workspace events', () => {
  it('records workspace.created and subscription.started once a paid workspace is paid for', async () => {
    const { owner, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    expect(await eventsFor('workspace.created', workspace.id)).toMatchObject([
      { actorId: owner.id, subject: { type: 'Workspace', id: workspace.id } },
    ]);
    expect(await eventsFor('subscription.started', workspace.id)).toMatchObject([
      { actorId: owner.id, data: { price_id: PRICES.teamMonthly, trial: false } },
    ]);
  });

  it('records no event when the card is refused and the workspace is never made', async () => {
    const owner = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, owner);
    const answer = await client.post('/workspaces', {
      price_id: PRICES.teamMonthly,
      payment_method_id: await sandboxCard(client, CARDS.declined),
      billing_information: BILLING_INFORMATION,
    });
    expect(answer.status).toBe(400);
    expect((await client.get('/me/workspaces')).body.response).toEqual([]);
    for (const type of ['workspace.created', 'subscription.started', 'payment_method.updated'] as const)
      expect(await eventsBy(type, owner.id), type).toEqual([]);
  });

  it('rolls back an event already recorded when the transaction fails after it', async () => {
    const owner = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, owner);
    // The real insert, for every event but the one made to fail.
    const insert = Object.getOwnPropertyDescriptor(DomainEventsRepository.prototype, 'insert')
      ?.value as DomainEventsRepository['insert'];
    vi.spyOn(DomainEventsRepository.prototype, 'insert').mockImplementation(function (
      this: DomainEventsRepository,
      event: DomainEventInput,
      occurredAt: string,
    ) {
      if (event.type === 'subscription.started') return Promise.reject(new Error('the second write fails'));
      return insert.call(this, event, occurredAt);
    });
    const answer = await client.post('/workspaces', { price_id: PRICES.proMonthly });
    expect(answer.status).toBe(500);
    vi.restoreAllMocks();
    // workspace.created was written in the transaction before the failure: it went with it.
    expect(await eventsBy('workspace.created', owner.id)).toEqual([]);
    expect(await t.ctx.uow.read.workspaces.ownedBy(owner.id)).toBeUndefined();
    // The same creation goes through once nothing fails.
    expect((await client.post('/workspaces', { price_id: PRICES.proMonthly })).status).toBe(201);
    expect(await eventsBy('workspace.created', owner.id)).toHaveLength(1);
    expect(await eventsBy('subscription.started', owner.id)).toMatchObject([{ data: { trial: true } }]);
  });

  it('records workspace.updated, workspace.ownership_transferred and workspace.deleted', async () => {
    const team = await buildTeam(t.baseUrl, t.ctx);
    const id = team.workspace.id as number;
    const rename = new FormData();
    rename.append('name', 'Eventful');
    expect((await team.owner.client.patch(`/workspaces/${id}`, rename)).status).toBe(200);
    expect(await eventsFor('workspace.updated', id)).toMatchObject([
      { actorId: team.owner.user.id, data: { changed: ['name'], from: team.workspace.name, to: 'Eventful' } },
    ]);

    const transfer = await team.owner.client.post(`/workspaces/${id}/transfer_ownership`, {
      workspace_member_id: team.admin.memberId,
    });
    expect(transfer.status).toBe(200);
    expect(await eventsFor('workspace.ownership_transferred', id)).toMatchObject([
      {
        actorId: team.owner.user.id,
        data: { from_user_id: team.owner.user.id, to_user_id: team.admin.user.id },
      },
    ]);

    expect((await team.admin.client.delete(`/workspaces/${id}`)).status).toBe(200);
    expect(await eventsFor('workspace.deleted', id)).toMatchObject([
      { actorId: team.admin.user.id, data: { name: 'Eventful' } },
    ]);
  });
});

describe('subscription events', () => {
  it('records subscription.canceled by the owner, then subscription.ended at the period end', async () => {
    const { owner, client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.proMonthly);
    expect((await client.post(`/workspaces/${workspace.id}/cancel_subscription`)).status).toBe(200);
    expect(await eventsFor('subscription.canceled', workspace.id)).toMatchObject([{ actorId: owner.id }]);
    expect(await eventsFor('subscription.ended', workspace.id)).toEqual([]);
    t.clock.advance(days(31));
    await t.ctx.billingPeriods.runDue(t.clock.now());
    expect(await eventsFor('subscription.ended', workspace.id)).toMatchObject([{ actorId: null }]);
  });

  it('records trial.expired for an ended trial and subscription.renewed for a paid renewal', async () => {
    const trial = await buildWorkspace(t.baseUrl, t.ctx);
    const paid = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    t.clock.advance(days(31));
    await t.ctx.billingPeriods.runDue(t.clock.now());
    expect(await eventsFor('trial.expired', trial.workspace.id)).toHaveLength(1);
    expect(await eventsFor('subscription.renewed', paid.workspace.id)).toMatchObject([
      { actorId: null, data: { price_id: PRICES.teamMonthly } },
    ]);
    expect(await eventsFor('subscription.renewed', trial.workspace.id)).toEqual([]);
  });

  it('records subscription.payment_failed, and no subscription.changed, when a renewal is refused', async () => {
    const { workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    await t.ctx.db
      .updateTable('sandbox_payment_methods')
      .set({ behaviour: 'card_declined' })
      .where('id', '=', (await t.ctx.uow.read.billing.paymentMethod(workspace.id))?.provider_id ?? 'none')
      .execute();
    t.clock.advance(days(31));
    await t.ctx.billingPeriods.runDue(t.clock.now());
    expect(await eventsFor('subscription.payment_failed', workspace.id)).toHaveLength(1);
    expect(await eventsFor('subscription.renewed', workspace.id)).toEqual([]);
    expect(await eventsFor('subscription.changed', workspace.id)).toEqual([]);
  });
});
