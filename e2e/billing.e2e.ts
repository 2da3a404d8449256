import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PAYMENT_ERRORS } from '@common/api/billing';
import { PLAN_LIMITS_TOOLTIP } from '@common/plans';
import { join } from 'node:path';
import { newPage, SCREENSHOT_DIR, settled, shot, useAppAndBrowser, type E2eApp } from './harness';
import { checkAccessibility } from './axe';
import { useProjects, useStorage } from '../tests/api/billingHelpers';
import {
  closeSnackbars,
  expectSnackbar,
  logInInUi,
  makeUser,
  signUpInSession,
  signUpViaApi,
} from './journeys';

const DAY = 86_400_000;

/**
 * A screenshot of the viewport (1440×900) while a modal or dialog is open. The harness's full-page
 * capture resizes the viewport for a moment, which flips the small-screen media query: the app
 * shell then swaps to the mobile notice and back, and every open modal is lost.
 */
async function shotOpen(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
  await checkAccessibility(page, name);
}

function planModal(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Change Workspace Plan' });
}

function checkout(page: Page): Locator {
  return page.getByRole('dialog', { name: /^Checkout/ });
}

/** The result dialog with this title (Successful Purchase, Oops, …). */
function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

async function fillBillingInformation(scope: Locator, page: Page) {
  await scope.getByLabel('Country').click();
  await scope.getByLabel('Country').fill('United States');
  await page.getByRole('option', { name: 'United States', exact: true }).click();
  await scope.getByLabel('State').fill('NY');
  await scope.getByLabel('Address').fill('1 Main Street');
  await scope.getByLabel('City').fill('New York');
  await scope.getByLabel('Zip').fill('10001');
}

async function fillCard(scope: Locator, number: string) {
  await scope.getByLabel('Cardholder name').fill('Dana Reviewer');
  await scope.getByLabel('Card number').fill(number);
  await scope.getByLabel('Expiry date').fill('12/34');
  await scope.getByLabel('CVC').fill('123');
}

/** The id of the workspace whose settings are open. */
function openWorkspaceId(page: Page): number {
  const id = /\/user\/workspaces\/(\d+)/.exec(page.url())?.[1];
  if (!id) throw new Error(`Not on a workspace page: ${page.url()}`);
  return Number(id);
}

/** Starts a free-trial workspace through 'Create my Workspace' → 'Pro Plan'; returns its id. */
async function createTrialInUi(page: Page): Promise<number> {
  await page.goto('/user/profile');
  await page.getByTestId('create-my-workspace').click();
  await page.waitForURL('**/user/workspaces/new');
  await planModal(page).waitFor();
  await planModal(page).getByRole('button', { name: 'Start Free Trial' }).click();
  await page.waitForURL(/\/user\/workspaces\/\d+\/plan$/);
  await page.getByTestId('trial-days-left').waitFor();
  return openWorkspaceId(page);
}

async function setSubscription(app: E2eApp, workspaceId: number, values: Record<string, unknown>) {
  await app.ctx.db.updateTable('subscriptions').set(values).where('workspace_id', '=', workspaceId).execute();
}

