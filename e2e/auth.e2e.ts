import { describe, expect, it } from 'vitest';
import { EMAIL_TAKEN, INVALID_CREDENTIALS } from '@common/api/errors';
import { newPage, shot, useAppAndBrowser } from './harness';
import { logOutInUi, makeUser, signUpViaApi, submitLogin } from './journeys';

describe('sign up, log out, log in', () => {
  const env = useAppAndBrowser();

  it('signs up, lands on the projects page, logs out and logs back in', async () => {
    const user = makeUser();
    const { context, page } = await newPage(env.browser, env.app);

    await page.goto('/');
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await shot(page, 'auth-01-login');

    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/signup');
    await page.getByLabel('Name').fill(user.name);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await shot(page, 'auth-02-signup-filled');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL('**/projects');
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    await page.getByTestId('projects-empty').waitFor();
    await shot(page, 'auth-03-projects-empty');

    await page.getByTestId('profile-menu').click();
    const menu = page.getByRole('menu');
    await menu.getByText(user.email).waitFor();
    expect(await menu.innerText()).toContain('My account, Workspaces & Billing');
    await shot(page, 'auth-04-profile-menu');
    await page.keyboard.press('Escape');

    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: /Logout/ }).click();
    await page.getByRole('dialog').getByText('Are you sure you want to log out?').waitFor();
    await shot(page, 'auth-05-logout-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');

    // Signed out for real: the projects page sends us back to /login.
    await page.goto('/projects');
    await page.waitForURL('**/login');

    await submitLogin(page, user.email, user.password);
    await page.waitForURL('**/projects');
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    await context.close();
  });

  it('cancelling the logout confirmation keeps the user signed in', async () => {
    const user = makeUser();
    await signUpViaApi(env.app, user);
    const { context, page } = await newPage(env.browser, env.app);
    await page.goto('/login');
    await submitLogin(page, user.email, user.password);
    await page.waitForURL('**/projects');
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: /Logout/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/projects');
    await logOutInUi(page);
    await context.close();
  });

  it('shows the error paths in the forms', async () => {
    const existing = makeUser();
    await signUpViaApi(env.app, existing);
    const { context, page } = await newPage(env.browser, env.app);

    await page.goto('/login');
    await submitLogin(page, existing.email, 'not the password');
    await page.getByTestId('form-error').getByText(INVALID_CREDENTIALS).waitFor();
    await shot(page, 'auth-06-login-wrong-password');

    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Email must not be empty.').waitFor();
    await page.getByText('Password must not be empty.').waitFor();

    await page.goto('/signup');
    await page.getByLabel('Name').fill('D');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Name should be at least 2 characters long.').waitFor();
    await page.getByText('Email is invalid.').waitFor();
    await page.getByText('Password should be at least 8 characters long.').waitFor();
    await shot(page, 'auth-07-signup-too-short');

    await page.getByLabel('Name').fill('Dana Again');
    await page.getByLabel('Email').fill(existing.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(EMAIL_TAKEN).waitFor();
    expect(new URL(page.url()).pathname).toBe('/signup');
    await shot(page, 'auth-08-signup-email-taken');
    await context.close();
  });

  it('keeps the invitation through sign-up and log-in links', async () => {
    const { context, page } = await newPage(env.browser, env.app);
    await page.goto('/projects/invitations/abc123?em=invitee@example.com');
    await page.getByRole('heading', { name: 'This invitation is no longer valid' }).waitFor();
    await shot(page, 'auth-09-invitation-invalid');
    await page.goto('/signup?ih=abc123&type=project&em=invitee%40example.com');
    const signup = new URL(page.url());
    expect(signup.searchParams.get('ih')).toBe('abc123');
    expect(await page.getByLabel('Email').inputValue()).toBe('invitee@example.com');
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL('**/login?**');
    const login = new URL(page.url());
    expect(login.pathname).toBe('/login');
    expect(login.searchParams.get('ih')).toBe('abc123');
    expect(login.searchParams.get('type')).toBe('project');
    await context.close();
  });
});
