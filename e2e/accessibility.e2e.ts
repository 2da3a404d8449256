import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PROJECT_TEXTS } from '@common/api/projects';
import { newPage, shot, useAppAndBrowser } from './harness';
import { makeUser, signUpInSession } from './journeys';
import { createProject, trialWorkspace } from './projectJourneys';

// Every screenshot (shot) also runs axe-core: these journeys add what axe cannot see, the keyboard.
const env = useAppAndBrowser();

async function ownerWithProject(name: string) {
  const { context, page } = await newPage(env.browser, env.app);
  await signUpInSession(page, makeUser({ name: 'Ada Access' }));
  const workspace = await trialWorkspace(page);
  const project = await createProject(page, workspace.id, { name });
  return { context, page, project };
}

const hasFocus = (control: Locator) => control.evaluate((element) => element === document.activeElement);

/** Escape closes the dialog, and focus is back on the control that opened it. */
async function escapeReturnsFocusTo(page: Page, dialog: Locator, opener: Locator) {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => hasFocus(opener)).toBe(true);
}

describe('keyboard', () => {
  it('gives focus back to the button that opened a dialog, and to a menu’s button for a menu item', async () => {
    const { context, page, project } = await ownerWithProject('Autumn Lookbook');

    // The project page's Share button, pressed with the keyboard.
    await page.goto(`/projects/${project.id}`);
    const share = page.getByRole('button', { name: 'Share', exact: true });
    await share.focus();
    await page.keyboard.press('Enter');
    const shareDialog = page.getByRole('dialog', { name: PROJECT_TEXTS.shareTitle });
    await shareDialog.getByTestId('share-project').waitFor();
    await shot(page, 'a11y-share-modal-from-keyboard');
    await escapeReturnsFocusTo(page, shareDialog, share);

    // The project list: the card's actions menu, its 'Invite Collaborators' item, Escape. The item
    // is gone with its menu: focus goes back to the menu's button.
    await page.goto('/projects');
    const actions = page.getByRole('button', { name: 'Actions for Autumn Lookbook' });
    await actions.focus();
    await page.keyboard.press('Enter');
    const invite = page.getByRole('menuitem', { name: 'Invite Collaborators' });
    await invite.waitFor();
    await invite.focus();
    await page.keyboard.press('Enter');
    const inviteDialog = page.getByRole('dialog', { name: 'Invite to Project' });
    await inviteDialog.waitFor();
    await escapeReturnsFocusTo(page, inviteDialog, actions);
    await context.close();
  });

  it('moves through the ‘Where are you starting?’ radio group with the arrow keys', async () => {
    const { context, page } = await ownerWithProject('Winter Sale');
    await page.goto('/projects');
    await page.getByRole('button', { name: 'New Project' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Project' });
    const group = form.getByRole('radiogroup', { name: 'Where are you starting?' });
    const unretouched = group.getByRole('radio', { name: /^Unretouched Images/ });
    const retouched = group.getByRole('radio', { name: /^Retouched Images/ });
    await unretouched.waitFor();
    expect(await unretouched.getAttribute('aria-checked')).toBe('true');
    // One tab stop: the chosen radio.
    expect(await unretouched.getAttribute('tabindex')).toBe('0');
    expect(await retouched.getAttribute('tabindex')).toBe('-1');
    await shot(page, 'a11y-create-project-radios');

    await unretouched.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => retouched.getAttribute('aria-checked')).toBe('true');
    expect(await hasFocus(retouched)).toBe(true);
    expect(await unretouched.getAttribute('aria-checked')).toBe('false');
    expect(await retouched.getAttribute('tabindex')).toBe('0');
    expect(await unretouched.getAttribute('tabindex')).toBe('-1');

    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => unretouched.getAttribute('aria-checked')).toBe('true');
    expect(await hasFocus(unretouched)).toBe(true);
    await context.close();
  });
});
