import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AssetView } from '@common/api/assets';
import { PROJECT_TEXTS } from '@common/api/projects';
import { newPage, shot, useAppAndBrowser } from './harness';
import { landscape } from './landscapes';
import { closeSnackbars, expectSnackbar, makeUser, signUpInSession } from './journeys';
import { call, createFolder, createProject, trialWorkspace } from './projectJourneys';

const env = useAppAndBrowser();

/** With LINKS_SCREENS=<folder>, the window as the member sees it (1440×900) is kept there too. */
async function screen(page: Page, name: string) {
  await shot(page, name);
  const folder = process.env.LINKS_SCREENS;
  if (folder) await page.screenshot({ path: join(folder, `${name}.png`) });
}

const ROOT_NAMES = ['Look 01.jpg', 'Look 02.jpg', 'Look 03.jpg', 'Look 04.jpg', 'Look 05.jpg', 'Look 06.jpg'];
const HERO_NAMES = ['Hero A.jpg', 'Hero B.jpg'];

async function upload(page: Page, projectId: number, name: string, n: number, folderId?: number) {
  const response = await page.request.post('/api/v1/assets', {
    multipart: {
      project_id: String(projectId),
      ...(folderId ? { folder_id: String(folderId) } : {}),
      file: { name, mimeType: 'image/jpeg', buffer: await landscape(n) },
    },
  });
  expect(response.status()).toBe(201);
}

/** An owner's project: six looks at its root and two in 'Hero shots', previews made, on its page. */
async function ownerWithLooks(name: string) {
  const { context, page } = await newPage(env.browser, env.app);
  await signUpInSession(page, makeUser({ name: 'Olga Owner' }));
  const workspace = await trialWorkspace(page);
  const project = await createProject(page, workspace.id, { name, client_name: 'Acme Studio' });
  const folder = await createFolder(page, project.id, 'Hero shots');
  for (const [n, asset] of ROOT_NAMES.entries()) await upload(page, project.id, asset, n);
  for (const [n, asset] of HERO_NAMES.entries()) await upload(page, project.id, asset, 10 + n, folder.id);
  await env.app.ctx.jobs.idle();
  const root = await call<AssetView[]>(page, 'GET', `/projects/${project.id}/assets`);
  const hero = await call<AssetView[]>(page, 'GET', `/folders/${folder.id}/assets`);
  const idOf = (asset: string) => [...root, ...hero].find((a) => a.name === asset)!.id;
  await page.goto(`/projects/${project.id}`);
  await page.getByTestId('asset-grid').waitFor();
  await expect
    .poll(() => page.locator('[data-testid=asset-tile][data-processing=true]').count(), { timeout: 30_000 })
    .toBe(0);
  return { context, page, project, folder, idOf };
}

const tile = (page: Page, name: string) =>
  page
    .getByTestId('asset-tile')
    .filter({ has: page.getByTestId('asset-name').getByText(name, { exact: true }) });

const shareDialog = (page: Page) => page.getByRole('dialog', { name: 'Share Link' });

/** The names the shared page lists, sorted. */
async function sharedNames(page: Page): Promise<string[]> {
  await page.getByTestId('shared-assets').waitFor();
  return (await page.getByTestId('shared-asset-name').allInnerTexts()).sort();
}

