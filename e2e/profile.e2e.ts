import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EMAIL_TAKEN, PREFERENCES_SAVED, WRONG_OLD_PASSWORD } from '@common/api/errors';
import { gradientPng } from './fixtures';
import { newPage, shot, useAppAndBrowser } from './harness';
import {
  closeSnackbars,
  expectSnackbar,
  makeUser,
  signUpInSession,
  signUpInUi,
  signUpViaApi,
} from './journeys';

function saveButton(page: Page) {
  return page.getByTestId('profile-form').getByRole('button', { name: 'Save changes' });
}

describe('settings: profile, downloads and notifications', () => {
  const env = useAppAndBrowser();

  it('changes name and avatar, and refuses a taken e-mail', async () => {
    const user = makeUser();
    const other = makeUser({ name: 'Olga Other' });
    await signUpViaApi(env.app, other);
    const { context, page } = await newPage(env.browser, env.app);
    await signUpInUi(page, user);

    // Settings is reached from the profile menu.
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: /Settings/ }).click();
    await page.waitForURL('**/user/profile');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByRole('tab', { name: 'Profile', selected: true }).waitFor();
    expect(await saveButton(page).isDisabled()).toBe(true);
    await shot(page, 'profile-01-initial');

    const name = page.getByLabel('Name');
    await name.fill('D');
    await name.blur();
    await page.getByText('Name should be at least 2 characters long.').waitFor();
    expect(await saveButton(page).isDisabled()).toBe(true);
    await name.fill('');
    await page.getByText('Name must not be empty.').waitFor();
    await name.fill('Dana Q. Reviewer');
    expect(await saveButton(page).isEnabled()).toBe(true);

    // A file of the wrong type is refused before anything is sent.
    const fileInput = page.locator('input[type=file]');
    await fileInput.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await page.getByText('Avatar should be a valid file.').waitFor();
    expect(await saveButton(page).isDisabled()).toBe(true);

    await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: gradientPng() });
    await page.getByText('JPG, PNG or GIF, up to 5 MB.').waitFor();
    await shot(page, 'profile-02-edited');
    await saveButton(page).click();
    await expectSnackbar(page, PREFERENCES_SAVED);
    await expect.poll(() => saveButton(page).isDisabled()).toBe(true);
    await shot(page, 'profile-03-saved');

    // The new avatar is served by the API and shown in the top bar, the name in the menu.
    const topAvatar = page.getByTestId('profile-menu').locator('img');
    await topAvatar.waitFor();
    expect(await topAvatar.getAttribute('src')).toMatch(/^\/api\/v1\/users\/\d+\/avatar/);
    expect(await topAvatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menu').getByText('Dana Q. Reviewer').waitFor();
    await page.keyboard.press('Escape');
    await closeSnackbars(page);

    // A new e-mail asks for the current password before Save is possible.
    await page.getByLabel('Email').fill(other.email);
    const currentPassword = page.getByLabel('Current password');
    await currentPassword.waitFor();
    expect(await saveButton(page).isDisabled()).toBe(true);
    await currentPassword.fill('not my password');
    await saveButton(page).click();
    await page.getByText(WRONG_OLD_PASSWORD).waitFor();
    await shot(page, 'profile-04-wrong-current-password');

    // Someone else's e-mail: the spec's message under the field.
    await currentPassword.fill(user.password);
    await saveButton(page).click();
    await page.getByText(EMAIL_TAKEN).waitFor();
    await shot(page, 'profile-04-email-taken');

    // After a reload the saved profile is what the form shows.
    await page.reload();
    expect(await page.getByLabel('Name').inputValue()).toBe('Dana Q. Reviewer');
    expect(await page.getByLabel('Email').inputValue()).toBe(user.email);
    await context.close();
  });

  it('saves the download resolution and the notification preferences', async () => {
    const user = makeUser();
    const { context, page } = await newPage(env.browser, env.app);
    await signUpInSession(page, user);

    await page.goto('/user/profile');
    const lowRes = page.getByRole('radio', { name: /Low res image/ });
    await lowRes.click();
    await expectSnackbar(page, PREFERENCES_SAVED);
    await page.reload();
    expect(await page.getByRole('radio', { name: /Low res image/ }).isChecked()).toBe(true);

    await page.getByRole('tab', { name: 'Notifications' }).click();
    await page.waitForURL('**/user/profile/notifications');
    await page.getByTestId('notifications-form').waitFor();
    await shot(page, 'profile-05-notifications');
    const save = page.getByTestId('notifications-form').getByRole('button', { name: 'Save changes' });
    expect(await save.isDisabled()).toBe(true);

    const tasksByMail = page.getByRole('switch', { name: 'Tasks assigned to me: e-mail' });
    const wasOn = await tasksByMail.isChecked();
    await tasksByMail.click({ force: true });
    await page.getByRole('combobox', { name: 'E-mail me' }).click();
    await page.getByRole('option', { name: 'Every 15 minutes' }).click();
    await save.click();
    await expectSnackbar(page, PREFERENCES_SAVED);
    await shot(page, 'profile-06-notifications-saved');

    await page.reload();
    await page.getByTestId('notifications-form').waitFor();
    expect(await page.getByRole('switch', { name: 'Tasks assigned to me: e-mail' }).isChecked()).toBe(!wasOn);
    expect(await page.getByRole('combobox', { name: 'E-mail me' }).inputValue()).toBe('Every 15 minutes');
    await context.close();
  });
});
