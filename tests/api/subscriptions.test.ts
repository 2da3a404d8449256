import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { PLAN_LIMITS_TOOLTIP } from '@common/plans';
import { days } from '@server/clock';
import { SUBSCRIPTION_TEXTS } from '@server/services/billing/subscriptions';
import {
  ADD_ON_PRICES,
  addMember,
  buildPaidWorkspace,
  CARDS,
  errorOf,
  GB,
  invoicesOf,
  useProjects,
  useStorage,
} from './billingHelpers';
import { BILLING_INFORMATION, buildUser, buildWorkspace, PRICES, sandboxCard, signedIn } from './factories';
import { ApiClient, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const paidCheckout = async (client: ApiClient, priceId: number, card: string = CARDS.good) => ({
  price_id: priceId,
  payment_method_id: await sandboxCard(client, card),
  billing_information: BILLING_INFORMATION,
});

async function expireTrial(workspaceId: number) {
  t.clock.advance(days(15));
  await t.ctx.billingPeriods.runDue(t.clock.now());
  const subscription = await t.ctx.uow.read.workspaces.subscriptionOf(workspaceId);
  expect(subscription?.active).toBe(0);
}

describe('who may change the subscription', () => {
  const actions = [
    ['subscribe', { price_id: PRICES.teamMonthly }],
    ['cancel_subscription', {}],
    ['reactivate_subscription', {}],
    ['downgrade_subscription', { price_id: PRICES.proMonthly }],
    ['cancel_downgrade', {}],
  ] as const;

  it.each(actions)('%s: anonymous 401, stranger 404, admin and collaborator 403', async (action, body) => {
    const { workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    const path = `/workspaces/${workspace.id}/${action}`;
    expect((await new ApiClient(t.baseUrl).post(path, body)).status).toBe(401);
    const stranger = await signedIn(t.baseUrl, await buildUser(t.ctx));
    expect((await stranger.post(path, body)).status).toBe(404);
    for (const role of ['admin', 'collaborator'] as const) {
      const { client } = await addMember(t.baseUrl, t.ctx, workspace.id, role);
      const answer = await client.post(path, body);
      expect(answer.status).toBe(403);
      expect(errorOf(answer).code).toBe('forbidden');
    }
  });
});

/** The data of a workspace's subscription events, oldest first. */
const startedIn = async (workspaceId: number) =>
  (await t.ctx.uow.read.domainEvents.ofType('subscription.started'))
    .filter((e) => e.workspaceId === workspaceId)
    .map((e) => e.data);
const changedIn = async (workspaceId: number) =>
  (await t.ctx.uow.read.domainEvents.ofType('subscription.changed'))
    .filter((e) => e.workspaceId === workspaceId)
    .map((e) => e.data);

describe('POST /workspaces/{id}/subscribe', () => {
  it('upgrades a free trial to a paid plan: charged now, a new period from now, the trial over', async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const answer = await client.post(
      `/workspaces/${workspace.id}/subscribe`,
      await paidCheckout(client, PRICES.teamMonthly),
    );
    expect(answer.status).toBe(200);
    const upgraded = answer.body.response;
    expect(upgraded.pricing_plan.name).toBe('Team Plan');
    expect(upgraded.subscription).toMatchObject({
      active: true,
      free_trial_expires_at: null,
      cancel_at_period_end: false,
      last_payment_succeeded: true,
      billing_period_ends_at: new Date(Date.UTC(2026, 11, 21, 10)).toISOString(),
    });
    expect((await invoicesOf(t.ctx, workspace.id)).map((i) => [i.detail, i.amount, i.status])).toEqual([
      ['Team Plan, monthly', 4900, 'paid'],
    ]);
    const [trial] = await startedIn(workspace.id);
    expect(await changedIn(workspace.id)).toEqual([
      { change: 'plan', from_price_id: trial!.price_id, price_id: PRICES.teamMonthly },
    ]);
  });

  it('needs a card and billing information, and uses the saved ones when none are sent', async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const nothing = await client.post(`/workspaces/${workspace.id}/subscribe`, {
      price_id: PRICES.proMonthly,
    });
    expect(nothing.status).toBe(422);
    expect(errorOf(nothing).details).toEqual({ payment_method_id: ['Payment method must not be empty.'] });

    const noBilling = await client.post(`/workspaces/${workspace.id}/subscribe`, {
      price_id: PRICES.proMonthly,
      payment_method_id: await sandboxCard(client),
    });
    expect(noBilling.status).toBe(422);
    expect(errorOf(noBilling).details).toEqual({
      billing_information: ['Billing information must not be empty.'],
    });
    expect(await invoicesOf(t.ctx, workspace.id)).toEqual([]);

    // The card sent above was kept: it pays now.
    const saved = await client.post(`/workspaces/${workspace.id}/subscribe`, {
      price_id: PRICES.proMonthly,
      billing_information: BILLING_INFORMATION,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.response.pricing_plan.name).toBe('Pro Plan');
    expect((await invoicesOf(t.ctx, workspace.id)).map((i) => i.amount)).toEqual([1900]);
  });

  it('keeps the trial when the card is declined, with the failed invoice on record', async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const answer = await client.post(
      `/workspaces/${workspace.id}/subscribe`,
      await paidCheckout(client, PRICES.teamYearly, CARDS.declined),
    );
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toEqual({
      code: 'card_declined',
      message: 'Please review the information entered or contact your card issuer to continue.',
    });
    const after = (await client.get(`/workspaces/${workspace.id}`)).body.response;
    expect(after.pricing_plan.name).toBe('Free Trial');
    expect(after.subscription.active).toBe(true);
    expect((await invoicesOf(t.ctx, workspace.id)).map((i) => [i.amount, i.status, i.failure_code])).toEqual([
      [46800, 'failed', 'card_declined'],
    ]);
  });

  it('refuses an unknown payment method as invalid_card', async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const answer = await client.post(`/workspaces/${workspace.id}/subscribe`, {
      price_id: PRICES.proMonthly,
      payment_method_id: 'pm_made_up',
      billing_information: BILLING_INFORMATION,
    });
    expect(answer.status).toBe(400);
    expect(errorOf(answer).code).toBe('invalid_card');
  });

  it.each([
    ['an unknown price', 999],
    ['the free trial again', PRICES.freeTrial],
  ])('refuses %s', async (_label, priceId) => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const answer = await client.post(`/workspaces/${workspace.id}/subscribe`, { price_id: priceId });
    expect(answer.status).toBe(422);
    expect(errorOf(answer).details).toEqual({ price_id: [SUBSCRIPTION_TEXTS.planNotAvailable] });
  });

  it('refuses the current price, and a lower plan (a downgrade) while active', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    const same = await client.post(`/workspaces/${workspace.id}/subscribe`, { price_id: PRICES.teamMonthly });
    expect(same.status).toBe(422);
    expect(errorOf(same).details).toEqual({ price_id: [SUBSCRIPTION_TEXTS.samePlan] });
    const lower = await client.post(`/workspaces/${workspace.id}/subscribe`, { price_id: PRICES.proYearly });
    expect(lower.status).toBe(422);
    expect(errorOf(lower).details).toEqual({ price_id: [SUBSCRIPTION_TEXTS.useDowngrade] });
    expect(await invoicesOf(t.ctx, workspace.id)).toHaveLength(1);
  });

  it('switches the interval of the same plan as an upgrade, carrying the add-ons over at the new interval', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    const addOn = await client.post(`/workspaces/${workspace.id}/add_ons`, {
      add_on_price_id: ADD_ON_PRICES.teamSeatMonthly,
      quantity: 1,
    });
    expect(addOn.status).toBe(200);
    t.clock.advance(days(3));
    const answer = await client.post(`/workspaces/${workspace.id}/subscribe`, {
      price_id: PRICES.teamYearly,
    });
    expect(answer.status).toBe(200);
    const { subscription } = answer.body.response;
    expect(subscription.pricing_plan_price.id).toBe(PRICES.teamYearly);
    expect(subscription.billing_period_ends_at).toBe(
      new Date(t.clock.now().getTime() + days(365)).toISOString(),
    );
    expect(subscription.add_on_items).toMatchObject([
      {
        type: 'members',
        quantity: 1,
        add_on_price: { id: ADD_ON_PRICES.teamSeatYearly, billing_period: 'year' },
      },
    ]);
    const invoice = (await invoicesOf(t.ctx, workspace.id)).at(-1);
    expect(invoice).toMatchObject({ detail: 'Team Plan, yearly', amount: 46800 + 9600, status: 'paid' });
    expect(invoice?.lines).toEqual([
      { description: 'Team Plan, yearly', amount: 46800 },
      { description: 'Workspace seat × 1, yearly', amount: 9600 },
    ]);
  });

  it('moves to a higher plan without the add-ons of the old one, lifting a cancellation', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.proYearly);
    await client.post(`/workspaces/${workspace.id}/add_ons`, {
      add_on_price_id: ADD_ON_PRICES.proStorageYearly,
      quantity: 1,
    });
    expect((await client.post(`/workspaces/${workspace.id}/cancel_subscription`)).status).toBe(200);
    const answer = await client.post(`/workspaces/${workspace.id}/subscribe`, {
      price_id: PRICES.teamMonthly,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.response.subscription).toMatchObject({
      pricing_plan_price: { id: PRICES.teamMonthly },
      add_on_items: [],
      cancel_at_period_end: false,
    });
    expect((await invoicesOf(t.ctx, workspace.id)).at(-1)?.lines).toEqual([
      { description: 'Team Plan, monthly', amount: 4900 },
    ]);
  });

  it('refuses a plan the workspace does not fit (seats, projects, storage) with the limits tooltip', async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const body = await paidCheckout(client, PRICES.proMonthly);
    await addMember(t.baseUrl, t.ctx, workspace.id, 'admin');
    const seats = await client.post(`/workspaces/${workspace.id}/subscribe`, body);
    expect(seats.status).toBe(422);
    expect(errorOf(seats).details).toEqual({ price_id: [PLAN_LIMITS_TOOLTIP] });

    const { client: other, workspace: second } = await buildWorkspace(t.baseUrl, t.ctx);
    await useProjects(t.ctx, second.id, 11);
    const projects = await other.post(
      `/workspaces/${second.id}/subscribe`,
      await paidCheckout(other, PRICES.proMonthly),
    );
    expect(errorOf(projects).details).toEqual({ price_id: [PLAN_LIMITS_TOOLTIP] });
    vi.restoreAllMocks();
    await useStorage(t.ctx, second.id, 101 * GB);
    const storage = await other.post(
      `/workspaces/${second.id}/subscribe`,
      await paidCheckout(other, PRICES.proMonthly),
    );
    expect(errorOf(storage).details).toEqual({ price_id: [PLAN_LIMITS_TOOLTIP] });
    // The Team Plan has room for all of it.
    const team = await other.post(
      `/workspaces/${second.id}/subscribe`,
      await paidCheckout(other, PRICES.teamMonthly),
    );
    expect(team.status).toBe(200);
    expect(await invoicesOf(t.ctx, workspace.id)).toEqual([]);
  });

  it('lets a workspace suspended after its trial pick any plan, starting a period now', async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    await expireTrial(workspace.id);
    const expired = (await client.get(`/workspaces/${workspace.id}`)).body.response;
    expect(expired.subscription).toMatchObject({ active: false, free_trial_expires_at: expect.any(String) });

    const answer = await client.post(
      `/workspaces/${workspace.id}/subscribe`,
      await paidCheckout(client, PRICES.proYearly),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.response.subscription).toMatchObject({
      active: true,
      free_trial_expires_at: null,
      pricing_plan_price: { id: PRICES.proYearly },
      billing_period_ends_at: new Date(
        Date.UTC(
          t.clock.now().getUTCFullYear() + 1,
          t.clock.now().getUTCMonth(),
          t.clock.now().getUTCDate(),
          10,
        ),
      ).toISOString(),
    });
    // It starts again: the same event as a new workspace's, naming the price it had.
    const [trial, restarted] = await startedIn(workspace.id);
    expect(trial).toMatchObject({ trial: true });
    expect(restarted).toEqual({
      price_id: PRICES.proYearly,
      trial: false,
      billing_period_ends_at: answer.body.response.subscription.billing_period_ends_at,
      from_price_id: trial!.price_id,
    });
    expect(await changedIn(workspace.id)).toEqual([]);
  });

  it('lets a cancelled, suspended workspace come back on a lower plan', async () => {
    const {
      owner,
      client: before,
      workspace,
    } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    await before.post(`/workspaces/${workspace.id}/cancel_subscription`);
    t.clock.advance(days(31));
    await t.ctx.billingPeriods.runDue(t.clock.now());
    const client = await signedIn(t.baseUrl, owner);
    expect((await client.get(`/workspaces/${workspace.id}`)).body.response.subscription.active).toBe(false);
    const answer = await client.post(`/workspaces/${workspace.id}/subscribe`, {
      price_id: PRICES.proMonthly,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.response.subscription).toMatchObject({
      active: true,
      pricing_plan_price: { id: PRICES.proMonthly },
      cancel_at_period_end: false,
    });
  });

  it('refuses while another change holds the subscription, and charges a double click once', async () => {
    const { owner, client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.proMonthly);
    await t.ctx.db
      .updateTable('subscriptions')
      .set({ billing_claimed_until: new Date(t.clock.now().getTime() + 60_000).toISOString() })
      .where('workspace_id', '=', workspace.id)
      .execute();
    const held = await client.post(`/workspaces/${workspace.id}/subscribe`, { price_id: PRICES.teamMonthly });
    expect(held.status).toBe(422);
    expect(errorOf(held).details).toEqual({ base: [SUBSCRIPTION_TEXTS.busy] });
    await t.ctx.db
      .updateTable('subscriptions')
      .set({ billing_claimed_until: null })
      .where('workspace_id', '=', workspace.id)
      .execute();

    // Two requests decided on the same state: the second finds the subscription changed.
    const first = await t.ctx.workspaceAccess.forMember(workspace.id, owner.id);
    const second = await t.ctx.workspaceAccess.forMember(workspace.id, owner.id);
    await t.ctx.subscriptions.subscribe(first, { price_id: PRICES.teamYearly });
    await expect(
      t.ctx.subscriptions.subscribe(second, { price_id: PRICES.teamYearly }),
    ).rejects.toMatchObject({
      status: 422,
      details: { base: [SUBSCRIPTION_TEXTS.busy] },
    });

    const answers = await Promise.all([
      client.post(`/workspaces/${workspace.id}/subscribe`, { price_id: PRICES.teamMonthly }),
      client.post(`/workspaces/${workspace.id}/subscribe`, { price_id: PRICES.teamMonthly }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect((await invoicesOf(t.ctx, workspace.id)).map((i) => i.detail)).toEqual([
      'Pro Plan, monthly',
      'Team Plan, yearly',
      'Team Plan, monthly',
    ]);
  });
});

describe('POST /workspaces/{id}/cancel_subscription', () => {
  it('marks a paid subscription to end with its period, and only once', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.proMonthly);
    const answer = await client.post(`/workspaces/${workspace.id}/cancel_subscription`);
    expect(answer.status).toBe(200);
    expect(answer.body.response.subscription).toMatchObject({ active: true, cancel_at_period_end: true });
    const again = await client.post(`/workspaces/${workspace.id}/cancel_subscription`);
    expect(again.status).toBe(422);
    expect(errorOf(again).details).toEqual({ base: [SUBSCRIPTION_TEXTS.alreadyCancelled] });
  });

  it('wins over a pending downgrade', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    await client.post(`/workspaces/${workspace.id}/downgrade_subscription`, { price_id: PRICES.proMonthly });
    const answer = await client.post(`/workspaces/${workspace.id}/cancel_subscription`);
    expect(answer.body.response.subscription).toMatchObject({
      cancel_at_period_end: true,
      downgrade_at_period_end: null,
    });
  });

  it('refuses a free trial and a suspended workspace', async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const trial = await client.post(`/workspaces/${workspace.id}/cancel_subscription`);
    expect(trial.status).toBe(403);
    expect(errorOf(trial)).toEqual({ code: 'forbidden', message: WORKSPACE_TEXTS.freeTrialFeature });
    await expireTrial(workspace.id);
    const suspended = await client.post(`/workspaces/${workspace.id}/cancel_subscription`);
    expect(suspended.status).toBe(403);
    expect(errorOf(suspended)).toEqual({
      code: 'inactive_workspace',
      message: WORKSPACE_TEXTS.inactiveWorkspace,
    });
  });
});

