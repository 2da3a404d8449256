import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_POSTAL_CODE } from '@common/billing/postalCode';
import { ADD_ON_PRICES, addMember, buildPaidWorkspace, errorOf } from './billingHelpers';
import { BILLING_INFORMATION, buildUser, buildWorkspace, PRICES, sandboxCard, signedIn } from './factories';
import { ApiClient, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const CANADA = {
  country: 'CA',
  state: 'ON',
  postal_code: 'K1A 0B1',
  address: '111 Wellington Street',
  city: 'Ottawa',
  company_name: null,
};

/** Anonymous 401, a stranger 404, an admin ('Member') and a collaborator 403. */
async function expectOwnerOnly(
  workspaceId: number,
  call: (client: ApiClient) => Promise<{ status: number }>,
) {
  expect((await call(new ApiClient(t.baseUrl))).status).toBe(401);
  expect((await call(await signedIn(t.baseUrl, await buildUser(t.ctx)))).status).toBe(404);
  for (const role of ['admin', 'collaborator'] as const) {
    const { client } = await addMember(t.baseUrl, t.ctx, workspaceId, role);
    const answer = await call(client);
    expect(answer.status).toBe(403);
  }
}

describe('billing information', () => {
  it('is empty on a free trial, then saved and read back', async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const path = `/workspaces/${workspace.id}/billing_information`;
    expect((await client.get(path)).body).toEqual({ response: null });
    const saved = await client.patch(path, { ...CANADA, postal_code: 'k1a0b1', city: '  Ottawa ' });
    expect(saved.status).toBe(200);
    expect(saved.body.response).toEqual({ ...CANADA, postal_code: 'k1a0b1' });
    expect((await client.get(path)).body.response).toEqual({ ...CANADA, postal_code: 'k1a0b1' });
  });

  it('answers what the checkout saved', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.proYearly);
    expect((await client.get(`/workspaces/${workspace.id}/billing_information`)).body.response).toEqual(
      BILLING_INFORMATION,
    );
  });

  it('requires every field but the company name', async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const answer = await client.patch(`/workspaces/${workspace.id}/billing_information`, {
      country: '',
      state: ' ',
      postal_code: '',
      address: '',
      city: '',
    });
    expect(answer.status).toBe(422);
    expect(errorOf(answer).details).toEqual({
      country: ['Country must not be empty.'],
      state: ['State must not be empty.'],
      postal_code: ['Postal code must not be empty.'],
      address: ['Address must not be empty.'],
      city: ['City must not be empty.'],
    });
  });

  it.each([
    ['US', '1234', { postal_code: [INVALID_POSTAL_CODE] }],
    ['US', '10001-12', { postal_code: [INVALID_POSTAL_CODE] }],
    ['CA', '12345', { postal_code: [INVALID_POSTAL_CODE] }],
    ['GB', 'S', { postal_code: [INVALID_POSTAL_CODE] }],
    ['FR', '75001!', { postal_code: [INVALID_POSTAL_CODE] }],
    ['GB', 'SW1A 1AA 12345 6', { postal_code: ['Postal code should be up to 14 characters long.'] }],
    ['ZZ', '10001', { country: ['Country is invalid.'] }],
    ['USA', '10001', { country: ['Country should be up to 2 characters long.'] }],
  ])('refuses %s %j', async (country, postalCode, details) => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const answer = await client.patch(`/workspaces/${workspace.id}/billing_information`, {
      ...BILLING_INFORMATION,
      country,
      postal_code: postalCode,
    });
    expect(answer.status).toBe(422);
    expect(errorOf(answer).details).toEqual(details);
  });

  it.each([
    ['US', '10001-1234'],
    ['CA', 'H3Z 2Y7'],
    ['GB', 'SW1A 1AA'],
    ['PT', '1000-001'],
  ])('accepts %s %j', async (country, postalCode) => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const answer = await client.patch(`/workspaces/${workspace.id}/billing_information`, {
      ...BILLING_INFORMATION,
      country,
      postal_code: postalCode,
    });
    expect(answer.status).toBe(200);
  });

  it('is checked the same way at checkout', async () => {
    const client = await signedIn(t.baseUrl, await buildUser(t.ctx));
    const answer = await client.post('/workspaces', {
      price_id: PRICES.teamMonthly,
      payment_method_id: await sandboxCard(client),
      billing_information: { ...BILLING_INFORMATION, postal_code: 'K1A 0B1' },
    });
    expect(answer.status).toBe(422);
    expect(errorOf(answer).details).toEqual({ 'billing_information.postal_code': [INVALID_POSTAL_CODE] });
  });

  it('is for the owner only', async () => {
    const { workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    const path = `/workspaces/${workspace.id}/billing_information`;
    await expectOwnerOnly(workspace.id, (client) => client.get(path));
    await expectOwnerOnly(workspace.id, (client) => client.patch(path, CANADA));
  });
});

