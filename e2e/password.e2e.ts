import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { INVALID_CREDENTIALS, INVALID_RESET_TOKEN, WRONG_OLD_PASSWORD } from '@common/api/errors';
import { newPage, shot, useAppAndBrowser } from './harness';
import {
  expectSnackbar,
  lastMailId,
  logOutInUi,
  makeUser,
  signUpInSession,
  signUpViaApi,
  submitLogin,
  waitForMail,
} from './journeys';

function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

describe('passwords', () => {
  const env = useAppAndBrowser();

  it('changes the password in Security, with its error messages', async () => {
    const user = makeUser();
    const { context, page } = await newPage(env.browser, env.app);
    await signUpInSession(page, user);
    await page.goto('/user/profile/security');
    const form = page.getByTestId('change-password');
    const submit = form.getByRole('button', { name: 'Update password' });

    await field(page, 'Old password').fill('short');
    await field(page, 'New password').fill('tiny');
    await field(page, 'Confirm new password').fill('other');
    await submit.click();
    await form.getByText('Old password should be at least 8 characters long.').waitFor();
    await form.getByText('New password should be at least 8 characters long.').waitFor();
    await form.getByText("Passwords don't match. Try Again").waitFor();
    await shot(page, 'password-01-too-short');

    await field(page, 'Old password').fill('wrong old password');
    await field(page, 'New password').fill('a brand new secret');
    await field(page, 'Confirm new password').fill('a brand new secret');
    await submit.click();
    await form.getByText(WRONG_OLD_PASSWORD).waitFor();
    await shot(page, 'password-02-wrong-old');

    await field(page, 'Old password').fill(user.password);
    await submit.click();
    await expectSnackbar(page, 'Password updated');
    expect(await field(page, 'Old password').inputValue()).toBe('');

    await logOutInUi(page);
    await submitLogin(page, user.email, user.password);
    await page.getByText(INVALID_CREDENTIALS).waitFor();
    await submitLogin(page, user.email, 'a brand new secret');
    await page.waitForURL('**/projects');
    await context.close();
  });

  it('resets a forgotten password with the link from the outbox', async () => {
    const user = makeUser();
    await signUpViaApi(env.app, user);
    const { context, page } = await newPage(env.browser, env.app);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Email must not be empty.').waitFor();
    const before = await lastMailId(env.app);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByTestId('forgot-sent').waitFor();
    await shot(page, 'password-03-forgot-sent');
    const mail = await waitForMail(env.app, user.email, /reset/i, before);

    // Follow the link from the outbox page, as a local user would.
    await page.goto('/dev/outbox');
    const card = page.getByTestId('outbox-mail').filter({ hasText: mail.subject }).first();
    await card.getByRole('link', { name: /reset-password/ }).click();
    await page.waitForURL('**/reset-password?reset_password_token=*');
    const resetUrl = page.url();
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();

    await field(page, 'New password').fill('short');
    await field(page, 'Confirm new password').fill('different');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Password should be at least 8 characters long.').waitFor();
    await page.getByText("Passwords don't match. Try Again").waitFor();
    await shot(page, 'password-04-reset-errors');

    await field(page, 'New password').fill('reset and remembered');
    await field(page, 'Confirm new password').fill('reset and remembered');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL('**/projects');
    await expectSnackbar(page, 'Password changed');
    await shot(page, 'password-05-reset-done');

    await logOutInUi(page);
    await submitLogin(page, user.email, 'reset and remembered');
    await page.waitForURL('**/projects');
    await logOutInUi(page);

    // The link works once.
    await page.goto(resetUrl);
    await field(page, 'New password').fill('yet another password');
    await field(page, 'Confirm new password').fill('yet another password');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByTestId('form-error').getByText(INVALID_RESET_TOKEN).waitFor();
    await shot(page, 'password-06-link-used');

    await page.goto('/reset-password');
    await page.getByRole('heading', { name: 'This link is incomplete' }).waitFor();
    await context.close();
  });
});