/** A paid workspace (Team monthly by default) created through the API with the sandbox's test card, as the checkout would. */
async function teamWorkspaceViaApi(page: Page, priceId = 301): Promise<number> {
  const card = await page.request.post('/api/v1/sandbox/payment_methods', {
    data: {
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
      billing_details: { name: 'Dana' },
    },
  });
  const { id: paymentMethodId } = (await card.json()).response;
  const created = await page.request.post('/api/v1/workspaces', {
    data: {
      price_id: priceId,
      payment_method_id: paymentMethodId,
      billing_information: {
        country: 'CA',
        state: 'ON',
        postal_code: 'K1A 0B1',
        address: '1 Rue',
        city: 'Ottawa',
      },
    },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).response.id;
}

describe('plans, checkout and billing', () => {
  const env = useAppAndBrowser();

  it('starts a trial, upgrades to Team after a declined card, adds storage, cancels and reactivates, and shows billing', async () => {
    const { context, page } = await newPage(env.browser, env.app);
    await signUpInSession(page, makeUser());

    // 'Create my Workspace' opens the plans at once; without a workspace, Pro starts a free trial.
    await page.goto('/user/profile');
    await page.getByTestId('create-my-workspace').click();
    await page.waitForURL('**/user/workspaces/new');
    const plans = planModal(page);
    await plans.waitFor();
    await plans.getByText('Save at least 20%').waitFor();
    expect(await plans.getByTestId('plan-card-2').getAttribute('data-state')).toBe('noWorkspace');
    await plans.getByText('Need something different?').waitFor();
    await shotOpen(page, 'billing-01-plans-no-workspace');
    await plans.getByRole('button', { name: 'Start Free Trial' }).click();
    await page.waitForURL(/\/user\/workspaces\/\d+\/plan$/);
    const workspaceId = openWorkspaceId(page);
    await plans.waitFor({ state: 'detached' });

    // The trial: 14 days left in the top bar and in Plan Detail.
    expect(await page.getByTestId('trial-text').innerText()).toBe('14 days left');
    expect(await page.getByTestId('trial-days-left').innerText()).toMatch(
      /^14 days left until your Free Trial ends on \w{3} \d{2}, \d{4}\.$/,
    );
    await page.getByRole('heading', { name: 'Free Trial' }).waitFor();
    await closeSnackbars(page);
    await shot(page, 'billing-02-trial');

    // Upgrade → Team, monthly → checkout.
    await page.getByTestId('plan-upgrade-button').click();
    await plans.waitFor();
    expect(await plans.getByRole('radio', { name: 'Annually' }).isChecked()).toBe(true);
    await plans.getByText('Monthly', { exact: true }).click();
    await plans.getByText('$49.00').waitFor();
    await shotOpen(page, 'billing-03-plans-trial');
    await plans.getByTestId('plan-button-3').click();
    const pay = checkout(page);
    await pay.waitFor();
    const payButton = pay.getByTestId('pay-button');
    expect(await payButton.innerText()).toBe('Pay $49.00');
    expect(await payButton.isDisabled()).toBe(true);
    await pay.getByTestId('test-mode-hint').getByText('4242 4242 4242 4242').waitFor();

    // Postal codes are checked per country; labels follow the country.
    await fillBillingInformation(pay, page);
    await pay.getByLabel('Zip').fill('1000');
    await pay.getByLabel('Zip').blur();
    await pay.getByText('Zip code is invalid.').waitFor();
    await pay.getByLabel('Zip').fill('10001');

    // A declined card: the spec's text, and the checkout stays open for another card.
    await fillCard(pay, '4000 0000 0000 0002');
    expect(await payButton.isEnabled()).toBe(true);
    await shotOpen(page, 'billing-04-checkout-filled');
    await payButton.click();
    const oops = dialog(page, 'Oops, something went wrong!');
    await oops.getByText(PAYMENT_ERRORS.card_declined).waitFor();
    await shotOpen(page, 'billing-05-card-declined');
    await oops.getByRole('button', { name: 'Ok' }).click();
    await oops.waitFor({ state: 'detached' });
    expect(await pay.isVisible()).toBe(true);

    // The test card pays: 'Successful Purchase', and both modals close.
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payButton.click();
    const success = dialog(page, 'Successful Purchase');
    await success.waitFor();
    expect(await pay.isVisible()).toBe(false);
    expect(await plans.isVisible()).toBe(false);
    await shotOpen(page, 'billing-06-successful-purchase');
    await success.getByRole('button', { name: 'Ok' }).click();

    // Plan Detail of a paid plan.
    await page.getByRole('heading', { name: 'Team Plan' }).waitFor();
    expect(await page.getByTestId('plan-cost').innerText()).toBe('$49.00 per month');
    expect(await page.getByTestId('plan-period-end').innerText()).toMatch(
      /^Next payment\n+\w{3} \d{2}, \d{4}$/,
    );
    expect(await page.getByTestId('plan-upgrade-button').innerText()).toBe('Change Plan');
    expect(await page.getByTestId('trial-indicator').count()).toBe(0);
    await shot(page, 'billing-07-team-plan');

    // A storage add-on, one unit.
    await page.getByRole('button', { name: 'Add Storage' }).click();
    const addOns = page.getByRole('dialog', { name: 'Add-ons' });
    await addOns.waitFor();
    expect(await addOns.getByTestId('add-on-price').innerText()).toBe('$29.00');
    await shotOpen(page, 'billing-08-add-on');
    await addOns.getByRole('button', { name: 'Add', exact: true }).click();
    await expectSnackbar(page, 'Additional storage added');
    await addOns.waitFor({ state: 'detached' });
    await page.getByTestId('add-ons-description').getByText('1 TB of extra storage').waitFor();
    await page.getByTestId('storage-usage').getByText('of 2 TB used').waitFor();
    await closeSnackbars(page);

    // Cancel (confirmed with the checkbox), then reactivate.
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel subscription' });
    const confirmButton = confirm.getByRole('button', { name: 'Cancel subscription' });
    expect(await confirmButton.isDisabled()).toBe(true);
    await confirm.getByRole('checkbox').check();
    await shotOpen(page, 'billing-09-cancel-confirm');
    await confirmButton.click();
    const stopped = dialog(page, 'Subscription Renewal Stopped');
    await stopped.waitFor();
    await stopped.getByRole('button', { name: 'Ok' }).click();
    await page.getByText('Subscription suspension').waitFor();
    expect(await page.getByTestId('plan-upgrade-button').innerText()).toBe('Reactivate Subscription');
    await shot(page, 'billing-10-renewal-stopped');
    await page.getByTestId('plan-upgrade-button').click();
    const reactivated = dialog(page, 'Subscription Reactivated');
    await reactivated.waitFor();
    await reactivated.getByRole('button', { name: 'Ok' }).click();
    await page.getByText('Next payment').waitFor();

    // Billing: the information given at checkout, the card, the invoices.
    await page.getByRole('tab', { name: 'Billing' }).click();
    await page.waitForURL(`**/user/workspaces/${workspaceId}/billing`);
    const info = page.getByTestId('billing-information');
    await info.getByText('New York').first().waitFor();
    await info.getByText('United States').waitFor();
    expect(await page.getByTestId('card-masked').innerText()).toBe('Visa •••• 4242');
    expect(await page.getByTestId('card-expiry').innerText()).toMatch(/^Expires 12\/34/);
    const rows = page.getByTestId('invoice-row');
    // Newest first: the add-on, the plan, and the declined attempt that failed.
    await rows.nth(2).waitFor();
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(0).innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4}\t.+\t\$29\.00\t\s*PAID/);
    expect(await rows.nth(1).innerText()).toMatch(
      /^\d{2}\/\d{2}\/\d{4}\tTeam Plan, monthly\t\$49\.00\t\s*PAID/,
    );
    expect(await rows.nth(2).innerText()).toMatch(/\$49\.00\t\s*FAILED/);
    await shot(page, 'billing-11-billing-tab');

    // Editing: Save needs a change.
    await info.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByTestId('billing-information-form');
    const save = form.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await form.getByLabel('Company name').fill('Acme Studio');
    expect(await save.isEnabled()).toBe(true);
    await shotOpen(page, 'billing-12-billing-edit');
    await save.click();
    await expectSnackbar(page, 'Success! Your changes have been saved!');
    await info.getByText('Acme Studio').waitFor();
    await closeSnackbars(page);

    // A new card through the card form.
    await page.getByTestId('payment-method').getByRole('button', { name: 'Edit' }).click();
    const cardModal = page.getByRole('dialog', { name: 'Update payment method' });
    await cardModal.getByRole('radio', { name: 'Use a different card' }).check();
    await fillCard(cardModal, '5555 5555 5555 4444');
    await shotOpen(page, 'billing-13-card-edit');
    await cardModal.getByRole('button', { name: 'Save card' }).click();
    await expectSnackbar(page, 'Payment method updated');
    expect(await page.getByTestId('card-masked').innerText()).toBe('Mastercard •••• 4444');
    await closeSnackbars(page);

    // The printable invoice.
    const href = await rows.nth(1).getByRole('link', { name: 'View' }).getAttribute('href');
    expect(href).toMatch(/^\/invoices\/\d+$/);
    await page.goto(href!);
    const sheet = page.getByTestId('invoice-sheet');
    await sheet.waitFor();
    await sheet.getByText('Acme Studio').waitFor();
    expect(await page.getByTestId('invoice-total').innerText()).toBe('$49.00');
    await shot(page, 'billing-14-invoice');
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await shot(page, 'billing-15-invoice-print');
    await page.emulateMedia({ media: 'screen' });
    await context.close();
  });

  it('suspends an expired trial: the popup once, the suspended Plan Detail, See Plans', async () => {
    const { context, page } = await newPage(env.browser, env.app);
    await signUpInSession(page, makeUser());
    const workspaceId = await createTrialInUi(page);

    // Eight days left: no warning yet; seven: the warning icon.
    await setSubscription(env.app, workspaceId, {
      free_trial_expires_at: new Date(Date.now() + 7 * DAY - 60_000).toISOString(),
      billing_period_ends_at: new Date(Date.now() + 7 * DAY - 60_000).toISOString(),
    });
    await page.reload();
    expect(await page.getByTestId('trial-text').innerText()).toBe('7 days left');
    await page.getByTestId('trial-warning').waitFor();

    // The trial ends at the period end run.
    const past = new Date(Date.now() - 60_000).toISOString();
    await setSubscription(env.app, workspaceId, {
      free_trial_expires_at: past,
      billing_period_ends_at: past,
    });
    await env.app.ctx.billingPeriods.runDue(new Date());
    await page.reload();
    const popup = dialog(page, 'Free Trial Expired');
    await popup.waitFor();
    expect(await page.getByTestId('trial-text').innerText()).toBe('Free Trial Expired');
    await shotOpen(page, 'billing-20-expired-popup');
    await popup.getByRole('button', { name: 'Not now' }).click();
    await popup.waitFor({ state: 'detached' });

    // Closed for good: not shown again after a reload.
    await page.reload();
    await page.getByTestId('suspended-text').waitFor();
    expect(await page.getByTestId('suspended-text').innerText()).toBe(
      'This workspace has been suspended since your Free Trial expired.',
    );
    await page.getByText('To reactivate your workspace, please select a plan').waitFor();
    await page.waitForTimeout(300);
    expect(await popup.count()).toBe(0);
    await shot(page, 'billing-21-expired-plan-tab');

    // Nothing was paid yet: the Billing tab's empty states.
    await page.getByRole('tab', { name: 'Billing' }).click();
    await page.getByTestId('no-card').getByText('No credit card information').waitFor();
    await page.getByTestId('invoices').getByText('No invoices yet.').waitFor();
    await page
      .getByTestId('billing-information')
      .getByText(/No billing information yet/)
      .waitFor();
    await shot(page, 'billing-23-billing-empty');
    await page.getByRole('tab', { name: 'Plan' }).click();

    await page.getByTestId('plan-upgrade-button').click();
    const plans = planModal(page);
    await plans.waitFor();
    expect(await plans.getByTestId('plan-card-3').getAttribute('data-state')).toBe('reactivate');
    await shotOpen(page, 'billing-22-expired-plans');

    // A processing error: 'Please try again later.', and the checkout closes (the plans stay).
    await plans.getByTestId('plan-button-2').click();
    const pay = checkout(page);
    await fillBillingInformation(pay, page);
    await fillCard(pay, '4000 0000 0000 0119');
    expect(await pay.getByTestId('pay-button').innerText()).toBe('Pay $180.00');
    await pay.getByTestId('pay-button').click();
    const oops = dialog(page, 'Oops, something went wrong!');
    await oops.getByText(PAYMENT_ERRORS.processing_error).waitFor();
    await pay.waitFor({ state: 'detached' });
    await shotOpen(page, 'billing-24-processing-error');
    await oops.getByRole('button', { name: 'Ok' }).click();
    expect(await plans.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await plans.waitFor({ state: 'detached' });

    // Invoices come ten at a time: 'Load more' fetches the older ones.
    for (let i = 0; i < 11; i += 1) {
      await env.app.ctx.db
        .insertInto('invoices')
        .values({
          workspace_id: workspaceId,
          detail: `Older charge ${i + 1}`,
          amount: 1234,
          status: 'paid',
          lines: '[]',
          provider_payment_id: null,
          failure_code: null,
          period_key: null,
          created_at: new Date(Date.now() - (i + 1) * 30 * DAY).toISOString(),
        })
        .execute();
    }
    await page.getByRole('tab', { name: 'Billing' }).click();
    const rows = page.getByTestId('invoice-row');
    await rows.nth(9).waitFor();
    expect(await rows.count()).toBe(10);
    await page.getByRole('button', { name: 'Load more' }).click();
    await rows.nth(11).waitFor();
    expect(await rows.count()).toBe(12);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    // The card given at the failed checkout stays saved, as a processor keeps it.
    expect(await page.getByTestId('card-masked').innerText()).toBe('Visa •••• 0119');
    await context.close();
  });

  it('schedules a downgrade with its banner, restores Team, and shows a suspension for downgrade', async () => {
    const { context, page } = await newPage(env.browser, env.app);
    await signUpInSession(page, makeUser());
    const workspaceId = await teamWorkspaceViaApi(page);

    await page.goto(`/user/workspaces/${workspaceId}/plan`);
    await page.getByTestId('plan-upgrade-button').click();
    const plans = planModal(page);
    await plans.waitFor();
    expect(await plans.getByRole('radio', { name: 'Monthly' }).isChecked()).toBe(true);
    expect(await plans.getByTestId('plan-card-3').getAttribute('data-state')).toBe('stay');
    await shotOpen(page, 'billing-30-plans-team');

    // Yearly Team with the saved card: the billing information is filled in, Pay works at once.
    await plans.getByText('Annually', { exact: true }).click();
    await plans.getByTestId('plan-button-3').click();
    const pay = checkout(page);
    await pay.waitFor();
    expect(await pay.getByRole('radio', { name: /Use the saved card: Visa •••• 4242/ }).isChecked()).toBe(
      true,
    );
    expect(await pay.getByLabel('Province').inputValue()).toBe('ON');
    expect(await pay.getByLabel('Postal').inputValue()).toBe('K1A 0B1');
    expect(await pay.getByTestId('card-form').count()).toBe(0);
    expect(await pay.getByTestId('pay-button').innerText()).toBe('Pay $468.00');
    await shotOpen(page, 'billing-30b-checkout-saved-card');
    await pay.getByRole('radio', { name: 'Use a different card' }).check();
    await pay.getByTestId('card-form').waitFor();
    expect(await pay.getByTestId('pay-button').isDisabled()).toBe(true);
    await pay.getByRole('radio', { name: /Use the saved card/ }).check();
    await pay.getByTestId('pay-button').click();
    const success = dialog(page, 'Successful Purchase');
    await success.waitFor();
    await success.getByRole('button', { name: 'Ok' }).click();
    expect(await page.getByTestId('plan-cost').innerText()).toBe('$468.00 per year');

    await page.getByTestId('plan-upgrade-button').click();
    await plans.waitFor();
    expect(await plans.getByRole('radio', { name: 'Annually' }).isChecked()).toBe(true);
    expect(await plans.getByTestId('plan-card-3').getAttribute('data-state')).toBe('stay');
    await plans.getByRole('button', { name: 'Downgrade' }).click();
    const confirm = page.getByRole('dialog', { name: 'Downgrade to Pro Plan' });
    await confirm.getByRole('button', { name: 'Downgrade' }).click();
    const scheduled = dialog(page, 'Downgrade Scheduled');
    await scheduled.waitFor();
    await scheduled.getByRole('button', { name: 'Ok' }).click();
    await page.getByTestId('pending-downgrade').waitFor();

    // Within 16 days of the period end the banner shows, until closed.
    await setSubscription(env.app, workspaceId, {
      billing_period_ends_at: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    await page.reload();
    const banner = page.getByTestId('banner-pendingDowngrade');
    await banner.waitFor();
    await shot(page, 'billing-31-pending-downgrade');
    await banner.getByRole('button', { name: 'Close banner' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('pending-downgrade').waitFor();
    expect(await banner.count()).toBe(0);

    // The Billing tab labels a Canadian address with Province and Postal; a card expires at the
    // end of its expiry month.
    await env.app.ctx.db
      .updateTable('payment_methods')
      .set({ exp_month: 1, exp_year: 2021 })
      .where('workspace_id', '=', workspaceId)
      .execute();
    await page.getByRole('tab', { name: 'Billing' }).click();
    expect(await page.getByTestId('card-expiry').innerText()).toMatch(/^Expired on 01\/21/);
    await page.getByTestId('billing-information').getByText('Province').waitFor();
    await page.getByTestId('billing-information').getByText('Postal').waitFor();
    await page.getByRole('tab', { name: 'Plan' }).click();

    await page.getByTestId('pending-downgrade').getByRole('button', { name: 'Restore Team' }).click();
    const restored = dialog(page, 'Plan Restored');
    await restored.waitFor();
    await restored.getByRole('button', { name: 'Ok' }).click();
    await page.getByTestId('pending-downgrade').waitFor({ state: 'detached' });

    // Suspended for downgrade: the owner's popup, the warning, 'Go to Billing' in the top bar.
    await setSubscription(env.app, workspaceId, { active: 0, downgrade_price_id: 201 });
    await page.goto('/projects');
    const popup = dialog(page, 'Workspace Suspended');
    await popup.waitFor();
    await shotOpen(page, 'billing-32-suspended-for-downgrade');
    await popup.getByRole('button', { name: 'Not now' }).click();
    await page.getByTestId('suspended-indicator').getByRole('button', { name: 'Go to Billing' }).click();
    await page.waitForURL(`**/user/workspaces/${workspaceId}/plan`);
    await page.getByTestId('downgrade-warning').waitFor();
    await shot(page, 'billing-33-suspended-plan-tab');
    await context.close();
  });

  it('refuses to remove a seat in use and points to the members tab; members see no billing button', async () => {
    const { context, page } = await newPage(env.browser, env.app);
    await signUpInSession(page, makeUser());
    const workspaceId = await teamWorkspaceViaApi(page);
    const seat = await page.request.post(`/api/v1/workspaces/${workspaceId}/add_ons`, {
      data: { add_on_price_id: 3201, quantity: 1 },
    });
    expect(seat.status()).toBe(200);
    // Five more members: with the owner, every one of the 5 + 1 seats is taken.
    const members = Array.from({ length: 5 }, (_, i) => makeUser({ name: `Member ${i + 1}` }));
    for (const member of members) {
      await signUpViaApi(env.app, member);
      const row = await env.app.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', member.email)
        .executeTakeFirstOrThrow();
      await env.app.ctx.db
        .insertInto('workspace_members')
        .values({
          workspace_id: workspaceId,
          user_id: row.id,
          role: 'admin',
          created_at: new Date().toISOString(),
        })
        .execute();
    }

    await page.goto(`/user/workspaces/${workspaceId}/plan`);
    await page.getByTestId('members-usage').getByText('of 6 seats taken').waitFor();

    // Six seats in use: the Pro Plan (one member) is greyed out with the limits tooltip.
    await page.getByTestId('plan-upgrade-button').click();
    const plans = planModal(page);
    await plans.waitFor();
    expect(await plans.getByTestId('plan-button-2').isDisabled()).toBe(true);
    await plans.getByTestId('plan-limits-2').hover();
    await page.getByText(PLAN_LIMITS_TOOLTIP).waitFor();
    await shotOpen(page, 'billing-39-plan-limits');
    await page.keyboard.press('Escape');
    await plans.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add Seats' }).click();
    const addOns = page.getByRole('dialog', { name: 'Add-ons' });
    await addOns.getByText('1 extra seat.').waitFor();
    expect(await addOns.getByTestId('add-on-price').innerText()).toBe('$10.00');
    await addOns.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove seat' });
    const remove = confirm.getByRole('button', { name: 'Remove' });
    expect(await remove.isDisabled()).toBe(true);
    await confirm.getByRole('checkbox').check();
    await remove.click();
    const inUse = dialog(page, 'Workspace seat in use');
    await inUse.waitFor();
    await shotOpen(page, 'billing-40-seat-in-use');
    await inUse.getByRole('button', { name: 'Go to Members' }).click();
    await page.waitForURL(`**/user/workspaces/${workspaceId}/members`);
    expect(await addOns.count()).toBe(0);

    // Suspended: the owner is offered 'Go to Billing', a member is not.
    await setSubscription(env.app, workspaceId, { active: 0 });
    await page.goto(`/user/workspaces/${workspaceId}/plan`);
    await page.getByTestId('suspended-indicator').getByRole('button', { name: 'Go to Billing' }).waitFor();
    const member = await newPage(env.browser, env.app);
    await logInInUi(member.page, members[0]!);
    await member.page.goto(`/user/workspaces/${workspaceId}/projects`);
    await member.page.getByTestId('workspace-title').waitFor();
    await member.page.waitForTimeout(300);
    expect(await member.page.getByTestId('suspended-indicator').count()).toBe(0);
    expect(await member.page.getByRole('button', { name: 'Go to Billing' }).count()).toBe(0);
    await shot(member.page, 'billing-41-member-suspended');
    await member.context.close();
    await context.close();
  });

  it('warns at 90 % of storage, refuses to remove storage in use, and shows the project limit banner', async () => {
    const { context, page } = await newPage(env.browser, env.app);
    await signUpInSession(page, makeUser());
    const workspaceId = await teamWorkspaceViaApi(page, 201);
    const storageAddOn = await page.request.post(`/api/v1/workspaces/${workspaceId}/add_ons`, {
      data: { add_on_price_id: 2101, quantity: 1 },
    });
    expect(storageAddOn.status()).toBe(200);
    // Assets arrive with a later issue: the workspace's projects and bytes are written here.
    const GB = 1024 ** 3;
    await useProjects(env.app.ctx, workspaceId, 10);
    await useStorage(env.app.ctx, workspaceId, 190 * GB);
    await page.goto(`/user/workspaces/${workspaceId}/plan`);
    const storage = page.getByTestId('storage-usage');
    await storage.getByText('of 200 GB used').waitFor();
    expect(await storage.getAttribute('data-error')).toBe('true');
    const banner = page.getByTestId('banner-projectLimit');
    await banner.getByText('has reached its limit of 10 projects').waitFor();
    await shot(page, 'billing-50-storage-and-project-limit');

    // Without the add-on 190 GB would not fit in 100 GB: 'Storage in use'.
    await page.getByRole('button', { name: 'Add Storage' }).click();
    const addOns = page.getByRole('dialog', { name: 'Add-ons' });
    await addOns.getByText('100 GB of extra storage (1 unit).').waitFor();
    await addOns.getByRole('button', { name: 'Remove' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove storage' });
    await confirm.getByRole('checkbox').check();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    const inUse = dialog(page, 'Storage in use');
    await inUse.waitFor();
    await shotOpen(page, 'billing-51-storage-in-use');
    await inUse.getByRole('button', { name: 'Ok' }).click();
    expect(await addOns.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await addOns.waitFor({ state: 'detached' });

    // The banner's Upgrade opens the plans; closed, it stays closed.
    await banner.getByRole('button', { name: 'Upgrade' }).click();
    await planModal(page).waitFor();
    await page.keyboard.press('Escape');
    await page.reload();
    await storage.waitFor();
    await page.waitForTimeout(300);
    expect(await banner.count()).toBe(0);
    await context.close();
  });

  it("opens a landing page's price (lp_price_id) straight in checkout", async () => {
    const { context, page } = await newPage(env.browser, env.app);
    await signUpInSession(page, makeUser());
    await page.goto('/user/workspaces/new?lp_price_id=302');
    const pay = checkout(page);
    await pay.waitFor();
    expect(await pay.getByTestId('pay-button').innerText()).toBe('Pay $468.00');
    await pay.getByRole('button', { name: 'Back' }).click();
    await pay.waitFor({ state: 'detached' });
    expect(await planModal(page).getByRole('radio', { name: 'Annually' }).isChecked()).toBe(true);
    // Pro with no workspace still starts a trial: the plans wait for the click.
    await page.goto('/user/workspaces/new?lp_price_id=201');
    await planModal(page).waitFor();
    expect(await planModal(page).getByRole('radio', { name: 'Monthly' }).isChecked()).toBe(true);
    expect(await checkout(page).count()).toBe(0);
    await context.close();
  });
});
