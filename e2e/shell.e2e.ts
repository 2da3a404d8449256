import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, shot, startApp, useAppAndBrowser } from './harness';
import { makeUser, signUpViaApi, submitLogin } from './journeys';
import { createFolder, createProject, trialWorkspace } from './projectJourneys';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const MOBILE_NOTICE = 'Proofroom is currently available on desktop. Mobile is coming soon!';

describe('navigation shell', () => {
  const env = useAppAndBrowser();

  it('sends a signed-out visitor to /login and back to the page after logging in', async () => {
    const user = makeUser();
    await signUpViaApi(env.app, user);
    const { context, page } = await newPage(env.browser, env.app);

    await page.goto('/user/profile/security');
    await page.waitForURL('**/login?from=%2Fuser%2Fprofile%2Fsecurity');
    await shot(page, 'shell-01-login-remembers');
    await submitLogin(page, user.email, user.password);
    await page.waitForURL('**/user/profile/security');
    await page.getByRole('tab', { name: 'Security', selected: true }).waitFor();

    // A signed-in user on a login-type page goes back where it points, or to /projects.
    await page.goto('/login?from=%2Fuser%2Fprofile%2Fnotifications');
    await page.waitForURL('**/user/profile/notifications');
    await page.goto('/signup');
    await page.waitForURL('**/projects');
    await page.goto('/login?from=https%3A%2F%2Fevil.example%2F');
    await page.waitForURL('**/projects');

    // /user opens the profile; an unknown section falls back to the Profile tab.
    await page.goto('/user');
    await page.waitForURL('**/user/profile');
    await page.goto('/user/profile/billing');
    await page.waitForURL('**/user/profile');
    await page.getByRole('tab', { name: 'Profile', selected: true }).waitFor();
    await context.close();
  });

  it('forgets the user and remembers the page when the session ends (any 401)', async () => {
    const user = makeUser();
    await signUpViaApi(env.app, user);
    const { context, page } = await newPage(env.browser, env.app);
    await page.goto('/login');
    await submitLogin(page, user.email, user.password);
    await page.waitForURL('**/projects');

    await page.goto('/user/profile/notifications');
    await page.getByTestId('notifications-form').waitFor();
    await context.clearCookies();
    await page.getByRole('switch', { name: 'New comments: e-mail' }).click({ force: true });
    await page.getByTestId('notifications-form').getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL('**/login?from=%2Fuser%2Fprofile%2Fnotifications');
    await submitLogin(page, user.email, user.password);
    await page.waitForURL('**/user/profile/notifications');
    await context.close();
  });

  it('shows the trail in the top bar; the second-to-last level replaces the location without history', async () => {
    const user = makeUser();
    await signUpViaApi(env.app, user);
    const { context, page } = await newPage(env.browser, env.app);
    await page.goto('/login');
    await submitLogin(page, user.email, user.password);
    await page.waitForURL('**/projects');

    await page.goto('/user/workspaces/new');
    // 'Create my Workspace' opens the plans at once (billing.e2e.ts goes on from there).
    await page.getByTestId('create-workspace').waitFor();
    await page.getByRole('dialog', { name: 'Change Workspace Plan' }).waitFor();

    const workspace = await trialWorkspace(page);
    const project = await createProject(page, workspace.id, { name: 'Trail Test' });
    const folder = await createFolder(page, project.id, 'Selects');
    await page.goto('/projects');
    await page.goto(`/projects/${project.id}/folders/${folder.id}`);
    const trail = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await trail.getByText('Selects').waitFor();
    expect(await trail.getByText('Selects').getAttribute('aria-current')).toBe('page');
    await shot(page, 'shell-02-folder-breadcrumbs');
    await trail.getByRole('button', { name: 'Trail Test' }).click();
    await page.waitForURL(`**/projects/${project.id}`);
    await trail.locator('[aria-current=page]', { hasText: 'Trail Test' }).waitFor();
    // The folder page was replaced, not stacked: going back leaves the project pages.
    await page.goBack();
    await page.waitForURL('**/projects');
    await page.goForward();
    await page.waitForURL(`**/projects/${project.id}`);

    // ?mode=list is the list view; the toggle keeps it in the URL.
    await page.locator('label', { hasText: 'List view' }).click();
    await page.waitForURL(`**/projects/${project.id}?mode=list`);
    await shot(page, 'shell-03-project-list-mode');

    await page.goto('/projects/12/assets/7');
    await trail.getByText('Asset 7').waitFor();
    await page.goto('/nowhere');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });

  it('opens shared views to anonymous visitors without the home icon', async () => {
    // A link that does not exist: the shared layout still, without the home icon (the shared
    // asset journey walks a real link and its crumbs).
    const { context, page } = await newPage(env.browser, env.app);
    await page.goto('/projects/shared_view/abcdef/assets/5');
    await page.getByTestId('shared-not-found').getByText('Link not available').waitFor();
    const trail = page.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(await trail.getByRole('link', { name: 'All projects' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Register' }).waitFor();
    await shot(page, 'shell-05-shared-asset');
    await context.close();
  });

  it('blocks signed-in phones outside the responsive pages, and asks to rotate on them', async () => {
    const user = makeUser();
    await signUpViaApi(env.app, user);
    const phone = {
      viewport: { width: 390, height: 844 },
      userAgent: IPHONE_UA,
      isMobile: true,
      hasTouch: true,
    };
    const { context, page } = await newPage(env.browser, env.app, phone);

    await page.goto('/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await shot(page, 'shell-06-phone-login');
    await submitLogin(page, user.email, user.password);
    await page.getByText(MOBILE_NOTICE).waitFor();
    await shot(page, 'shell-07-phone-blocked');

    await page.goto('/workspaces/invitations/xyz');
    await page.getByRole('heading', { name: 'This invitation is no longer valid' }).waitFor();

    await page.setViewportSize({ width: 844, height: 390 });
    await page.getByRole('heading', { name: 'Please, rotate your device' }).waitFor();
    await shot(page, 'shell-08-phone-rotate');
    await context.close();
  });

  it('tells a phone user who just signed up to sign in on desktop', async () => {
    const user = makeUser();
    const phone = {
      viewport: { width: 390, height: 844 },
      userAgent: IPHONE_UA,
      isMobile: true,
      hasTouch: true,
    };
    const { context, page } = await newPage(env.browser, env.app, phone);
    await page.goto('/signup');
    await page.getByLabel('Name').fill(user.name);
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Your account is ready' }).waitFor();
    await page.getByText(/Sign in on a desktop computer/).waitFor();
    await shot(page, 'shell-10-phone-signed-up');
    await context.close();
  });
});

describe('maintenance', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('can be closed outside production', async () => {
    const app = await startApp({ MAINTENANCE: 'true' });
    try {
      const { context, page } = await newPage(browser, app);
      await page.goto('/login');
      await page.getByTestId('maintenance-screen').waitFor();
      await shot(page, 'shell-09-maintenance');
      await page.getByRole('button', { name: 'Continue anyway' }).click();
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      await context.close();
    } finally {
      await app.close();
    }
  });

  it('cannot be closed in production', async () => {
    const app = await startApp({ MAINTENANCE: 'true', NODE_ENV: 'production', DEV_OUTBOX: 'false' });
    try {
      const { context, page } = await newPage(browser, app);
      await page.goto('/login');
      await page.getByTestId('maintenance-screen').waitFor();
      expect(await page.getByRole('button', { name: 'Continue anyway' }).count()).toBe(0);
      await context.close();
    } finally {
      await app.close();
    }
  });
});
