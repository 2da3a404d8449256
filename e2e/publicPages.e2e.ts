import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, shot, useAppAndBrowser } from './harness';
import { makeUser, signUpViaApi, submitLogin } from './journeys';

/**
 * The pages a signed-out visitor opens log nothing in the console (Lighthouse counts each error,
 * a failed request included), and /robots.txt keeps search engines off an app whose pages are all
 * private.
 */
describe('public pages', () => {
  const env = useAppAndBrowser();

  /** Console errors, uncaught exceptions and failed requests of the page from now on. */
  function problemsOf(page: Page): string[] {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    return problems;
  }

  it('opens /login, /signup and /forgot with nothing in the console', async () => {
    const { context, page } = await newPage(env.browser, env.app);
    const problems = problemsOf(page);
    for (const [path, heading] of [
      ['/login', 'Welcome back'],
      ['/signup', 'Create your account'],
      ['/forgot', 'Reset your password'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('checks the login form with the schema it loads after the first paint, then logs in', async () => {
    const user = makeUser();
    await signUpViaApi(env.app, user);
    const { context, page } = await newPage(env.browser, env.app);
    const problems = problemsOf(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Email must not be empty.').waitFor();
    await page.getByText('Password must not be empty.').waitFor();
    await shot(page, 'public-01-login-checked');
    await submitLogin(page, user.email, user.password);
    await page.waitForURL('**/projects');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('serves /robots.txt that keeps every crawler off every page', async () => {
    const answer = await fetch(`${env.app.baseUrl}/robots.txt`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await answer.text()).split('\n').filter((line) => line && !line.startsWith('#'));
    expect(lines).toEqual(['User-agent: *', 'Disallow: /']);
  });
});