describe('POST /workspaces/{id}/reactivate_subscription', () => {
  it('renews again when the members fit the plan', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    await client.post(`/workspaces/${workspace.id}/cancel_subscription`);
    const answer = await client.post(`/workspaces/${workspace.id}/reactivate_subscription`);
    expect(answer.status).toBe(200);
    expect(answer.body.response.subscription.cancel_at_period_end).toBe(false);
  });

  it('refuses a subscription that is not ending', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    const answer = await client.post(`/workspaces/${workspace.id}/reactivate_subscription`);
    expect(answer.status).toBe(422);
    expect(errorOf(answer).details).toEqual({ base: [SUBSCRIPTION_TEXTS.notCancelled] });
  });

  it('refuses when the members exceed the included members and seat add-ons', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    await client.post(`/workspaces/${workspace.id}/cancel_subscription`);
    for (let i = 0; i < 5; i++) await addMember(t.baseUrl, t.ctx, workspace.id, 'admin');
    await addMember(t.baseUrl, t.ctx, workspace.id, 'collaborator');
    const answer = await client.post(`/workspaces/${workspace.id}/reactivate_subscription`);
    expect(answer.status).toBe(403);
    expect(errorOf(answer)).toEqual({
      code: 'forbidden_subscription_limit_reached',
      message: WORKSPACE_TEXTS.memberLimit,
    });
    // One seat add-on makes room for the sixth seat.
    await client.post(`/workspaces/${workspace.id}/add_ons`, {
      add_on_price_id: ADD_ON_PRICES.teamSeatMonthly,
      quantity: 1,
    });
    expect((await client.post(`/workspaces/${workspace.id}/reactivate_subscription`)).status).toBe(200);
  });

  it('refuses a suspended workspace: it picks a plan instead', async () => {
    const {
      owner,
      client: before,
      workspace,
    } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.proMonthly);
    await before.post(`/workspaces/${workspace.id}/cancel_subscription`);
    t.clock.advance(days(31));
    await t.ctx.billingPeriods.runDue(t.clock.now());
    const client = await signedIn(t.baseUrl, owner);
    const answer = await client.post(`/workspaces/${workspace.id}/reactivate_subscription`);
    expect(answer.status).toBe(403);
    expect(errorOf(answer).code).toBe('inactive_workspace');
  });
});