describe('payment method', () => {
  it('is null until a card is saved; answers brand, last 4 digits and expiry, never the number', async () => {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    const path = `/workspaces/${workspace.id}/payment_method`;
    expect((await client.get(path)).body).toEqual({ response: null });
    const id = await sandboxCard(client, '5555555555554444');
    const saved = await client.post(path, { payment_method_id: id });
    expect(saved.status).toBe(200);
    const expected = {
      id,
      card: { brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2030 },
      billing_details: { name: 'Card Holder', address: { country: null, postal_code: null } },
      workspace_id: workspace.id,
    };
    expect(saved.body.response).toEqual(expected);
    expect((await client.get(path)).body.response).toEqual(expected);
    expect(JSON.stringify(saved.body)).not.toContain('5555555555554444');
  });

  it('refuses an unknown payment method and keeps the saved one', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    const path = `/workspaces/${workspace.id}/payment_method`;
    const unknown = await client.post(path, { payment_method_id: 'pm_made_up' });
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown)).toEqual({
      code: 'invalid_card',
      message: 'You should enter a new payment method to continue.',
    });
    const blank = await client.post(path, { payment_method_id: ' ' });
    expect(blank.status).toBe(422);
    expect((await client.get(path)).body.response.card.last4).toBe('4242');
  });

  it('is for the owner only', async () => {
    const { client: owner, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    const path = `/workspaces/${workspace.id}/payment_method`;
    const id = await sandboxCard(owner);
    await expectOwnerOnly(workspace.id, (client) => client.get(path));
    await expectOwnerOnly(workspace.id, (client) => client.post(path, { payment_method_id: id }));
  });
});

describe('GET /workspaces/{id}/invoices', () => {
  it('pages newest first with starting_after, limit, last_id and has_more', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    for (let i = 0; i < 11; i++) {
      expect(
        (
          await client.post(`/workspaces/${workspace.id}/add_ons`, {
            add_on_price_id: ADD_ON_PRICES.teamSeatMonthly,
            quantity: 1,
          })
        ).status,
      ).toBe(200);
    }
    await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    const path = `/workspaces/${workspace.id}/invoices`;

    const first = (await client.get(path)).body.response;
    expect(first.invoices).toHaveLength(10);
    expect(first.has_more).toBe(true);
    const ids = first.invoices.map((i: any) => i.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    expect(first.last_id).toBe(ids.at(-1));
    expect(first.invoices[0]).toEqual({
      id: ids[0],
      created_at: expect.any(String),
      detail: 'Workspace seat add-on',
      amount: 1000,
      status: 'paid',
      workspace_id: workspace.id,
      invoice_url: `/invoices/${ids[0]}`,
    });

    const second = (await client.get(`${path}?starting_after=${first.last_id}`)).body.response;
    expect(second.invoices.map((i: any) => i.detail)).toEqual([
      'Workspace seat add-on',
      'Team Plan, monthly',
    ]);
    expect(second.has_more).toBe(false);
    expect(second.last_id).toBe(second.invoices[1].id);

    const small = (await client.get(`${path}?limit=5&starting_after=${ids[2]}`)).body.response;
    expect(small.invoices.map((i: any) => i.id)).toEqual(ids.slice(3, 8));
    expect(small.has_more).toBe(true);

    const empty = (await client.get(`${path}?starting_after=${second.last_id}`)).body.response;
    expect(empty).toEqual({ invoices: [], last_id: null, has_more: false });
  });

  it.each(['limit=0', 'limit=101', 'limit=ten', 'starting_after=abc'])('refuses %s', async (query) => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.proYearly);
    const answer = await client.get(`/workspaces/${workspace.id}/invoices?${query}`);
    expect(answer.status).toBe(422);
  });

  it('answers up to 100 a page', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.proYearly);
    const answer = await client.get(`/workspaces/${workspace.id}/invoices?limit=100`);
    expect(answer.body.response.invoices).toHaveLength(1);
  });

  it('is for the owner only', async () => {
    const { workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    await expectOwnerOnly(workspace.id, (client) => client.get(`/workspaces/${workspace.id}/invoices`));
  });
});

describe('GET /invoices/{id}', () => {
  it('answers the owner the printable invoice: lines, workspace, billing information', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamYearly);
    const [invoice] = (await client.get(`/workspaces/${workspace.id}/invoices`)).body.response.invoices;
    const answer = await client.get(invoice.invoice_url);
    expect(answer.status).toBe(200);
    expect(answer.body.response).toEqual({
      ...invoice,
      detail: 'Team Plan, yearly',
      amount: 46800,
      lines: [{ description: 'Team Plan, yearly', amount: 46800 }],
      workspace: { id: workspace.id, name: workspace.name },
      billing_information: BILLING_INFORMATION,
    });
  });

  it('hides it from strangers and other owners (404), refuses members (403)', async () => {
    const { client, workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    const [invoice] = (await client.get(`/workspaces/${workspace.id}/invoices`)).body.response.invoices;
    await expectOwnerOnly(workspace.id, (other) => other.get(`/invoices/${invoice.id}`));
    const { client: otherOwner } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly);
    expect((await otherOwner.get(`/invoices/${invoice.id}`)).status).toBe(404);
    expect((await client.get('/invoices/999999')).status).toBe(404);
  });
});
