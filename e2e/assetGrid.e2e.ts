import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ASSET_TEXTS, type AssetView } from '@common/api/assets';
import { DOWNLOAD_TEXTS } from '@common/api/downloads';
import type { Label, Project } from '@common/api/projects';
import { newPage, settled, shot, useAppAndBrowser } from './harness';
import { landscape } from './landscapes';
import { zipEntries } from './zipEntries';
import { closeSnackbars, expectSnackbar, makeUser, type TestUser } from './journeys';
import { call, createFolder, createProject, trialWorkspace } from './projectJourneys';

const env = useAppAndBrowser();

async function signUp(page: Page, user: TestUser) {
  const response = await page.request.post('/api/v1/users/sign_up', { data: { user } });
  expect(response.status()).toBe(201);
}

/** POST /assets, multipart: the project first, then the file (the server checks before storing). */
async function upload(page: Page, projectId: number, name: string, body: Buffer): Promise<AssetView> {
  const response = await page.request.post('/api/v1/assets', {
    multipart: { project_id: String(projectId), file: { name, mimeType: 'image/jpeg', buffer: body } },
  });
  const json = (await response.json()) as { response: AssetView };
  if (!response.ok()) throw new Error(`upload ${name}: ${response.status()} ${JSON.stringify(json)}`);
  return json.response;
}

const NAMES = Array.from({ length: 30 }, (_, i) => `DSC_${String(1001 + i).padStart(4, '0')}.jpg`);

/** An owner with a project of 30 photographs at its root and one empty folder, on its page. */
async function ownerWithShoot(): Promise<{ page: Page; project: Project; assets: AssetView[] }> {
  const { page } = await newPage(env.browser, env.app);
  await signUp(page, makeUser({ name: 'Rita Retoucher' }));
  const workspace = await trialWorkspace(page);
  const project = await createProject(page, workspace.id, {
    name: 'Autumn Lookbook',
    client_name: 'Acme Studio',
  });
  await createFolder(page, project.id, 'Final selects');
  const assets: AssetView[] = [];
  for (const [i, name] of NAMES.entries())
    assets.push(await upload(page, project.id, name, await landscape(i)));
  await page.goto(`/projects/${project.id}`);
  await page.getByTestId('asset-grid').waitFor();
  // Every preview made: no tile still processing.
  await expect
    .poll(() => page.locator('[data-testid=asset-tile][data-processing=true]').count(), { timeout: 30_000 })
    .toBe(0);
  return { page, project, assets };
}

const tile = (page: Page, name: string) =>
  page
    .getByTestId('asset-tile')
    .filter({ has: page.getByTestId('asset-name').getByText(name, { exact: true }) });

const grid = (page: Page) => page.getByTestId('asset-grid');
const bar = (page: Page) => page.getByTestId('asset-selection-bar');
const namesShown = (page: Page) => page.getByTestId('asset-name').allInnerTexts();
const assetsOf = (page: Page, projectId: number) =>
  call<AssetView[]>(page, 'GET', `/projects/${projectId}/assets`);

/** The tile's menu: its button is made when the pointer reaches the tile. */
async function openMenu(page: Page, name: string) {
  await tile(page, name).hover();
  await tile(page, name).getByTestId('asset-menu').click();
}

/**
 * 'Rename' from the tile's menu. The dialog opens with the base name selected, so typing keeps the
 * extension: the name is filled once that selection is there, as a person would see it first.
 */
async function renameFromMenu(page: Page, name: string, newName: string) {
  await openMenu(page, name);
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const dialog = page.getByTestId('rename-asset-modal');
  const field = dialog.getByLabel('Filename');
  const baseName = name.slice(0, name.lastIndexOf('.'));
  await expect
    .poll(() =>
      field.evaluate((input: HTMLInputElement) =>
        input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
      ),
    )
    .toBe(baseName);
  await field.fill(newName);
  await dialog.getByRole('button', { name: 'Rename' }).click();
}