describe('POST /workspaces/{id}/downgrade_subscription and cancel_downgrade', () => {
  it('sets a lower plan for the period end and restores the plan on cancel_downgrade', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamYearly);
    await client.post(`/workspaces/${workspace.id}/cancel_subscription`);
    const answer = await client.post(`/workspaces/${workspace.id}/downgrade_subscription`, {
      price_id: PRICES.proMonthly,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.response.subscription).toMatchObject({
      pricing_plan_price: { id: PRICES.teamYearly },
      downgrade_at_period_end: { id: PRICES.proMonthly },
      cancel_at_period_end: false,
    });
    const restored = await client.post(`/workspaces/${workspace.id}/cancel_downgrade`);
    expect(restored.status).toBe(200);
    expect(restored.body.response.subscription.downgrade_at_period_end).toBeNull();
    const none = await client.post(`/workspaces/${workspace.id}/cancel_downgrade`);
    expect(none.status).toBe(422);
    expect(errorOf(none).details).toEqual({ base: [SUBSCRIPTION_TEXTS.noDowngrade] });
  });

  it.each([
    ['the same plan', PRICES.teamYearly],
    ['the same plan at another interval', PRICES.teamMonthly],
  ])('refuses %s as a downgrade', async (_label, priceId) => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamYearly);
    const answer = await client.post(`/workspaces/${workspace.id}/downgrade_subscription`, {
      price_id: priceId,
    });
    expect(answer.status).toBe(422);
    expect(errorOf(answer).details).toEqual({ price_id: [SUBSCRIPTION_TEXTS.notLower] });
  });

  it('refuses an unknown price and the free trial', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamYearly);
    for (const priceId of [999, PRICES.freeTrial]) {
      const answer = await client.post(`/workspaces/${workspace.id}/downgrade_subscription`, {
        price_id: priceId,
      });
      expect(answer.status).toBe(422);
      expect(errorOf(answer).details).toEqual({ price_id: [SUBSCRIPTION_TEXTS.planNotAvailable] });
    }
  });

  it('refuses a lower plan the workspace does not fit', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    await addMember(t.baseUrl, t.ctx, workspace.id, 'admin');
    const answer = await client.post(`/workspaces/${workspace.id}/downgrade_subscription`, {
      price_id: PRICES.proMonthly,
    });
    expect(answer.status).toBe(422);
    expect(errorOf(answer).details).toEqual({ price_id: [PLAN_LIMITS_TOOLTIP] });
  });

  it('refuses a free trial and a suspended workspace', async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const trial = await client.post(`/workspaces/${workspace.id}/downgrade_subscription`, {
      price_id: PRICES.proMonthly,
    });
    expect(trial.status).toBe(403);
    expect(errorOf(trial).message).toBe(WORKSPACE_TEXTS.freeTrialFeature);
    await expireTrial(workspace.id);
    for (const [path, body] of [
      ['downgrade_subscription', { price_id: PRICES.proMonthly }],
      ['cancel_downgrade', {}],
    ] as const) {
      const answer = await client.post(`/workspaces/${workspace.id}/${path}`, body);
      expect(answer.status).toBe(403);
      expect(errorOf(answer).code).toBe('inactive_workspace');
    }
  });

  it('validates the body', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamYearly);
    const answer = await client.post(`/workspaces/${workspace.id}/downgrade_subscription`, {
      price_id: 'pro',
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(errorOf(answer).details)).toEqual(['price_id']);
  });
});

