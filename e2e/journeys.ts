import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { E2eApp } from './harness';

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

let counter = 0;

/** A user no other journey uses. */
export function makeUser(overrides: Partial<TestUser> = {}): TestUser {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    name: `Dana Reviewer`,
    email: `dana.${tag}@example.com`,
    password: 'correct horse 42',
    ...overrides,
  };
}

const SNACKBAR = '.mantine-Notification-root';

/** The text of the page's visible snackbars. */
export async function snackbarTexts(page: Page): Promise<string> {
  return (await page.locator(SNACKBAR).allInnerTexts()).join('\n');
}

/**
 * Controls no snackbar may ever cover, wherever a journey shows one: the selection bars ('N
 * selected') and the viewer's zoom controls and pages (issue 22), as the page header's actions
 * (issue 8, `expectSnackbarClearOf`).
 */
const KEEP_CLEAR = [
  '[data-testid=asset-selection-bar]',
  '[data-testid=selection-bar]',
  '[data-testid=zoom-controls]',
  '[data-testid=document-pager]',
];

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Each control on screen that a snackbar on screen covers, as 'control under "snackbar"'. */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(
    ([snackbar, controls]) => {
      const drawn = (selector: string) =>
        Array.from(document.querySelectorAll<HTMLElement>(selector)).filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.height > 0;
        });
      const covered: string[] = [];
      for (const note of drawn(snackbar)) {
        const a = note.getBoundingClientRect();
        for (const selector of controls)
          for (const control of drawn(selector)) {
            const b = control.getBoundingClientRect();
            if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
              covered.push(`${selector} under "${note.innerText.split('\n')[0]}"`);
          }
      }
      return covered;
    },
    [SNACKBAR, KEEP_CLEAR] as const,
  );
}

/** No snackbar on screen covers a selection bar or the viewer's controls (KEEP_CLEAR). */
export async function expectSnackbarsClear(page: Page): Promise<void> {
  await expect.poll(() => coveredControls(page), { timeout: 2_000 }).toEqual([]);
}

/** The snackbar on screen covers none of these controls. */
export async function expectSnackbarClearOf(page: Page, controls: Locator[]): Promise<void> {
  const snackbar = await page.locator(SNACKBAR).first().boundingBox();
  expect(snackbar).not.toBeNull();
  for (const control of controls) {
    const box = await control.boundingBox();
    expect(box, `${control.toString()} is on screen`).not.toBeNull();
    expect(overlaps(snackbar!, box!), `the snackbar covers ${control.toString()}`).toBe(false);
  }
}

/** The snackbar shows, and (every journey, every time) it covers no control it must keep clear of. */
export async function expectSnackbar(page: Page, text: string): Promise<void> {
  await page.locator(SNACKBAR, { hasText: text }).first().waitFor();
  await expectSnackbarsClear(page);
}

export async function closeSnackbars(page: Page): Promise<void> {
  const snackbars = page.locator(SNACKBAR);
  // One at a time from the top: the rest move up as each closes. A closed one stays in the page
  // for a moment: wait until it is gone, or the next click lands on it as it is removed and waits
  // its whole timeout for a button that no longer exists. One may also close itself meanwhile.
  for (let tries = 0; tries < 10; tries++) {
    const open = await snackbars.count();
    if (open === 0) return;
    await snackbars
      .first()
      .locator('button')
      .click({ timeout: 2_000 })
      .catch(() => undefined);
    await page
      .waitForFunction(
        ([selector, before]) => document.querySelectorAll(selector).length < before,
        [SNACKBAR, open] as const,
        { timeout: 2_000 },
      )
      .catch(() => undefined);
  }
}

export async function signUpInUi(page: Page, user: TestUser): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/projects');
}

/** Fills the login form; the caller waits for what should follow. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function logInInUi(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, user.email, user.password);
  await page.waitForURL('**/projects');
}

export async function logOutInUi(page: Page): Promise<void> {
  await page.getByTestId('profile-menu').click();
  await page.getByRole('menuitem', { name: /Logout/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Are you sure you want to log out?').waitFor();
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
}

/** Signs a user up through the API (no browser session): for journeys that need a second account. */
export async function signUpViaApi(app: E2eApp, user: TestUser): Promise<void> {
  const response = await fetch(`${app.baseUrl}/api/v1/users/sign_up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user }),
  });
  expect(response.status).toBe(201);
}

/**
 * Signs a user up through the API with the browser context's cookies, so its pages are signed in:
 * for journeys about something else, which open their first page themselves. The form is driven
 * by the sign-up journeys (auth) and by those that go on from the page it lands on.
 */
export async function signUpInSession(session: Pick<Page, 'request'>, user: TestUser): Promise<void> {
  const response = await session.request.post('/api/v1/users/sign_up', { data: { user } });
  expect(response.status()).toBe(201);
}

/** The newest e-mail to `to` whose subject matches, waiting for it to arrive. */
export async function waitForMail(app: E2eApp, to: string, subject: RegExp, after = 0) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const mail = (await app.outbox()).find(
      (m) => m.to.includes(to) && subject.test(m.subject) && m.id > after,
    );
    if (mail) return mail;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`No e-mail to ${to} matching ${String(subject)}`);
}

export async function lastMailId(app: E2eApp): Promise<number> {
  return (await app.outbox())[0]?.id ?? 0;
}

export function sixDigitCode(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`No 6-digit code in: ${text}`);
  return code;
}

/**
 * Drags with the mouse in small steps, as a hand would: `nudge` starts the drag, then the pointer
 * travels to `to`. It lets go once the sortable list has made room (the target has moved): let go
 * before that render, the list has no target yet and nothing moves.
 */
export async function dragInSteps(
  page: Page,
  from: { x: number; y: number },
  nudge: { x: number; y: number },
  to: { x: number; y: number },
  target: Locator,
): Promise<void> {
  const start = await target.boundingBox();
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + nudge.x, from.y + nudge.y, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 16 });
  await expect
    .poll(async () => {
      const now = await target.boundingBox();
      return now?.x !== start?.x || now?.y !== start?.y;
    })
    .toBe(true);
  await page.mouse.up();
}
