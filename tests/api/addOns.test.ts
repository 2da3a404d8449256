import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVALID_ADD_ON_TYPE } from '@common/api/billing';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { DEFAULT_CATALOGUE_FILE } from '@server/billing/catalogue';
import { days, minutes } from '@server/clock';
import { ADD_ON_TEXTS } from '@server/services/billing/addOns';
import { SUBSCRIPTION_TEXTS } from '@server/services/billing/subscriptions';
import {
  ADD_ON_PRICES,
  addMember,
  buildPaidWorkspace,
  CARDS,
  errorOf,
  invoicesOf,
  replaceCard,
  useStorage,
  workspaceOf,
} from './billingHelpers';
import { buildUser, buildWorkspace, PRICES, signedIn } from './factories';
import { ApiClient, startTestApp, type TestApp } from './harness';

const TB = 1024 ** 4;
const BASE = new Date('2026-11-21T10:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(BASE));
afterEach(() => {
  vi.restoreAllMocks();
});

const add = (client: ApiClient, workspaceId: number, priceId: number, quantity = 1) =>
  client.post(`/workspaces/${workspaceId}/add_ons`, { add_on_price_id: priceId, quantity });
const remove = (client: ApiClient, workspaceId: number, priceId: number) =>
  client.request('DELETE', `/workspaces/${workspaceId}/add_ons`, { add_on_price_id: priceId, quantity: 1 });

describe('POST /workspaces/{id}/add_ons', () => {
  it('charges a yearly add-on for the days left in the period (days × amount / 365)', async () => {
    const { owner, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamYearly);
    t.clock.advance(days(100));
    const client = await signedIn(t.baseUrl, owner);
    const storage = await add(client, workspace.id, ADD_ON_PRICES.teamStorageYearly);
    expect(storage.status).toBe(200);
    expect(storage.body.response.subscription.add_on_items).toMatchObject([
      { type: 'storage', quantity: 1, included_amount: TB, add_on_price: { id: 3102, cost: 27600 } },
    ]);
    expect((await add(client, workspace.id, ADD_ON_PRICES.teamSeatYearly)).status).toBe(200);
    const seat = await add(client, workspace.id, ADD_ON_PRICES.teamSeatYearly);
    expect(seat.body.response.subscription.add_on_items).toMatchObject([
      { type: 'storage', quantity: 1 },
      { type: 'members', quantity: 2 },
    ]);
    // 265 days left: 27600 × 265 / 365 = 20038.36, 9600 × 265 / 365 = 6969.86.
    const invoices = (await invoicesOf(t.ctx, workspace.id)).slice(1);
    expect(invoices.map((i) => [i.detail, i.amount, i.status])).toEqual([
      ['Additional storage add-on', 20038, 'paid'],
      ['Workspace seat add-on', 6970, 'paid'],
      ['Workspace seat add-on', 6970, 'paid'],
    ]);
    expect(invoices[0]?.lines).toEqual([
      { description: 'Additional storage, yearly, prorated for 265 days', amount: 20038 },
    ]);
  });

  it('charges a yearly add-on in full on the first day of the period', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.proYearly);
    expect((await add(client, workspace.id, ADD_ON_PRICES.proSeatYearly)).status).toBe(200);
    expect((await invoicesOf(t.ctx, workspace.id)).at(-1)?.amount).toBe(11400);
  });

  it('prorates a monthly add-on over 30 days, counting a started day as a day left', async () => {
    const { owner, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    t.clock.advance(days(10) + minutes(60));
    const client = await signedIn(t.baseUrl, owner);
    expect((await add(client, workspace.id, ADD_ON_PRICES.teamStorageMonthly)).status).toBe(200);
    expect((await add(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly)).status).toBe(200);
    // 20 days left (19 days and 23 hours): 2900 × 20 / 30 = 1933.33, 1000 × 20 / 30 = 666.67.
    const invoices = (await invoicesOf(t.ctx, workspace.id)).slice(1);
    expect(invoices.map((i) => i.amount)).toEqual([1933, 667]);
    expect(invoices[1]?.lines).toEqual([
      { description: 'Workspace seat, monthly, prorated for 20 days', amount: 667 },
    ]);
  });

  it('never charges a monthly add-on more than its price in a 31-day month', async () => {
    t.clock.set(new Date('2026-12-21T10:00:00Z'));
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    expect(workspace.subscription.billing_period_ends_at).toBe('2027-01-21T10:00:00.000Z');
    expect((await add(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly)).status).toBe(200);
    expect((await invoicesOf(t.ctx, workspace.id)).at(-1)?.amount).toBe(1000);
  });

  it('adds nothing when the card is declined', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.proMonthly);
    await replaceCard(client, workspace.id, CARDS.declined);
    const answer = await add(client, workspace.id, ADD_ON_PRICES.proStorageMonthly);
    expect(answer.status).toBe(400);
    expect(errorOf(answer).code).toBe('card_declined');
    expect((await workspaceOf(client, workspace.id)).subscription.add_on_items).toEqual([]);
    expect((await invoicesOf(t.ctx, workspace.id)).at(-1)).toMatchObject({ amount: 900, status: 'failed' });
  });

  it.each([
    ['an unknown price', 999, ADD_ON_TEXTS.notAvailable],
    ['a plan price', PRICES.teamMonthly, ADD_ON_TEXTS.notAvailable],
    ["another plan's add-on", ADD_ON_PRICES.proStorageMonthly, ADD_ON_TEXTS.otherPlan],
    [
      'the yearly price on a monthly plan',
      ADD_ON_PRICES.teamStorageYearly,
      ADD_ON_TEXTS.otherInterval('monthly'),
    ],
  ])('refuses %s', async (_label, priceId, message) => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    const answer = await add(client, workspace.id, priceId);
    expect(answer.status).toBe(422);
    expect(errorOf(answer).details).toEqual({ add_on_price_id: [message] });
    expect(await invoicesOf(t.ctx, workspace.id)).toHaveLength(1);
  });

  it('refuses a monthly price on a yearly plan', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.proYearly);
    const answer = await add(client, workspace.id, ADD_ON_PRICES.proSeatMonthly);
    expect(errorOf(answer).details).toEqual({ add_on_price_id: [ADD_ON_TEXTS.otherInterval('yearly')] });
  });

  it('takes one unit at a time', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    const answer = await add(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly, 2);
    expect(answer.status).toBe(422);
    expect(Object.keys(errorOf(answer).details)).toEqual(['quantity']);
  });

  it('is not for a free trial, nor a suspended workspace', async () => {
    const { owner, client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const trial = await add(client, workspace.id, ADD_ON_PRICES.proSeatMonthly);
    expect(trial.status).toBe(403);
    expect(errorOf(trial)).toEqual({ code: 'forbidden', message: WORKSPACE_TEXTS.freeTrialFeature });
    t.clock.advance(days(15));
    await t.ctx.billingPeriods.runDue(t.clock.now());
    const suspended = await add(await signedIn(t.baseUrl, owner), workspace.id, ADD_ON_PRICES.proSeatMonthly);
    expect(suspended.status).toBe(403);
    expect(errorOf(suspended)).toEqual({
      code: 'inactive_workspace',
      message: WORKSPACE_TEXTS.inactiveWorkspace,
    });
  });

  it('is for the owner: anonymous 401, stranger 404, admin and collaborator 403', async () => {
    const { workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    expect((await add(new ApiClient(t.baseUrl), workspace.id, ADD_ON_PRICES.teamSeatMonthly)).status).toBe(
      401,
    );
    const stranger = await signedIn(t.baseUrl, await buildUser(t.ctx));
    expect((await add(stranger, workspace.id, ADD_ON_PRICES.teamSeatMonthly)).status).toBe(404);
    expect((await remove(stranger, workspace.id, ADD_ON_PRICES.teamSeatMonthly)).status).toBe(404);
    for (const role of ['admin', 'collaborator'] as const) {
      const { client } = await addMember(t.baseUrl, t.ctx, workspace.id, role);
      expect((await add(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly)).status).toBe(403);
      expect((await remove(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly)).status).toBe(403);
    }
    expect(await invoicesOf(t.ctx, workspace.id)).toHaveLength(1);
  });
});

