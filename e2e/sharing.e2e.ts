import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PROJECT_TEXTS } from '@common/api/projects';
import { newPage, shot, useAppAndBrowser } from './harness';
import { closeSnackbars, expectSnackbar, makeUser, signUpInSession } from './journeys';
import { call, createFolder, createProject, trialWorkspace } from './projectJourneys';

const env = useAppAndBrowser();

/** An owner with a project of two folders, on the project page. */
async function ownerWithFolders(name: string) {
  const { context, page } = await newPage(env.browser, env.app);
  await signUpInSession(page, makeUser({ name: 'Olga Owner' }));
  const workspace = await trialWorkspace(page);
  const project = await createProject(page, workspace.id, { name, client_name: 'Acme Studio' });
  await createFolder(page, project.id, 'Hero shots');
  await createFolder(page, project.id, 'Detail crops');
  await page.goto(`/projects/${project.id}`);
  await page.getByTestId('folder-card').first().waitFor();
  return { context, page, project };
}

async function openShare(page: Page) {
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  return page.getByRole('dialog', { name: PROJECT_TEXTS.shareTitle });
}

/** A browser profile with no session: what anyone holding the link sees. */
async function anonymous() {
  return newPage(env.browser, env.app);
}

describe('public links', () => {
  it('creates a link, opens it without a session, allows downloads, revokes it', async () => {
    const { context, page } = await ownerWithFolders('Summer Catalogue');
    const modal = await openShare(page);
    // Downloads are off until chosen; the warning shows once they are on.
    const downloads = modal.getByRole('switch', { name: 'Allow downloads' });
    expect(await downloads.isChecked()).toBe(false);
    expect(await modal.getByTestId('share-warning').count()).toBe(0);
    // The team's comments stay with the team until 'Show comments' is turned on.
    const comments = modal.getByRole('switch', { name: 'Show comments' });
    expect(await comments.isChecked()).toBe(false);
    await shot(page, 'share-modal');
    await modal.getByRole('button', { name: 'Create Link' }).click();
    await expectSnackbar(page, PROJECT_TEXTS.shareCreated);
    const link = await modal.getByTestId('share-link').inputValue();
    expect(link).toMatch(/\/projects\/shared_view\/[A-Za-z0-9_-]{22,}$/);
    await closeSnackbars(page);

    // A fresh profile without a session sees the project and its folders, and the shared bar.
    const visitor = await anonymous();
    await visitor.page.goto(link);
    await visitor.page.getByTestId('shared-title').getByText('Summer Catalogue').waitFor();
    await visitor.page.getByText('View only').waitFor();
    expect(await visitor.page.getByTestId('folder-card').count()).toBe(2);
    const trail = visitor.page.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(await trail.getByRole('link', { name: 'All projects' }).count()).toBe(0);
    await visitor.page.getByRole('link', { name: 'Register' }).waitFor();
    await visitor.page.getByRole('link', { name: 'Login' }).waitFor();
    await shot(visitor.page, 'shared-view');
    await visitor.page
      .getByTestId('folder-card')
      .filter({ hasText: 'Hero shots' })
      .getByTestId('folder-name')
      .click();
    await visitor.page.getByTestId('shared-folder').getByText('Hero shots').waitFor();
    await trail.getByRole('button', { name: 'Summer Catalogue' }).click();
    await visitor.page.waitForURL(`**${new URL(link).pathname}`);

    // Downloads and comments on: the warning, and the viewer sees the link allows downloads.
    await downloads.click({ force: true });
    await modal.getByTestId('share-warning').getByText(PROJECT_TEXTS.shareDownloadWarning).waitFor();
    await comments.click({ force: true });
    expect(await comments.isChecked()).toBe(true);
    await shot(page, 'share-modal-downloadable');
    await modal.getByRole('button', { name: 'Save Changes' }).click();
    await expectSnackbar(page, 'The public link was updated.');
    const saved = await call<{ share_show_comments: boolean; share_hash_downloadable: boolean }>(
      page,
      'GET',
      `/projects/${new URL(page.url()).pathname.split('/')[2]}`,
    );
    expect([saved.share_hash_downloadable, saved.share_show_comments]).toEqual([true, true]);
    // The dialog reads the switch back from the saved link; nothing is left to save.
    expect(await comments.isChecked()).toBe(true);
    expect(await modal.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
    await visitor.page.reload();
    await visitor.page.getByText('Downloads allowed').waitFor();
    await visitor.page.getByTestId('shared-download-all').waitFor();

    // Revoked: the link opens a clear page, not the project.
    await modal.getByRole('button', { name: 'Revoke Link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke Public Link' });
    await confirm.getByRole('checkbox').check();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expectSnackbar(page, PROJECT_TEXTS.shareRevoked);
    await modal.getByRole('button', { name: 'Create Link' }).waitFor();
    await visitor.page.reload();
    await visitor.page.getByTestId('shared-not-found').getByText(PROJECT_TEXTS.shareNotFound).waitFor();
    expect(visitor.page.url()).toBe(link);
    await shot(visitor.page, 'shared-view-not-found');

    // Activity records the link's life.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Activity' }).click();
    const activity = page.getByTestId('activity-panel');
    await activity.getByText('Olga Owner revoked the public link.').waitFor();
    // Made once, its settings changed once: 'shared a public link' is said once.
    await activity.getByText('Olga Owner changed the settings of the public link.').waitFor();
    expect(await activity.getByText('Olga Owner shared a public link.').count()).toBe(1);
    expect(await activity.getByText(/shared a public link with downloads/).count()).toBe(0);
    await visitor.context.close();
    await context.close();
  });

  it('asks for the password of a protected link, then opens it; an expired link says so', async () => {
    const { context, page, project } = await ownerWithFolders('Winter Editorial');
    const modal = await openShare(page);
    await modal.getByRole('switch', { name: 'Require a password' }).click({ force: true });
    await modal.getByRole('switch', { name: 'Set an expiry date' }).click({ force: true });
    await modal.getByLabel('Last day the link works').fill('2099-12-31');
    expect(await modal.getByRole('button', { name: 'Create Link' }).isDisabled()).toBe(true);
    await modal.getByRole('textbox', { name: 'Password', exact: true }).fill('north-star');
    await modal.getByRole('button', { name: 'Create Link' }).click();
    await expectSnackbar(page, PROJECT_TEXTS.shareCreated);
    const link = await modal.getByTestId('share-link').inputValue();

    const visitor = await anonymous();
    await visitor.page.goto(link);
    const prompt = visitor.page.getByTestId('shared-password');
    await prompt.getByText(PROJECT_TEXTS.sharePasswordRequired).waitFor();
    await shot(visitor.page, 'shared-view-password');
    await prompt.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong guess');
    await prompt.getByRole('button', { name: 'Open Project' }).click();
    await prompt.getByText(PROJECT_TEXTS.sharePasswordWrong).waitFor();
    await prompt.getByRole('textbox', { name: 'Password', exact: true }).fill('north-star');
    await prompt.getByRole('button', { name: 'Open Project' }).click();
    await visitor.page.getByTestId('shared-title').getByText('Winter Editorial').waitFor();
    // The unlock holds for the link's other pages and a reload.
    await visitor.page.reload();
    await visitor.page.getByTestId('folder-card').first().waitFor();

    // The owner moves the expiry into the past: the link says it has expired.
    await env.app.ctx.db
      .updateTable('projects')
      .set({ share_expires_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', project.id)
      .execute();
    await visitor.page.reload();
    await visitor.page
      .getByTestId('shared-expired')
      .getByText(PROJECT_TEXTS.shareExpired, { exact: false })
      .waitFor();
    await shot(visitor.page, 'shared-view-expired');

    // An address that was never a link.
    await visitor.page.goto('/projects/shared_view/not-a-real-link');
    await visitor.page.getByTestId('shared-not-found').waitFor();
    // Members who may share read the link's hash on the project.
    const shared = await call<{ share_hash: string | null }>(page, 'GET', `/projects/${project.id}`);
    expect(shared.share_hash).toBe(new URL(link).pathname.split('/').pop());
    await visitor.context.close();
    await context.close();
  });
});