async function chooseSort(page: Page, label: string) {
  await page.getByTestId('asset-sort').click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

describe('asset grid', () => {
  it('shows 30 assets in a grid and a list, sorts, filters, selects, culls by keyboard, renames, moves, deletes and downloads', async () => {
    const { page, project, assets } = await ownerWithShoot();
    expect(await page.getByTestId('asset-count').innerText()).toBe('30');
    expect(await grid(page).getAttribute('data-columns')).toBe('5');

    // Sort: file name, A to Z, then Z to A; the choice is kept for the user.
    await chooseSort(page, 'File Name');
    await expect.poll(async () => (await namesShown(page))[0]).toBe('DSC_1001.jpg');
    await page.getByTestId('asset-sort-direction').click();
    await expect.poll(async () => (await namesShown(page))[0]).toBe('DSC_1030.jpg');
    await page.getByTestId('asset-sort-direction').click();
    await expect.poll(async () => (await namesShown(page))[0]).toBe('DSC_1001.jpg');
    const saved = await call<{ sort: string; sort_ascending: boolean }>(
      page,
      'GET',
      '/users/me/assets_view_options',
    );
    expect(saved).toMatchObject({ sort: 'file_name', sort_ascending: true });

    // Item size: smaller tiles fit more columns, and the size is saved.
    const slider = page.getByRole('slider', { name: 'Asset size' });
    await slider.focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowLeft');
    await expect.poll(() => grid(page).getAttribute('data-columns')).toBe('7');
    await expect
      .poll(
        async () =>
          (await call<{ item_size: number }>(page, 'GET', '/users/me/assets_view_options')).item_size,
      )
      .toBe(20);
    for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => grid(page).getAttribute('data-columns')).toBe('5');

    // List view (?mode=list), then back to the grid.
    await page.locator('label', { hasText: 'List view' }).first().click();
    await page.waitForURL(/mode=list/);
    await page.getByTestId('asset-list').waitFor();
    expect(await page.getByTestId('asset-row').count()).toBeGreaterThanOrEqual(5);
    // Size, dimensions and uploader columns, of each asset's current round.
    expect(await page.getByTestId('asset-list').getByRole('columnheader').allInnerTexts()).toEqual(
      expect.arrayContaining(['SIZE', 'DIMENSIONS', 'UPLOADER']),
    );
    const firstRow = page.getByTestId('asset-row').first();
    const firstAsset = assets.find((a) => a.name === 'DSC_1001.jpg')!;
    const firstRound = (await call<AssetView>(page, 'GET', `/assets/${firstAsset.id}`)).current_version;
    expect(await firstRow.getByTestId('asset-dimensions').innerText()).toBe(
      `${firstRound.width} × ${firstRound.height}`,
    );
    expect(await firstRow.getByTestId('asset-size').innerText()).toMatch(/^\d+(\.\d)? (Kb|Mb)$/);
    expect(await firstRow.getByTestId('asset-uploader').innerText()).toBe('Rita Retoucher');
    await shot(page, 'asset-list');
    // The choice is kept: the project opened without ?mode shows the list again.
    await expect
      .poll(async () => (await call<{ view: string }>(page, 'GET', '/users/me/assets_view_options')).view)
      .toBe('list');
    await page.goto(`/projects/${project.id}`);
    await page.getByTestId('asset-list').waitFor();
    await page.waitForURL(/mode=list/);
    await page.locator('label', { hasText: 'Grid view' }).first().click();
    await grid(page).waitFor();

    // Select with a click and a shift-click: five in a row.
    await tile(page, 'DSC_1002.jpg').click();
    await tile(page, 'DSC_1006.jpg').click({ modifiers: ['Shift'] });
    await expect
      .poll(() => bar(page).getByTestId('asset-selection-count').innerText())
      .toBe('5 assets selected');
    // Ctrl/Cmd toggles one more in.
    await tile(page, 'DSC_1009.jpg').click({ modifiers: ['ControlOrMeta'] });
    await expect
      .poll(() => bar(page).getByTestId('asset-selection-count').innerText())
      .toBe('6 assets selected');
    await page.mouse.move(10, 10);
    await shot(page, 'asset-selection');

    // Keyboard: A approves the selection (the focused tile is in it), without the mouse.
    await page.keyboard.press('a');
    await expectSnackbar(page, ASSET_TEXTS.approved(6));
    await expect.poll(() => grid(page).getByTestId('asset-approved').count()).toBe(6);
    await expect
      .poll(async () => (await assetsOf(page, project.id)).filter((a) => a.approve === 'confirmed').length)
      .toBe(6);
    // Escape clears the selection; arrows move; A, R act on the focused tile alone.
    await page.keyboard.press('Escape');
    await bar(page).waitFor({ state: 'hidden' });
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toMatch(/^DSC_1010\.jpg/);
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toMatch(/^DSC_1015\.jpg/);
    await page.keyboard.press('a');
    await page.keyboard.press('r');
    await expect
      .poll(() => tile(page, 'DSC_1015.jpg').getAttribute('aria-label'))
      .toBe('DSC_1015.jpg, Round 0, approved, rush priority');
    await expect
      .poll(
        async () => (await assetsOf(page, project.id)).find((a) => a.name === 'DSC_1015.jpg')?.rush_priority,
      )
      .toBe(true);
    // Labels: 2 sets the project's second label, 0 takes it off, L picks one from the list.
    let labels = await call<Label[]>(page, 'GET', `/projects/${project.id}/labels`);
    for (const name of ['Selects', 'Retouch'].slice(0, Math.max(0, 2 - labels.length)))
      await call(page, 'POST', '/labels', { name, labellable_type: 'Project', labellable_id: project.id });
    labels = await call<Label[]>(page, 'GET', `/projects/${project.id}/labels`);
    await page.reload();
    await tile(page, 'DSC_1015.jpg').click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('2');
    await expect
      .poll(() => tile(page, 'DSC_1015.jpg').getAttribute('aria-label'))
      .toContain(`label ${labels[1]!.name}`);
    await page.keyboard.press('0');
    await expect.poll(() => tile(page, 'DSC_1015.jpg').getAttribute('aria-label')).not.toContain('label');
    await page.keyboard.press('l');
    await page.getByTestId('label-picker').getByText(labels[0]!.name, { exact: true }).click();
    await expect
      .poll(async () => (await assetsOf(page, project.id)).find((a) => a.name === 'DSC_1015.jpg')?.label?.id)
      .toBe(labels[0]!.id);
    await tile(page, 'DSC_1012.jpg').click();
    await page.keyboard.press('Escape');
    await page.keyboard.press('1');
    await page.keyboard.press('r');
    await page.mouse.move(10, 10);
    await shot(page, 'asset-grid');
    await tile(page, 'DSC_1015.jpg').click();
    await page.keyboard.press('Escape');

    // Shift+arrows select a range; U unapproves it.
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await expect
      .poll(() => bar(page).getByTestId('asset-selection-count').innerText())
      .toBe('3 assets selected');
    await page.keyboard.press('u');
    await expect.poll(() => tile(page, 'DSC_1015.jpg').getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(async () => (await assetsOf(page, project.id)).filter((a) => a.approve === 'confirmed').length)
      .toBe(6);
    await page.keyboard.press('Escape');
    await closeSnackbars(page);

    // Filter: approved only, then none.
    await page.getByTestId('asset-filters-button').click();
    await page
      .getByRole('radiogroup', { name: 'Approval' })
      .locator('label', { hasText: /^Approved$/ })
      .click();
    await expect.poll(() => page.getByTestId('asset-count').innerText()).toBe('6');
    await page.keyboard.press('Escape');
    await page.getByTestId('asset-filter-chips').getByRole('button', { name: 'Clear all filters' }).click();
    await expect.poll(() => page.getByTestId('asset-count').innerText()).toBe('30');

    // A rectangle dragged from the gap above the third row over four tiles selects them.
    // Both rows well inside the window: near its edges the page would scroll under the rectangle.
    await tile(page, 'DSC_1011.jpg').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const first = (await tile(page, 'DSC_1011.jpg').boundingBox())!;
    const last = (await tile(page, 'DSC_1017.jpg').boundingBox())!;
    await page.mouse.move(first.x + 20, first.y - 8);
    await page.mouse.down();
    await page.mouse.move(last.x + last.width / 2, last.y + last.height / 2, { steps: 8 });
    await page.getByTestId('asset-marquee').waitFor();
    await page.mouse.up();
    await expect
      .poll(() => bar(page).getByTestId('asset-selection-count').innerText())
      .toBe('4 assets selected');
    await page.keyboard.press('Escape');
    await tile(page, 'DSC_1001.jpg').click();
    await page.keyboard.press('Escape');
    await bar(page).waitFor({ state: 'hidden' });

    // '?' lists every shortcut.
    await tile(page, 'DSC_1001.jpg').click();
    await page.keyboard.press('Shift+?');
    await page.getByTestId('shortcuts-help').waitFor();
    await shot(page, 'asset-shortcuts');
    await page.keyboard.press('Escape');
    await page.getByTestId('shortcuts-help').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');

    // Rename: a name another asset has is refused, and the tile keeps its own.
    await renameFromMenu(page, 'DSC_1003.jpg', 'DSC_1004.jpg');
    await expectSnackbar(page, ASSET_TEXTS.duplicateName);
    await tile(page, 'DSC_1003.jpg').waitFor();
    await renameFromMenu(page, 'DSC_1003.jpg', 'Hero shot.jpg');
    await expectSnackbar(page, ASSET_TEXTS.renamed);
    // Sorted by file name, the renamed asset leaves third place for its sorted one, after DSC_1030.
    await expect
      .poll(async () => (await namesShown(page)).slice(0, 3))
      .toEqual(['DSC_1001.jpg', 'DSC_1002.jpg', 'DSC_1004.jpg']);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await tile(page, 'Hero shot.jpg').waitFor();
    expect((await namesShown(page)).slice(-2)).toEqual(['DSC_1030.jpg', 'Hero shot.jpg']);
    await page.evaluate(() => window.scrollTo(0, 0));
    await closeSnackbars(page);

    // Drag a tile onto the folder: it moves there.
    await tile(page, 'DSC_1005.jpg').dragTo(
      page.getByTestId('folder-card').filter({ hasText: 'Final selects' }),
    );
    await expectSnackbar(page, ASSET_TEXTS.moved(1));
    await tile(page, 'DSC_1005.jpg').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('asset-count').innerText()).toBe('29');
    await page.getByTestId('folder-card').filter({ hasText: 'Final selects' }).getByText('1 item').waitFor();
    await closeSnackbars(page);

    // In the folder, dragging it shows the project root's target; dropped there, it is back.
    await page
      .getByTestId('folder-card')
      .filter({ hasText: 'Final selects' })
      .getByTestId('folder-name')
      .click();
    // The drag starts on the folder page's own tile, once it is drawn and still (hover waits for
    // both, as dragTo does): a point measured earlier may lie off it after the page settles.
    await page.waitForURL('**/folders/**');
    // The folder's page whole (its list, its toolbar, its pictures): parts that arrive later move
    // the tile, and a press where it was starts a rectangle selection instead.
    await expect.poll(() => page.getByTestId('asset-count').innerText()).toBe('1');
    await settled(page);
    const dragged = tile(page, 'DSC_1005.jpg');
    await dragged.hover();
    await page.mouse.down();
    const moved = (await dragged.boundingBox())!;
    await page.mouse.move(moved.x + moved.width / 2 + 40, moved.y + moved.height / 2 + 40, { steps: 5 });
    const root = page.getByTestId('asset-root-drop');
    await root.waitFor();
    const target = (await root.boundingBox())!;
    await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 5 });
    await page.mouse.up();
    await expectSnackbar(page, ASSET_TEXTS.moved(1));
    await page.getByTestId('folder-empty').waitFor();
    await page.goto(`/projects/${project.id}`);
    await tile(page, 'DSC_1005.jpg').waitFor();
    expect(await page.getByTestId('asset-count').innerText()).toBe('30');
    await closeSnackbars(page);

    // Delete two, confirmed with the checkbox; a refused delete first puts them back.
    await tile(page, 'DSC_1007.jpg').click();
    await tile(page, 'DSC_1008.jpg').click({ modifiers: ['Shift'] });
    await bar(page).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Assets' });
    await confirm.getByText('2 assets').waitFor();
    expect(await confirm.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
    await page.route('**/api/v1/projects/*/assets', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 500,
            body: '{"response":{"error":{"code":"boom","message":"Oops, something went wrong! Try again."}}}',
          })
        : route.fallback(),
    );
    await confirm.getByRole('checkbox').check();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectSnackbar(page, 'Oops, something went wrong! Try again.');
    await expect.poll(() => page.getByTestId('asset-count').innerText()).toBe('30');
    await tile(page, 'DSC_1007.jpg').waitFor();
    await page.unroute('**/api/v1/projects/*/assets');
    await closeSnackbars(page);
    await tile(page, 'DSC_1007.jpg').click();
    await tile(page, 'DSC_1008.jpg').click({ modifiers: ['Shift'] });
    await page.keyboard.press('Delete');
    await confirm.getByRole('checkbox').check();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectSnackbar(page, ASSET_TEXTS.deletedMany);
    await expect.poll(() => page.getByTestId('asset-count').innerText()).toBe('28');
    expect((await assetsOf(page, project.id)).length).toBe(28);
    await closeSnackbars(page);

    // Someone else deletes an asset: the live stream takes its tile out of the open grid, no reload.
    const gone = assets.find((a) => a.name === 'DSC_1030.jpg')!;
    await call(page, 'DELETE', `/projects/${project.id}/assets`, { ids: [gone.id] });
    await tile(page, 'DSC_1030.jpg').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('asset-count').innerText()).toBe('27');

    // Download: one asset with two rounds offers all rounds; several go as one zip.
    const hero = assets.find((a) => a.name === 'DSC_1001.jpg')!;
    const round = await page.request.post(`/api/v1/assets/${hero.id}/versions`, {
      multipart: { file: { name: 'DSC_1001.jpg', mimeType: 'image/jpeg', buffer: await landscape(99) } },
    });
    expect(round.status()).toBe(201);
    await page.reload();
    await openMenu(page, 'DSC_1001.jpg');
    await page.getByRole('menuitem', { name: 'Download…' }).click();
    const dialog = page.getByTestId('download-dialog');
    await dialog.getByText('Download all 2 rounds as a zip').waitFor();
    expect(await dialog.getByRole('radio', { name: 'Original' }).isChecked()).toBe(true);
    await dialog.getByText('Download all 2 rounds as a zip').click();
    expect(
      await dialog.getByRole('checkbox', { name: 'Add the round number to file names' }).isDisabled(),
    ).toBe(true);
    await shot(page, 'asset-download');
    await page.keyboard.press('Escape');
    await tile(page, 'DSC_1004.jpg').click();
    await tile(page, 'DSC_1006.jpg').click({ modifiers: ['Shift'] });
    await expect
      .poll(() => bar(page).getByTestId('asset-selection-count').innerText())
      .toBe('3 assets selected');
    await bar(page).getByRole('button', { name: 'Download' }).click();
    await dialog.getByText('3 assets as one zip').waitFor();
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    await page.getByTestId('zip-box').getByText('Your assets are being zipped.').waitFor();
    expect((await download).suggestedFilename()).toMatch(/\.zip$/);
    expect(await zipEntries(await download)).toEqual(['DSC_1004.jpg', 'DSC_1005.jpg', 'DSC_1006.jpg']);

    // A zip too large to stream is e-mailed: the snackbar says it will be ready.
    await page.route('**/api/v1/projects/*/assets/download', (route) =>
      route.fulfill({ json: { response: { download_type: 'email', download_url: null } } }),
    );
    await bar(page).getByRole('button', { name: 'Download' }).click();
    await dialog.getByRole('button', { name: 'Download' }).click();
    await expectSnackbar(page, DOWNLOAD_TEXTS.ready);
  });
});