describe('DELETE /workspaces/{id}/add_ons', () => {
  it('takes one unit away at a time, without a refund', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    await add(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly);
    await add(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly);
    const first = await remove(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly);
    expect(first.status).toBe(200);
    expect(first.body.response.subscription.add_on_items).toMatchObject([{ type: 'members', quantity: 1 }]);
    const second = await remove(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly);
    expect(second.body.response.subscription.add_on_items).toEqual([]);
    expect((await invoicesOf(t.ctx, workspace.id)).map((i) => i.amount)).toEqual([4900, 1000, 1000]);
    const none = await remove(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly);
    expect(none.status).toBe(422);
    expect(errorOf(none).details).toEqual({ add_on_price_id: [ADD_ON_TEXTS.notHeld] });
  });

  it("refuses storage in use: more stored than what is left without one increment ('Storage in use')", async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    await add(client, workspace.id, ADD_ON_PRICES.teamStorageMonthly);
    await useStorage(t.ctx, workspace.id, TB + 1);
    const answer = await remove(client, workspace.id, ADD_ON_PRICES.teamStorageMonthly);
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toEqual({ code: 'invalid_workspace', message: WORKSPACE_TEXTS.storageInUse });
    vi.restoreAllMocks();
    await useStorage(t.ctx, workspace.id, TB);
    expect((await remove(client, workspace.id, ADD_ON_PRICES.teamStorageMonthly)).status).toBe(200);
  });

  it("refuses a seat in use ('Workspace seat in use'); collaborators take no seat", async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    await add(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly);
    for (let i = 0; i < 5; i++) await addMember(t.baseUrl, t.ctx, workspace.id, 'admin');
    const answer = await remove(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly);
    expect(answer.status).toBe(400);
    expect(errorOf(answer)).toEqual({ code: 'invalid_members', message: WORKSPACE_TEXTS.seatInUse });

    const { client: other, workspace: second } = await buildPaidWorkspace(
      t.baseUrl,
      t.ctx,
      PRICES.teamMonthly,
    );
    await add(other, second.id, ADD_ON_PRICES.teamSeatMonthly);
    for (let i = 0; i < 4; i++) await addMember(t.baseUrl, t.ctx, second.id, 'admin');
    await addMember(t.baseUrl, t.ctx, second.id, 'collaborator');
    expect((await remove(other, second.id, ADD_ON_PRICES.teamSeatMonthly)).status).toBe(200);
  });

  it('removes a seat once when two removals were decided on the same state', async () => {
    const { owner, client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    await add(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly);
    await add(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly);
    for (let i = 0; i < 5; i++) await addMember(t.baseUrl, t.ctx, workspace.id, 'admin');
    // Two requests read the workspace before either removed anything: one seat is free, not two.
    const first = await t.ctx.workspaceAccess.forMember(workspace.id, owner.id);
    const second = await t.ctx.workspaceAccess.forMember(workspace.id, owner.id);
    await t.ctx.addOns.remove(first, ADD_ON_PRICES.teamSeatMonthly);
    await expect(t.ctx.addOns.remove(second, ADD_ON_PRICES.teamSeatMonthly)).rejects.toMatchObject({
      status: 422,
      details: { base: [SUBSCRIPTION_TEXTS.busy] },
    });
    expect((await workspaceOf(client, workspace.id)).subscription.add_on_items).toMatchObject([
      { type: 'members', quantity: 1 },
    ]);
    const answers = await Promise.all([
      remove(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly),
      remove(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly),
    ]);
    expect(answers.map((a) => a.status)).not.toContain(200);
  });

  it('refuses an unknown add-on and a suspended workspace', async () => {
    const { owner, client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    await add(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly);
    const unknown = await remove(client, workspace.id, 999);
    expect(errorOf(unknown).details).toEqual({ add_on_price_id: [ADD_ON_TEXTS.notAvailable] });
    await client.post(`/workspaces/${workspace.id}/cancel_subscription`);
    t.clock.advance(days(31));
    await t.ctx.billingPeriods.runDue(t.clock.now());
    const suspended = await remove(
      await signedIn(t.baseUrl, owner),
      workspace.id,
      ADD_ON_PRICES.teamSeatMonthly,
    );
    expect(suspended.status).toBe(403);
    expect(errorOf(suspended).code).toBe('inactive_workspace');
  });
});

describe('an add-on of an unknown type', () => {
  let odd: TestApp;
  beforeAll(async () => {
    const catalogue = JSON.parse(readFileSync(DEFAULT_CATALOGUE_FILE, 'utf8'));
    catalogue.plans[2].add_ons[1].type = null;
    const file = join(t.dataDir, 'plans-with-untyped-add-on.json');
    writeFileSync(file, JSON.stringify(catalogue));
    odd = await startTestApp({ PRICING_PLANS_FILE: file });
  });
  afterAll(() => odd.close());

  it("is refused with 'Invalid AddOn type'", async () => {
    const { client, workspace } = await buildPaidWorkspace(odd.baseUrl, odd.ctx, PRICES.teamMonthly);
    for (const answer of [
      await add(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly),
      await remove(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly),
    ]) {
      expect(answer.status).toBe(422);
      expect(errorOf(answer).details).toEqual({ add_on_price_id: [INVALID_ADD_ON_TYPE] });
    }
  });
});
