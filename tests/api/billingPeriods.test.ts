import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { days, minutes } from '@server/clock';
import {
  ADD_ON_PRICES,
  addMember,
  buildPaidWorkspace,
  CARDS,
  invoicesOf,
  replaceCard,
  workspaceOf,
} from './billingHelpers';
import { buildWorkspace, PRICES, sandboxCard, signedIn } from './factories';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
// Every test starts on the same day, so the test cards (valid until 2030) stay valid however far one moves.
beforeEach(() => t.clock.set(new Date('2026-11-21T10:00:00Z')));

/** Runs the period end at the clock's time and answers what it did to this workspace. */
async function runFor(workspaceId: number) {
  const run = await t.ctx.billingPeriods.runDue(t.clock.now());
  expect(run.failed).toEqual([]);
  return run.results.filter((r) => r.workspaceId === workspaceId).map((r) => r.outcome);
}

/** Moves the clock to `iso` (sessions last 30 days, so the owner signs in again). */
async function moveTo(iso: string, owner: Parameters<typeof signedIn>[1]) {
  t.clock.set(new Date(iso));
  return signedIn(t.baseUrl, owner);
}

const addOn = (client: any, workspaceId: number, priceId: number) =>
  client.post(`/workspaces/${workspaceId}/add_ons`, { add_on_price_id: priceId, quantity: 1 });

