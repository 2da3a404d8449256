import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, buildPaidWorkspace } from './billingHelpers';
import { PRICES } from './factories';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const chargesOf = async (paymentMethodId: string) =>
  t.ctx.db
    .selectFrom('sandbox_charges')
    .selectAll()
    .where('payment_method_id', '=', paymentMethodId)
    .execute();

describe('a renewal that died after the processor charged', () => {
  it('resumes the same invoice on the next run and never charges the period twice', async () => {
    t.clock.set(new Date('2026-11-21T10:00:00Z'));
    const { workspace } = await buildPaidWorkspace(t.baseUrl, t.ctx, PRICES.teamMonthly, CARDS.good);
    const subscription = await t.ctx.uow.read.workspaces.subscriptionOf(workspace.id);
    const method = await t.ctx.db
      .selectFrom('payment_methods')
      .selectAll()
      .where('workspace_id', '=', workspace.id)
      .executeTakeFirstOrThrow();
    expect(await chargesOf(method.provider_id)).toHaveLength(1);

    // The state a crash leaves: the period's invoice written 'open' and the card charged for it,
    // but neither the invoice nor the subscription updated.
    t.clock.set(new Date('2026-12-21T10:00:01Z'));
    const periodKey = `renewal:${subscription!.id}:${subscription!.billing_period_ends_at}`;
    const open = await t.ctx.db
      .insertInto('invoices')
      .values({
        workspace_id: workspace.id,
        detail: 'Team Plan, monthly',
        amount: 4900,
        status: 'open',
        lines: JSON.stringify([{ description: 'Team Plan, monthly', amount: 4900 }]),
        provider_payment_id: null,
        failure_code: null,
        period_key: periodKey,
        created_at: t.clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.payments.charge({
      paymentMethodId: method.provider_id,
      amountCents: 4900,
      description: 'Proofroom: Team Plan, monthly',
      idempotencyKey: `invoice-${open.id}`,
      customerId: null,
    });
    expect(await chargesOf(method.provider_id)).toHaveLength(2);

    await t.ctx.billingPeriods.runDue(t.clock.now());

    expect(await chargesOf(method.provider_id)).toHaveLength(2);
    const invoices = await t.ctx.db
      .selectFrom('invoices')
      .selectAll()
      .where('workspace_id', '=', workspace.id)
      .orderBy('id')
      .execute();
    expect(invoices.map((i) => [i.id === open.id, i.status])).toEqual([
      [false, 'paid'],
      [true, 'paid'],
    ]);
    const renewed = await t.ctx.uow.read.workspaces.subscriptionOf(workspace.id);
    expect(renewed).toMatchObject({ active: 1, billing_period_ends_at: '2027-01-21T10:00:00.000Z' });
  });
});