describe('a free plan', () => {
  let free: TestApp;
  beforeAll(async () => {
    const file = join(t.dataDir, 'plans-with-free.json');
    writeFileSync(
      file,
      JSON.stringify({
        plans: [
          {
            id: 1,
            name: 'Free Trial',
            level: -1,
            included_projects: 3,
            included_members: 1,
            included_storage_in_bytes: 5 * GB,
            prices: [{ id: 101, billing_period: 'month', cost: 0 }],
            add_ons: [],
          },
          {
            id: 4,
            name: 'Starter Plan',
            level: 0,
            included_projects: 2,
            included_members: 1,
            included_storage_in_bytes: GB,
            prices: [{ id: 401, billing_period: 'month', cost: 0 }],
            add_ons: [],
          },
        ],
      }),
    );
    free = await startTestApp({ PRICING_PLANS_FILE: file });
  });
  afterAll(() => free.close());

  it('is chosen without payment after the trial, and renews without an invoice', async () => {
    const { owner, client, workspace } = await buildWorkspace(free.baseUrl, free.ctx, { priceId: 101 });
    free.clock.advance(days(15));
    await free.ctx.billingPeriods.runDue(free.clock.now());
    const answer = await client.post(`/workspaces/${workspace.id}/subscribe`, { price_id: 401 });
    expect(answer.status).toBe(200);
    expect(answer.body.response.pricing_plan.name).toBe('Starter Plan');
    expect(answer.body.response.subscription).toMatchObject({ active: true, free_trial_expires_at: null });
    free.clock.advance(days(31));
    const run = await free.ctx.billingPeriods.runDue(free.clock.now());
    expect(run.results).toEqual([
      { subscriptionId: workspace.subscription.id, workspaceId: workspace.id, outcome: 'renewed' },
    ]);
    expect(await invoicesOf(free.ctx, workspace.id)).toEqual([]);
    const later = await signedIn(free.baseUrl, owner);
    expect((await later.get(`/workspaces/${workspace.id}`)).body.response.subscription.active).toBe(true);
  });
});