describe('a free trial', () => {
  it('is suspended when it expires, still on the trial plan', async () => {
    const { owner, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const expiresAt = workspace.subscription.free_trial_expires_at as string;
    t.clock.set(new Date(new Date(expiresAt).getTime() - minutes(1)));
    expect(await runFor(workspace.id)).toEqual([]);
    const client = await moveTo(expiresAt, owner);
    expect(await runFor(workspace.id)).toEqual(['trial_expired']);
    const expired = await workspaceOf(client, workspace.id);
    expect(expired.pricing_plan.name).toBe('Free Trial');
    expect(expired.subscription).toMatchObject({ active: false, free_trial_expires_at: expiresAt });
    expect(await runFor(workspace.id)).toEqual([]);
    expect(await invoicesOf(t.ctx, workspace.id)).toEqual([]);
  });
});

describe('the end of a paid period', () => {
  it('renews the plan on one invoice and starts the next period where the last one ended', async () => {
    const { owner, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    const endsAt = workspace.subscription.billing_period_ends_at as string;
    t.clock.set(new Date(new Date(endsAt).getTime() - minutes(1)));
    expect(await runFor(workspace.id)).toEqual([]);
    t.clock.set(new Date(new Date(endsAt).getTime() + minutes(1)));
    expect(await runFor(workspace.id)).toEqual(['renewed']);
    const client = await signedIn(t.baseUrl, owner);
    const renewed = await workspaceOf(client, workspace.id);
    const next = new Date(endsAt);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(renewed.subscription).toMatchObject({
      active: true,
      last_payment_succeeded: true,
      billing_period_ends_at: next.toISOString(),
    });
    const invoice = (await invoicesOf(t.ctx, workspace.id)).at(-1);
    expect(invoice).toMatchObject({ detail: 'Renewal: Team Plan, monthly', amount: 4900, status: 'paid' });
    expect(invoice?.lines).toEqual([{ description: 'Team Plan, monthly', amount: 4900 }]);
  });

  it('charges monthly add-ons with the plan, one line each', async () => {
    const { owner, client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    expect((await addOn(client, workspace.id, ADD_ON_PRICES.teamStorageMonthly)).status).toBe(200);
    expect((await addOn(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly)).status).toBe(200);
    expect((await addOn(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly)).status).toBe(200);
    await moveTo(workspace.subscription.billing_period_ends_at, owner);
    expect(await runFor(workspace.id)).toEqual(['renewed']);
    const invoice = (await invoicesOf(t.ctx, workspace.id)).at(-1);
    expect(invoice).toMatchObject({ amount: 4900 + 2900 + 2 * 1000, status: 'paid' });
    expect(invoice?.lines).toEqual([
      { description: 'Team Plan, monthly', amount: 4900 },
      { description: 'Additional storage × 1, monthly', amount: 2900 },
      { description: 'Workspace seat × 2, monthly', amount: 2000 },
    ]);
  });

  it('charges yearly add-ons at their yearly price after a year', async () => {
    const { owner, client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.proYearly);
    expect((await addOn(client, workspace.id, ADD_ON_PRICES.proSeatYearly)).status).toBe(200);
    const endsAt = workspace.subscription.billing_period_ends_at as string;
    const later = await moveTo(endsAt, owner);
    expect(await runFor(workspace.id)).toEqual(['renewed']);
    expect((await invoicesOf(t.ctx, workspace.id)).at(-1)?.lines).toEqual([
      { description: 'Pro Plan, yearly', amount: 18000 },
      { description: 'Workspace seat × 1, yearly', amount: 11400 },
    ]);
    const next = new Date(endsAt);
    next.setUTCFullYear(next.getUTCFullYear() + 1);
    expect((await workspaceOf(later, workspace.id)).subscription.billing_period_ends_at).toBe(
      next.toISOString(),
    );
  });

  it('suspends the workspace when the card is declined, and a new plan choice brings it back', async () => {
    const { owner, client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    await replaceCard(client, workspace.id, CARDS.declined);
    const later = await moveTo(workspace.subscription.billing_period_ends_at, owner);
    expect(await runFor(workspace.id)).toEqual(['payment_failed']);
    const failed = await workspaceOf(later, workspace.id);
    expect(failed.subscription).toMatchObject({ active: false, last_payment_succeeded: false });
    expect((await invoicesOf(t.ctx, workspace.id)).at(-1)).toMatchObject({
      detail: 'Renewal: Team Plan, monthly',
      amount: 4900,
      status: 'failed',
      failure_code: 'card_declined',
    });
    expect(await runFor(workspace.id)).toEqual([]);

    const answer = await later.post(`/workspaces/${workspace.id}/subscribe`, {
      price_id: PRICES.teamMonthly,
      payment_method_id: await sandboxCard(later, CARDS.good),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.response.subscription).toMatchObject({ active: true, last_payment_succeeded: true });
  });

  it('suspends a cancelled subscription without charging', async () => {
    const { owner, client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.proYearly);
    await client.post(`/workspaces/${workspace.id}/cancel_subscription`);
    const later = await moveTo(workspace.subscription.billing_period_ends_at, owner);
    expect(await runFor(workspace.id)).toEqual(['cancelled']);
    expect((await workspaceOf(later, workspace.id)).subscription).toMatchObject({
      active: false,
      cancel_at_period_end: false,
    });
    expect(await invoicesOf(t.ctx, workspace.id)).toHaveLength(1);
  });

  it('applies a downgrade the workspace fits: the lower plan, charged, without the old add-ons', async () => {
    const { owner, client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    await addOn(client, workspace.id, ADD_ON_PRICES.teamSeatMonthly);
    const downgrade = await client.post(`/workspaces/${workspace.id}/downgrade_subscription`, {
      price_id: PRICES.proYearly,
    });
    expect(downgrade.status).toBe(200);
    const endsAt = workspace.subscription.billing_period_ends_at as string;
    const later = await moveTo(endsAt, owner);
    expect(await runFor(workspace.id)).toEqual(['downgraded']);
    const next = new Date(endsAt);
    next.setUTCFullYear(next.getUTCFullYear() + 1);
    const downgraded = await workspaceOf(later, workspace.id);
    expect(downgraded.pricing_plan.name).toBe('Pro Plan');
    expect(downgraded.subscription).toMatchObject({
      active: true,
      pricing_plan_price: { id: PRICES.proYearly },
      downgrade_at_period_end: null,
      add_on_items: [],
      billing_period_ends_at: next.toISOString(),
    });
    expect((await invoicesOf(t.ctx, workspace.id)).at(-1)).toMatchObject({
      detail: 'Downgrade: Pro Plan, yearly',
      amount: 18000,
      status: 'paid',
    });
  });

  it('suspends for the downgrade a workspace that no longer fits the lower plan', async () => {
    const { owner, client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    await client.post(`/workspaces/${workspace.id}/downgrade_subscription`, { price_id: PRICES.proMonthly });
    await addMember(t.baseUrl, t.ctx, workspace.id, 'admin');
    const later = await moveTo(workspace.subscription.billing_period_ends_at, owner);
    expect(await runFor(workspace.id)).toEqual(['suspended_for_downgrade']);
    const suspended = await workspaceOf(later, workspace.id);
    expect(suspended.subscription).toMatchObject({
      active: false,
      pricing_plan_price: { id: PRICES.teamMonthly },
      downgrade_at_period_end: { id: PRICES.proMonthly },
    });
    expect(await invoicesOf(t.ctx, workspace.id)).toHaveLength(1);
    const restore = await later.post(`/workspaces/${workspace.id}/cancel_downgrade`);
    expect(restore.status).toBe(403);
    expect(restore.body.response.error.code).toBe('inactive_workspace');
    // Picking a plan (the Team Plan again) brings it back and forgets the downgrade.
    const answer = await later.post(`/workspaces/${workspace.id}/subscribe`, {
      price_id: PRICES.teamMonthly,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.response.subscription).toMatchObject({ active: true, downgrade_at_period_end: null });
  });

  it('suspends with a failed payment when the lower plan cannot be charged', async () => {
    const { owner, client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamYearly);
    await client.post(`/workspaces/${workspace.id}/downgrade_subscription`, { price_id: PRICES.proYearly });
    await replaceCard(client, workspace.id, CARDS.processingError);
    const later = await moveTo(workspace.subscription.billing_period_ends_at, owner);
    expect(await runFor(workspace.id)).toEqual(['payment_failed']);
    expect((await workspaceOf(later, workspace.id)).subscription).toMatchObject({
      active: false,
      last_payment_succeeded: false,
      pricing_plan_price: { id: PRICES.proYearly },
      downgrade_at_period_end: null,
    });
    expect((await invoicesOf(t.ctx, workspace.id)).at(-1)).toMatchObject({
      status: 'failed',
      failure_code: 'processing_error',
    });
  });

  it('starts the next period now when the app was down for a whole period, charging once', async () => {
    const { owner, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.proYearly);
    const endsAt = new Date(workspace.subscription.billing_period_ends_at as string);
    const now = new Date(endsAt.getTime() + days(400));
    const later = await moveTo(now.toISOString(), owner);
    expect(await runFor(workspace.id)).toEqual(['renewed']);
    expect(await runFor(workspace.id)).toEqual([]);
    const next = new Date(now);
    next.setUTCFullYear(next.getUTCFullYear() + 1);
    expect((await workspaceOf(later, workspace.id)).subscription.billing_period_ends_at).toBe(
      next.toISOString(),
    );
    expect((await invoicesOf(t.ctx, workspace.id)).map((i) => i.status)).toEqual(['paid', 'paid']);
  });
});

describe('two instances running the period end', () => {
  it('charge a subscription once when they run at the same time', async () => {
    const { owner, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    await moveTo(workspace.subscription.billing_period_ends_at, owner);
    const [first, second] = await Promise.all([
      t.ctx.billingPeriods.runDue(t.clock.now()),
      t.ctx.billingPeriods.runDue(t.clock.now()),
    ]);
    const outcomes = [...first.results, ...second.results].filter((r) => r.workspaceId === workspace.id);
    expect(outcomes.map((r) => r.outcome)).toEqual(['renewed']);
    const invoices = await invoicesOf(t.ctx, workspace.id);
    expect(invoices.map((i) => i.detail)).toEqual(['Team Plan, monthly', 'Renewal: Team Plan, monthly']);
    const method = await t.ctx.db
      .selectFrom('payment_methods')
      .select('provider_id')
      .where('workspace_id', '=', workspace.id)
      .executeTakeFirstOrThrow();
    const charges = await t.ctx.db
      .selectFrom('sandbox_charges')
      .select('amount')
      .where('payment_method_id', '=', method.provider_id)
      .execute();
    expect(charges).toEqual([{ amount: 4900 }, { amount: 4900 }]);
  });

  it('leave a subscription another instance holds until its claim lapses', async () => {
    const { owner, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    await moveTo(workspace.subscription.billing_period_ends_at, owner);
    await t.ctx.db
      .updateTable('subscriptions')
      .set({ billing_claimed_until: new Date(t.clock.now().getTime() + minutes(10)).toISOString() })
      .where('workspace_id', '=', workspace.id)
      .execute();
    expect(await runFor(workspace.id)).toEqual([]);
    t.clock.advance(minutes(11));
    expect(await runFor(workspace.id)).toEqual(['renewed']);
  });
});