describe('links to a selection and to a folder', () => {
  it('makes a view link from the selection bar that shows exactly the three assets, then revokes it', async () => {
    const { context, page, idOf } = await ownerWithLooks('Autumn Lookbook');
    await tile(page, 'Look 02.jpg').click();
    await tile(page, 'Look 04.jpg').click({ modifiers: ['ControlOrMeta'] });
    await tile(page, 'Look 05.jpg').click({ modifiers: ['ControlOrMeta'] });
    const bar = page.getByTestId('asset-selection-bar');
    await expect.poll(() => bar.getByTestId('asset-selection-count').innerText()).toBe('3 assets selected');
    await bar.getByRole('button', { name: 'Share' }).click();

    const dialog = shareDialog(page);
    expect(await dialog.getByTestId('share-link-target').innerText()).toBe('3 selected assets');
    await dialog.getByText('can see these 3 assets without an account').waitFor();
    // Nothing made yet: the list says so.
    await dialog.getByRole('tab', { name: 'All links' }).click();
    await dialog.getByTestId('share-links-empty').waitFor();
    await page.mouse.move(5, 5);
    await screen(page, 'links-list-empty');
    await dialog.getByRole('tab', { name: 'New link' }).click();
    // A password asked for but not typed holds the link back, with the reason.
    await dialog.getByRole('switch', { name: 'Require a password' }).click({ force: true });
    expect(await dialog.getByRole('button', { name: 'Create Link' }).isDisabled()).toBe(true);
    await dialog.getByTestId('share-problem').getByText('Enter a password for the link.').waitFor();
    await dialog.getByRole('switch', { name: 'Require a password' }).click({ force: true });
    await page.mouse.move(5, 5);
    await screen(page, 'links-dialog-selection');

    await dialog.getByRole('button', { name: 'Create Link' }).click();
    await expectSnackbar(page, 'The link is ready to share.');
    const link = await dialog.getByTestId('new-share-link').inputValue();
    expect(link).toMatch(/\/projects\/shared_view\/[A-Za-z0-9_-]{16,}$/);
    // 'Done' takes the focus: Enter closes the dialog.
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await closeSnackbars(page);

    // A fresh browser: exactly the three, no folder, under the project's name.
    const visitor = await newPage(env.browser, env.app);
    await visitor.page.goto(link);
    expect(await sharedNames(visitor.page)).toEqual(['Look 02.jpg', 'Look 04.jpg', 'Look 05.jpg']);
    expect(await visitor.page.getByTestId('shared-asset-count').innerText()).toBe('3');
    expect(await visitor.page.getByTestId('folder-card').count()).toBe(0);
    expect(await visitor.page.getByTestId('shared-title').innerText()).toBe('Autumn Lookbook');
    expect(await visitor.page.getByTestId('shared-download-all').count()).toBe(0);
    await visitor.page.getByTestId('shared-context').getByText('A selection of assets').waitFor();
    await screen(visitor.page, 'links-shared-selection');

    // One of them opens; one outside answers the not-found screen; a folder's page leads back.
    await visitor.page.goto(`${link}/assets/${idOf('Look 04.jpg')}`);
    await visitor.page.getByTestId('shared-asset-title').getByText('Look 04.jpg').waitFor();
    const trail = visitor.page.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(await trail.getByText('Hero shots').count()).toBe(0);
    await visitor.page.goto(`${link}/assets/${idOf('Look 01.jpg')}`);
    await visitor.page.getByTestId('shared-asset-not-found').waitFor();
    await visitor.page.goto(`${link}/assets/${idOf('Hero A.jpg')}`);
    await visitor.page.getByTestId('shared-asset-not-found').waitFor();

    // The project's Share dialog lists the link; revoking it closes it at once.
    await bar.getByRole('button', { name: 'Clear selection' }).click();
    await bar.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const share = page.getByRole('dialog', { name: PROJECT_TEXTS.shareTitle });
    await share.getByRole('tab', { name: 'All links' }).click();
    const row = share.getByTestId('share-link-row');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('share-link-scope').innerText()).toBe('3 assets');
    await row.getByText('View only').waitFor();
    await screen(page, 'links-list');
    // Downloads turned on from the list: the visitor then sees the download button.
    await row.getByRole('button', { name: 'Options of the link to 3 assets' }).click();
    const edit = row.getByTestId('share-link-edit');
    expect(await edit.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await edit.getByRole('switch', { name: 'Allow downloads' }).click({ force: true });
    await page.mouse.move(5, 5);
    await screen(page, 'links-edit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expectSnackbar(page, 'The link’s options were saved.');
    await edit.waitFor({ state: 'hidden' });
    await row.getByText('Downloads allowed').waitFor();
    await visitor.page.goto(link);
    await visitor.page.getByTestId('shared-download-all').waitFor();
    await closeSnackbars(page);
    await row.getByRole('button', { name: 'Revoke the link to 3 assets' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke Link' });
    await confirm.getByText('these 3 assets').waitFor();
    await confirm.getByRole('checkbox').check();
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expectSnackbar(page, 'The link was revoked. It no longer opens.');
    await share.getByTestId('share-links-empty').waitFor();
    await visitor.page.goto(link);
    await visitor.page.getByTestId('shared-not-found').waitFor();
    await visitor.context.close();
    await context.close();
  });

  it('makes a link from the folder menu that shows only that folder’s assets', async () => {
    const { context, page, project, folder } = await ownerWithLooks('Winter Editorial');
    await page.getByRole('button', { name: 'Actions for Hero shots' }).click();
    await page.getByRole('menuitem', { name: 'Share link…' }).click();
    const dialog = shareDialog(page);
    expect(await dialog.getByTestId('share-link-target').innerText()).toBe('Folder: Hero shots');
    // The dialog opens on its focused first tab.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('New link');
    // Review says what guests may do; the screenshot shows it, the link made is view-only.
    await dialog.getByText('Review', { exact: true }).click();
    await dialog.getByText('Guests give their name once').waitFor();
    await page.mouse.move(5, 5);
    await screen(page, 'links-dialog-folder');
    await dialog.getByText('View only', { exact: true }).click();
    await dialog.getByRole('switch', { name: 'Allow downloads' }).click({ force: true });
    // Enter in the dialog's form sends it.
    await dialog.getByRole('button', { name: 'Create Link' }).focus();
    await page.keyboard.press('Enter');
    const link = await dialog.getByTestId('new-share-link').inputValue();
    const made = await call<{ id: number; scope: string; folder_id: number; downloadable: boolean }[]>(
      page,
      'GET',
      `/projects/${project.id}/share_links`,
    );
    expect(made.map((l) => [l.scope, l.downloadable])).toEqual([['folder', true]]);
    // Escape closes it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const visitor = await newPage(env.browser, env.app);
    await visitor.page.goto(link);
    expect(await sharedNames(visitor.page)).toEqual(['Hero A.jpg', 'Hero B.jpg']);
    expect(await visitor.page.getByTestId('folder-card').count()).toBe(0);
    expect(await visitor.page.getByTestId('shared-title').innerText()).toBe('Hero shots');
    await visitor.page.getByTestId('shared-context').getByText('A folder of Winter Editorial').waitFor();
    await visitor.page.getByTestId('shared-download-all').waitFor();
    await screen(visitor.page, 'links-shared-folder');
    // The trail starts at the folder; the project's name is no crumb.
    const trail = visitor.page.getByRole('navigation', { name: 'Breadcrumbs' });
    await visitor.page.getByTestId('shared-asset-name').getByText('Hero B.jpg').click();
    await visitor.page.getByTestId('shared-asset-title').getByText('Hero B.jpg').waitFor();
    await trail.getByText('Hero shots').waitFor();
    expect(await trail.getByText('Winter Editorial').count()).toBe(0);
    await screen(visitor.page, 'links-shared-folder-asset');
    await visitor.context.close();
    await closeSnackbars(page);

    // The link is revoked elsewhere while its options are open: the refusal shows in the dialog.
    await page.getByRole('button', { name: 'Actions for Hero shots' }).click();
    await page.getByRole('menuitem', { name: 'Share link…' }).click();
    await dialog.getByRole('tab', { name: 'All links' }).click();
    await dialog.getByRole('button', { name: 'Options of the link to Folder: Hero shots' }).click();
    const edit = dialog.getByTestId('share-link-edit');
    await call(page, 'DELETE', `/share_links/${made[0]!.id}`);
    await edit.getByRole('switch', { name: 'Show comments' }).click({ force: true });
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit
      .getByTestId('share-link-error')
      .getByText('The link was revoked. It no longer opens.')
      .waitFor();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByTestId('share-links-empty').waitFor();
    await dialog.getByRole('tab', { name: 'New link' }).click();

    // The folder goes while the dialog is open: the server's message says why nothing was made.
    await dialog.getByRole('button', { name: 'Create Link' }).waitFor();
    await call(page, 'DELETE', '/folders', { folders_ids: [folder.id] });
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    await dialog.getByTestId('share-link-error').getByText('This folder no longer exists.').waitFor();
    await page.mouse.move(5, 5);
    await screen(page, 'links-dialog-error');
    await context.close();
  });
});
