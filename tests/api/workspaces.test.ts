import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { BILLING_INFORMATION, buildUser, buildWorkspace, PRICES, sandboxCard, signedIn } from './factories';
import { ApiClient, startTestApp, type TestApp } from './harness';
import { TINY_PNG } from './images';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const PNG = TINY_PNG;

describe('GET /pricing_plans', () => {
  it('lists the catalogue with prices and add-ons, to anyone', async () => {
    const anonymous = new ApiClient(t.baseUrl);
    const plans = (await anonymous.get('/pricing_plans')).body.response;
    expect(plans.map((p: any) => p.name)).toEqual(['Free Trial', 'Pro Plan', 'Team Plan']);
    expect(plans[2].included_projects).toBeNull();
    const addOns = (await anonymous.get('/pricing_plans/3/add_ons')).body.response;
    expect(addOns.map((a: any) => a.type)).toEqual(['StorageAddOn', 'MembersAddOn']);
    expect((await anonymous.get('/pricing_plans/99/add_ons')).status).toBe(404);
  });
});

describe('POST /workspaces', () => {
  it("starts a free trial when 'Pro Plan' is chosen without a card", async () => {
    const { workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    expect(workspace.pricing_plan.name).toBe('Free Trial');
    expect(workspace.subscription.active).toBe(true);
    expect(workspace.subscription.free_trial_expires_at).toBe(
      new Date(t.clock.now().getTime() + 14 * 86_400_000).toISOString(),
    );
    expect(workspace.current_user_role.name).toBe('owner');
  });

  it('pays first, then creates a paid workspace with its invoice and card details', async () => {
    const { workspace, client } = await buildWorkspace(t.baseUrl, t.ctx, { priceId: PRICES.teamMonthly });
    expect(workspace.pricing_plan.name).toBe('Team Plan');
    expect(workspace.subscription.active).toBe(true);
    expect(workspace.subscription.billing_period_ends_at).toBe('2026-12-21T10:00:00.000Z');
    const invoices = await t.ctx.db
      .selectFrom('invoices')
      .selectAll()
      .where('workspace_id', '=', workspace.id)
      .execute();
    expect(invoices).toMatchObject([{ amount: 4900, status: 'paid' }]);
    const card = await t.ctx.db
      .selectFrom('payment_methods')
      .selectAll()
      .where('workspace_id', '=', workspace.id)
      .executeTakeFirst();
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 });
    expect(JSON.stringify(card)).not.toContain('4242424242424242');
    expect((await client.get('/me/workspaces')).body.response.map((w: any) => w.id)).toEqual([workspace.id]);
  });

  it.each([
    [
      '4000000000000002',
      'card_declined',
      'Please review the information entered or contact your card issuer to continue.',
    ],
    ['4000000000000119', 'processing_error', 'Please try again later.'],
  ])('leaves no workspace when the card %s is refused (%s)', async (number, code, message) => {
    const owner = await buildUser(t.ctx);
    const client = await signedIn(t.baseUrl, owner);
    const answer = await client.post('/workspaces', {
      price_id: PRICES.proYearly,
      payment_method_id: await sandboxCard(client, number),
      billing_information: BILLING_INFORMATION,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.response.error).toEqual({ code, message });
    expect((await client.get('/me/workspaces')).body.response).toEqual([]);
  });

  it('refuses an unknown payment method as invalid_card', async () => {
    const client = await signedIn(t.baseUrl, await buildUser(t.ctx));
    const answer = await client.post('/workspaces', {
      price_id: PRICES.proMonthly,
      payment_method_id: 'pm_made_up',
      billing_information: BILLING_INFORMATION,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.response.error.code).toBe('invalid_card');
  });

  it('refuses a card the sandbox cannot tokenise', async () => {
    const client = await signedIn(t.baseUrl, await buildUser(t.ctx));
    const answer = await client.post('/sandbox/payment_methods', {
      card: { number: '4242424242424241', exp_month: 12, exp_year: 2030, cvc: '123' },
      billing_details: { name: 'Card Holder' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.response.error.code).toBe('invalid_card');
  });

  it('allows one owned workspace per user', async () => {
    const { client } = await buildWorkspace(t.baseUrl, t.ctx);
    const again = await client.post('/workspaces', { price_id: PRICES.proMonthly });
    expect(again.status).toBe(422);
    expect(again.body.response.error.details).toEqual({ base: [WORKSPACE_TEXTS.alreadyOwnsWorkspace] });
  });

  it('needs a card and billing information for a paid plan other than the trial', async () => {
    const client = await signedIn(t.baseUrl, await buildUser(t.ctx));
    const answer = await client.post('/workspaces', { price_id: PRICES.teamMonthly });
    expect(answer.status).toBe(422);
    expect(answer.body.response.error.details.payment_method_id).toEqual([
      'Payment method must not be empty.',
    ]);
  });
});

describe('PATCH /workspaces/{id}', () => {
  it('lets the owner rename it and set a logo', async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const form = new FormData();
    form.append('name', '  Acme Studio ');
    form.append('logo', new Blob([PNG]), 'logo.png');
    const answer = await client.patch(`/workspaces/${workspace.id}`, form);
    expect(answer.status).toBe(200);
    expect(answer.body.response.name).toBe('Acme Studio');
    const logo = await client.get(answer.body.response.logo.replace('/api/v1', ''));
    expect(logo.headers.get('content-type')).toBe('image/png');
  });

  it("answers a stranger 404 and keeps the spec's name rule", async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const stranger = await signedIn(t.baseUrl, await buildUser(t.ctx));
    const form = new FormData();
    form.append('name', 'Mine now');
    expect((await stranger.patch(`/workspaces/${workspace.id}`, form)).status).toBe(404);
    expect((await stranger.get(`/workspaces/${workspace.id}`)).status).toBe(404);
    const blank = new FormData();
    blank.append('name', '   ');
    const answer = await client.patch(`/workspaces/${workspace.id}`, blank);
    expect(answer.body.response.error.details).toEqual({ name: ['Name must not be empty.'] });
  });
});
