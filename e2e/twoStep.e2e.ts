import { describe, expect, it } from 'vitest';
import { INVALID_CODE, WRONG_OLD_PASSWORD } from '@common/api/errors';
import { newPage, shot, useAppAndBrowser } from './harness';
import {
  closeSnackbars,
  expectSnackbar,
  lastMailId,
  logOutInUi,
  makeUser,
  signUpInSession,
  sixDigitCode,
  submitLogin,
  waitForMail,
} from './journeys';

const CODE_SUBJECT = /verification code/i;

describe('two-step verification', () => {
  const env = useAppAndBrowser();

  it('turns two-step on, then logs in with the e-mailed code', async () => {
    const user = makeUser();
    const { context, page } = await newPage(env.browser, env.app);
    await signUpInSession(page, user);

    await page.goto('/user/profile/security');
    const toggle = page.getByRole('switch', { name: 'Two-step verification' });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click({ force: true });
    await expectSnackbar(page, 'Two-step verification activated');
    await shot(page, 'twostep-01-activated');
    expect(await toggle.isChecked()).toBe(true);
    await closeSnackbars(page);

    await logOutInUi(page);
    const before = await lastMailId(env.app);
    await submitLogin(page, user.email, user.password);
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    const first = await waitForMail(env.app, user.email, CODE_SUBJECT, before);
    // The code boxes come with their own script, loaded once the step is reached.
    await page.getByRole('textbox').first().waitFor();
    await shot(page, 'twostep-02-code-step');

    // A wrong code is refused with the catalogue's message and the step stays.
    const wrong = sixDigitCode(first.text) === '000000' ? '111111' : '000000';
    await page.getByRole('textbox').first().click();
    await page.keyboard.type(wrong);
    await page.getByTestId('form-error').getByText(INVALID_CODE).waitFor();
    await shot(page, 'twostep-03-wrong-code');

    // 'Resend code' e-mails a fresh one.
    await page.getByRole('button', { name: 'Resend code' }).click();
    await expectSnackbar(page, 'Code resent');
    const resent = await waitForMail(env.app, user.email, CODE_SUBJECT, first.id);

    // The code is read from the outbox page, as a local user would.
    const outbox = await context.newPage();
    await outbox.goto('/dev/outbox');
    await outbox.getByTestId('outbox-mail').first().waitFor();
    await shot(outbox, 'twostep-04-outbox');
    const newestBody = await outbox.getByTestId('outbox-body').first().innerText();
    const code = sixDigitCode(newestBody);
    expect(code).toBe(sixDigitCode(resent.text));
    await outbox.close();

    // After a refused code the boxes start empty again.
    expect(await page.getByRole('textbox').first().inputValue()).toBe('');
    await page.getByRole('textbox').first().click();
    await page.keyboard.type(code);
    await page.waitForURL('**/projects');
    await page.getByRole('heading', { name: 'Projects' }).waitFor();

    // Off again, which asks for the password: a wrong one is refused in the dialog.
    await page.goto('/user/profile/security');
    await page.getByRole('switch', { name: 'Two-step verification' }).click({ force: true });
    const dialog = page.getByRole('dialog', { name: 'Turn off two-step verification?' });
    await dialog.getByLabel('Current password').fill('a wrong password');
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await dialog.getByText(WRONG_OLD_PASSWORD).waitFor();
    await shot(page, 'twostep-05-confirm-off');
    expect(await page.getByRole('switch', { name: 'Two-step verification' }).isChecked()).toBe(true);
    await dialog.getByLabel('Current password').fill(user.password);
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expectSnackbar(page, 'Two-step verification deactivated');
    await dialog.waitFor({ state: 'hidden' });
    await shot(page, 'twostep-06-deactivated');
    await context.close();
  });
});
