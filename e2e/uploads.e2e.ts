import { mkdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { ASSET_TEXTS, type AssetView } from '@common/api/assets';
import { PROJECT_TEXTS, type Project } from '@common/api/projects';
import type { Workspace } from '@common/api/workspaces';
import { storageLimitMessage } from '@common/uploads/uploadRefusals';
import { UPLOAD_BOX_TEXTS } from '@common/uploads/uploadTexts';
import { checkAccessibility } from './axe';
import { noisePng } from './fixtures';
import { newPage, settled, shot, useAppAndBrowser } from './harness';
import { closeSnackbars, expectSnackbar, lastMailId, makeUser, signUpInSession } from './journeys';
import { call, createProject, projectInvitationLink, teamWorkspace, trialWorkspace } from './projectJourneys';

const env = useAppAndBrowser();

const CORPUS = resolve(import.meta.dirname, '..', '..', 'shared', 'corpus');
const SHOTS = '/tmp/shots';

/** Twenty files of every family the product takes, two of them damaged, from the shared corpus. */
const MIXED = [
  'ai/illustrator-24_pdf-compatible.ai',
  'jpeg/exif-orientation-6_portrait.jpg',
  'jpeg/exif-orientation-6_landscape.jpg',
  'jpeg/cmyk_swop-profile_500x333.jpg',
  'psd/layer_effects_800x640_13layers.psd',
  'tiff/fogra-0-100-100-0_cmyk_jpeg.tif',
  'png/16bit-grey-alpha_109x96.png',
  'gif/rotating-squares_30frames.gif',
  'tiff/tifftag-photoshop_16bit_rgb.tiff',
  'psd/masks_640x1394_19layers.psb',
  'psd/cmyk-spot_640x637.psd',
  'raw/dng_lg-h815_complete_600x338.dng',
  'pdf/two_column_6pages.pdf',
  'pdf/word-mac_quartz_2pages.pdf',
  'office/paragraphs_and_tables.docx',
  'office/fixture_3sheets.xlsx',
  'text/little_bo_peep.txt',
  'text/chicago_potholes.csv',
  'jpeg/truncated_10000bytes.jpg',
  'raw/cr2_canon-350d_exiftool-stripped.cr2',
];
/** The one the journey cancels while it is being sent: the largest, first in line. */
const CANCELED = 'illustrator-24_pdf-compatible.ai';

interface DropFile {
  name: string;
  base64: string;
}

const corpusFile = (path: string): DropFile => ({
  name: basename(path),
  base64: readFileSync(join(CORPUS, path)).toString('base64'),
});
const textFile = (name: string, text: string): DropFile => ({
  name,
  base64: Buffer.from(text).toString('base64'),
});

/** Drops files on the page the way a desktop drag does: a DataTransfer holding the real bytes. */
async function dropFiles(page: Page, files: DropFile[]): Promise<void> {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const { name, base64 } of list) {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], name));
    }
    return data;
  }, files);
  await page.dispatchEvent('main', 'dragenter', { dataTransfer: transfer });
  await page.getByTestId('drop-overlay').waitFor();
  await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
  await page.getByTestId('drop-overlay').waitFor({ state: 'detached' });
}

/** A DataTransfer of these files in the page, for dispatching drag events by hand. */
async function transferOf(page: Page, files: DropFile[]) {
  return page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const { name, base64 } of list) {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], name));
    }
    return data;
  }, files);
}

/** Drags one file over an asset's tile: the tile offers to take it as the asset's next round. */
async function dragOntoTile(page: Page, name: string, file: DropFile) {
  const transfer = await transferOf(page, [file]);
  const target = tile(page, name).getByTestId('asset-name');
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  const spot = page.getByTestId('drop-spot');
  await spot.getByText(UPLOAD_BOX_TEXTS.dropToRound).waitFor();
  await spot.getByText(name, { exact: true }).waitFor();
  return { transfer, target, spot };
}

/** The browser's connection: upload speed in bytes a second (0: no limit), or offline. */
async function setUploadSpeed(cdp: CDPSession, bytesPerSecond: number, offline = false) {
  await cdp.send('Network.emulateNetworkConditions', {
    offline,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond > 0 ? bytesPerSecond : -1,
  });
}

/** Slows the browser's uploads to `bytesPerSecond` (0: no limit), so progress can be watched. */
async function throttleUploads(context: BrowserContext, page: Page, bytesPerSecond: number) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await setUploadSpeed(cdp, bytesPerSecond);
  return cdp;
}

/** A 1440×900 screenshot in /tmp/shots for a person to look at, then the page's WCAG check. */
async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  await checkAccessibility(page, name);
}

async function ownerWithProject(): Promise<{
  context: BrowserContext;
  page: Page;
  workspace: Workspace;
  project: Project;
}> {
  const { context, page } = await newPage(env.browser, env.app);
  await signUpInSession(page, makeUser({ name: 'Rita Retoucher' }));
  const workspace = await trialWorkspace(page);
  const project = await createProject(page, workspace.id, {
    name: 'Autumn Lookbook — hero images for print',
    client_name: 'Acme Studio',
  });
  await page.goto(`/projects/${project.id}`);
  await page.getByTestId('project-empty').waitFor();
  return { context, page, workspace, project };
}

/** Fills the workspace's storage through its project until `bytes` are left. */
async function leaveStorage(workspaceId: number, projectId: number, bytes: number): Promise<void> {
  const { storageCapacity } = await env.app.ctx.workspaceAccess.stateOf(workspaceId);
  await env.app.ctx.db
    .updateTable('projects')
    .set({ storage_used_in_bytes: storageCapacity - bytes })
    .where('id', '=', projectId)
    .execute();
}

const assetsOf = (page: Page, projectId: number) =>
  call<AssetView[]>(page, 'GET', `/projects/${projectId}/assets`);
const box = (page: Page) => page.getByTestId('upload-box');
const row = (page: Page, name: string) =>
  box(page)
    .getByTestId('upload-row')
    .and(page.locator(`[data-name="${name}"]`));
const tile = (page: Page, name: string) =>
  page.getByTestId('asset-tile').filter({ has: page.getByText(name, { exact: true }) });

describe('uploads', () => {
  it('drops 20 mixed files: the Upload Box groups, queues 6 at once, cancels one, closes; every tile gets its preview', async () => {
    const { context, page, project } = await ownerWithProject();
    const cdp = await throttleUploads(context, page, 300_000);

    await dropFiles(page, MIXED.map(corpusFile));

    // The box opens by itself with one group, titled with the project cut at 40 characters.
    await box(page).waitFor();
    const group = box(page).getByTestId('upload-group');
    expect(await group.count()).toBe(1);
    expect(await group.getByTestId('upload-group-title').innerText()).toBe(
      'Autumn Lookbook — hero images for print',
    );
    await expect.poll(() => box(page).getByTestId('upload-row').count()).toBe(20);
    expect(await box(page).getByTestId('upload-box-status').innerText()).toMatch(
      /^Uploading \d+ files?\.\.\.$/,
    );

    // Six at most are sent at once; the rest wait as 'Upload Pending'.
    await row(page, CANCELED).and(page.locator('[data-state=uploading]')).waitFor();
    const sending = await box(page)
      .locator(
        '[data-testid=upload-row][data-state=uploading], [data-testid=upload-row][data-state=creating]',
      )
      .count();
    expect(sending).toBeGreaterThan(0);
    expect(sending).toBeLessThanOrEqual(6);
    expect(
      await box(page).locator('[data-state=waiting]').first().getByTestId('upload-label').innerText(),
    ).toBe(UPLOAD_BOX_TEXTS.pending);

    // Cancel the largest while it is being sent.
    await row(page, CANCELED)
      .getByRole('button', { name: `Cancel ${CANCELED}` })
      .click();
    await row(page, CANCELED)
      .and(page.locator('[data-state=aborted]'))
      .getByText(UPLOAD_BOX_TEXTS.canceled)
      .waitFor();

    // An ETA appears once a file's speed is known (after 500 ms).
    await expect
      .poll(
        () => box(page).locator('[data-state=uploading]').first().getByTestId('upload-label').innerText(),
        {
          timeout: 5000,
        },
      )
      .toMatch(/Less than a minute|\d+ minutes? left/);
    await page.mouse.move(200, 700);
    await snap(page, 'upload-box-mid-upload');

    // Everything else arrives, at full speed now that the queue has been watched; the box closes
    // itself a second after the last one.
    await setUploadSpeed(cdp, 0);
    await box(page).waitFor({ state: 'hidden', timeout: 60_000 });
    await page.getByTestId('upload-button').click();
    expect(await box(page).getByTestId('upload-box-status').innerText()).toBe(UPLOAD_BOX_TEXTS.allDone);
    expect(await box(page).locator('[data-state=succeeded]').count()).toBe(19);
    expect(await box(page).locator('[data-state=aborted]').count()).toBe(1);
    // Canceled rows sort last (display priority 6).
    expect(await box(page).getByTestId('upload-row').last().getAttribute('data-name')).toBe(CANCELED);
    await page.keyboard.press('Escape');
    await box(page).waitFor({ state: 'hidden' });

    // The server has the 19, not the canceled one.
    const assets = await assetsOf(page, project.id);
    expect(assets.map((a) => a.name).sort()).toEqual(
      MIXED.map((p) => basename(p))
        .filter((n) => n !== CANCELED)
        .sort(),
    );

    // Tiles: a preview for each, in place of the spinner, once processing is over.
    await expect.poll(() => page.getByTestId('asset-tile').count(), { timeout: 15_000 }).toBe(19);
    await expect
      .poll(() => page.locator('[data-testid=asset-tile][data-processing=true]').count(), {
        timeout: 90_000,
        interval: 250,
      })
      .toBe(0);
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid=asset-thumbnail]')).every(
              (img) => img.complete && img.naturalWidth > 0,
            ),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    const thumbnails = await page.getByTestId('asset-thumbnail').count();
    expect(thumbnails).toBeGreaterThanOrEqual(15);
    // The stripped CR2 has no pixels at all: its tile says so instead of showing garbage.
    await tile(page, 'cr2_canon-350d_exiftool-stripped.cr2').getByText('No preview').waitFor();
    // The truncated JPEG shows what decoded, marked as damaged.
    await tile(page, 'truncated_10000bytes.jpg').getByTestId('asset-preview-damaged').waitFor();
    await tile(page, 'exif-orientation-6_portrait.jpg').getByTestId('asset-round').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'project-grid-previews');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await snap(page, 'project-grid-previews-bottom');
    await context.close();
  });

  it('adds a new round from the asset page: exactly one file', async () => {
    const { context, page, project } = await ownerWithProject();
    await dropFiles(page, [corpusFile('jpeg/exif-orientation-6_landscape.jpg')]);
    await box(page).waitFor({ state: 'hidden', timeout: 30_000 });
    const [asset] = await assetsOf(page, project.id);
    expect(asset?.asset_versions_count).toBe(1);

    await page.goto(`/projects/${project.id}/assets/${asset!.id}`);
    await page.getByTestId('asset-view').waitFor();
    await page.getByRole('button', { name: 'Upload New Round' }).waitFor();

    // Two files: refused, nothing sent.
    const transfer = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(new File(['a'], 'a.jpg'));
      data.items.add(new File(['b'], 'b.jpg'));
      return data;
    });
    await page.dispatchEvent('main', 'dragenter', { dataTransfer: transfer });
    await page.getByTestId('drop-overlay').getByText(UPLOAD_BOX_TEXTS.dropToRound).waitFor();
    await snap(page, 'asset-drop-overlay');
    await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
    const refused = page.getByRole('dialog', { name: ASSET_TEXTS.uploadErrorTitle });
    await refused.getByText(ASSET_TEXTS.roundOneFile).waitFor();
    await refused.getByRole('button', { name: 'Ok' }).click();
    await refused.waitFor({ state: 'hidden' });

    // One file: the next round of this asset, whatever its name.
    await dropFiles(page, [corpusFile('jpeg/cmyk_swop-profile_500x333.jpg')]);
    await box(page).getByTestId('upload-row').waitFor();
    await box(page).waitFor({ state: 'hidden', timeout: 30_000 });
    const after = await call<AssetView>(page, 'GET', `/assets/${asset!.id}`);
    expect(after.asset_versions_count).toBe(2);
    expect(after.current_version.number).toBe(asset!.current_version.number + 1);
    expect((await assetsOf(page, project.id)).length).toBe(1);

    // The project's tile says so.
    await page.goto(`/projects/${project.id}`);
    await tile(page, 'exif-orientation-6_landscape.jpg')
      .getByText(`Round ${after.current_version.number}`)
      .waitFor();
    await tile(page, 'exif-orientation-6_landscape.jpg').getByText('2 rounds').waitFor();
    await context.close();
  });

  it('uploads into a project that has assets: the Upload button beside New Folder, one file dropped on a tile as its next round, another file type asked first', async () => {
    const { context, page, project } = await ownerWithProject();
    const psd = corpusFile('psd/cmyk-spot_640x637.psd');
    const jpeg = corpusFile('jpeg/exif-orientation-6_landscape.jpg');
    await dropFiles(page, [psd, jpeg]);
    await box(page).waitFor({ state: 'hidden', timeout: 30_000 });
    await tile(page, psd.name).waitFor();
    await tile(page, jpeg.name).waitFor();
    const rounds = async (name: string) =>
      (await assetsOf(page, project.id)).find((a) => a.name === name)?.asset_versions_count;

    // The project has assets: its toolbar keeps an Upload button, beside New Folder.
    const upload = page.getByRole('button', { name: 'Upload Files' });
    const newFolder = page.getByRole('button', { name: 'New Folder' });
    const [uploadBox, folderBox] = [(await upload.boundingBox())!, (await newFolder.boundingBox())!];
    expect(Math.abs(uploadBox.y - folderBox.y)).toBeLessThan(2);
    expect(folderBox.x - (uploadBox.x + uploadBox.width)).toBeGreaterThan(0);
    expect(folderBox.x - (uploadBox.x + uploadBox.width)).toBeLessThan(24);
    await page.mouse.move(700, 500);
    await snap(page, 'project-header-upload');
    // It picks files for this project.
    await page
      .getByTestId('upload-files-input')
      .setInputFiles(join(CORPUS, 'gif/rotating-squares_30frames.gif'));
    await tile(page, 'rotating-squares_30frames.gif').waitFor({ timeout: 30_000 });
    await box(page).waitFor({ state: 'hidden', timeout: 30_000 });

    // Two files over a tile are for the project: the page's overlay, no offer.
    const two = await transferOf(page, [jpeg, psd]);
    const overTile = tile(page, jpeg.name).getByTestId('asset-name');
    await overTile.dispatchEvent('dragenter', { dataTransfer: two });
    await overTile.dispatchEvent('dragover', { dataTransfer: two });
    await page.getByTestId('drop-overlay').getByText(PROJECT_TEXTS.dropOverlay).waitFor();
    expect(await page.getByTestId('drop-spot').count()).toBe(0);
    await overTile.dispatchEvent('dragleave', { dataTransfer: two });
    await page.getByTestId('drop-overlay').waitFor({ state: 'detached' });

    // One file over the page, not on a tile: the page stays in view to aim at a tile.
    const one = await transferOf(page, [jpeg]);
    await page.dispatchEvent('main', 'dragenter', { dataTransfer: one });
    await page.locator('[data-testid=drop-overlay][data-aiming]').waitFor();
    await snap(page, 'project-drop-one-file');
    await page.dispatchEvent('main', 'dragleave', { dataTransfer: one });
    await page.getByTestId('drop-overlay').waitFor({ state: 'detached' });

    // One file of the same type dropped on a tile: offered as that asset's next round, and made.
    const retouched = corpusFile('jpeg/cmyk_swop-profile_500x333.jpg');
    const offer = await dragOntoTile(page, jpeg.name, retouched);
    await snap(page, 'project-drop-on-tile');
    await offer.target.dispatchEvent('drop', { dataTransfer: offer.transfer });
    await offer.spot.waitFor({ state: 'detached' });
    await expect.poll(() => rounds(jpeg.name), { timeout: 30_000 }).toBe(2);
    expect(await assetsOf(page, project.id)).toHaveLength(3);
    await tile(page, jpeg.name).getByText('2 rounds').waitFor({ timeout: 30_000 });

    // A PNG onto the PSD: asked first. Cancel keeps its rounds as they are.
    const png = corpusFile('png/16bit-grey-alpha_109x96.png');
    const asked = page.getByRole('dialog', { name: UPLOAD_BOX_TEXTS.typeChangeTitle });
    const question = UPLOAD_BOX_TEXTS.typeChange(psd.name, 'PSD', 'PNG').replaceAll('**', '');
    let drop = await dragOntoTile(page, psd.name, png);
    await drop.target.dispatchEvent('drop', { dataTransfer: drop.transfer });
    await asked.getByText(question).waitFor();
    await snap(page, 'dialog-round-type-change');
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await asked.waitFor({ state: 'hidden' });
    expect(await box(page).isVisible()).toBe(false);
    expect(await rounds(psd.name)).toBe(1);
    expect(await assetsOf(page, project.id)).toHaveLength(3);

    // Asked again and confirmed: the PNG is the PSD asset's next round.
    drop = await dragOntoTile(page, psd.name, png);
    await drop.target.dispatchEvent('drop', { dataTransfer: drop.transfer });
    await asked.getByRole('button', { name: UPLOAD_BOX_TEXTS.typeChangeConfirm }).click();
    await asked.waitFor({ state: 'hidden' });
    await expect.poll(() => rounds(psd.name), { timeout: 30_000 }).toBe(2);
    expect(await assetsOf(page, project.id)).toHaveLength(3);

    // A snackbar with the selection bar on screen rises above the bar, whichever came first.
    const bar = page.getByTestId('asset-selection-bar');
    await tile(page, psd.name).click();
    await bar.waitFor();
    await page.keyboard.press('a');
    await expectSnackbar(page, ASSET_TEXTS.approved(1));
    await page.mouse.move(700, 200);
    await snap(page, 'snackbar-above-selection-bar');
    await page.keyboard.press('Escape');
    await bar.waitFor({ state: 'hidden' });
    await tile(page, jpeg.name).click();
    await bar.waitFor();
    await expectSnackbar(page, ASSET_TEXTS.approved(1));
    const [note, shown] = [
      (await page.locator('.mantine-Notification-root').first().boundingBox())!,
      (await bar.boundingBox())!,
    ];
    expect(note.y + note.height).toBeLessThan(shown.y);
    await closeSnackbars(page);
    await page.keyboard.press('Escape');

    // The asset page's new round asks the same, by its button and by a drop.
    const photo = (await assetsOf(page, project.id)).find((a) => a.name === jpeg.name)!;
    await page.goto(`/projects/${project.id}/assets/${photo.id}`);
    await page.getByTestId('asset-view').waitFor();
    await page.getByRole('button', { name: 'Upload New Round' }).waitFor();
    await page
      .getByTestId('upload-files-input')
      .setInputFiles(join(CORPUS, 'png/16bit-grey-alpha_109x96.png'));
    const onAsset = UPLOAD_BOX_TEXTS.typeChange(jpeg.name, 'JPEG', 'PNG').replaceAll('**', '');
    await asked.getByText(onAsset).waitFor();
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await asked.waitFor({ state: 'hidden' });
    expect(await rounds(jpeg.name)).toBe(2);
    await dropFiles(page, [png]);
    await asked.getByText(onAsset).waitFor();
    await asked.getByRole('button', { name: UPLOAD_BOX_TEXTS.typeChangeConfirm }).click();
    await expect.poll(() => rounds(jpeg.name), { timeout: 30_000 }).toBe(3);
    await context.close();
  });

  it('shows the spec dialogs for an invalid extension, a taken name and a full workspace; Cancel All', async () => {
    const { context, page, project, workspace } = await ownerWithProject();

    // The empty box offers 'Upload Now' for the project on screen.
    await page.getByTestId('upload-button').click();
    await box(page).getByText(UPLOAD_BOX_TEXTS.empty).waitFor();
    await box(page).getByRole('button', { name: UPLOAD_BOX_TEXTS.uploadNow }).waitFor();
    await snap(page, 'upload-box-empty');
    await page.keyboard.press('Escape');
    await box(page).waitFor({ state: 'hidden' });

    // Invalid extensions: refused before a byte is sent, in one 'Invalid Format' dialog.
    await dropFiles(page, [textFile('setup.exe', 'MZ'), textFile('logo.svg', '<svg/>')]);
    const invalid = page.getByRole('dialog', { name: ASSET_TEXTS.invalidFormatTitle });
    await invalid.getByText(ASSET_TEXTS.invalidExtension('setup.exe')).waitFor();
    await invalid.getByText(ASSET_TEXTS.invalidExtension('logo.svg')).waitFor();
    await snap(page, 'dialog-invalid-format');
    await invalid.getByRole('button', { name: 'Ok' }).click();
    await invalid.waitFor({ state: 'hidden' });
    expect(await assetsOf(page, project.id)).toEqual([]);

    // A name the project has: 'Upload Error', and the offer to make it the next round.
    const portrait = corpusFile('jpeg/exif-orientation-6_portrait.jpg');
    // The first time through the Upload Now file input, the second by a drop.
    await page
      .getByTestId('upload-now-input')
      .setInputFiles(join(CORPUS, 'jpeg/exif-orientation-6_portrait.jpg'));
    await box(page).waitFor();
    await box(page).waitFor({ state: 'hidden', timeout: 30_000 });
    await dropFiles(page, [portrait]);
    const taken = page.getByRole('dialog', { name: ASSET_TEXTS.uploadErrorTitle });
    await taken.getByText(ASSET_TEXTS.nameInProject).waitFor();
    await row(page, portrait.name)
      .and(page.locator('[data-state=failed]'))
      .getByText(UPLOAD_BOX_TEXTS.failed)
      .waitFor();
    await snap(page, 'dialog-upload-error-name-taken');
    await taken.getByRole('button', { name: UPLOAD_BOX_TEXTS.uploadAsRound(portrait.name) }).click();
    await taken.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await assetsOf(page, project.id))[0]?.asset_versions_count, { timeout: 30_000 })
      .toBe(2);

    // Cancel All asks first; Cancel keeps the uploads going, Ok stops every one.
    const cdp = await throttleUploads(context, page, 100_000);
    const batch = [
      'psd/layer_effects_800x640_13layers.psd',
      'tiff/cielab-dagams_16bit_lab.tiff',
      'pdf/two_column_6pages.pdf',
    ];
    await dropFiles(page, batch.map(corpusFile));
    await box(page).locator('[data-state=uploading]').first().waitFor();
    await box(page).getByRole('button', { name: UPLOAD_BOX_TEXTS.cancelAll }).click();
    const question = page.getByRole('dialog', { name: UPLOAD_BOX_TEXTS.cancelAll });
    await question.getByText(UPLOAD_BOX_TEXTS.cancelAllConfirm).waitFor();
    await snap(page, 'dialog-cancel-all');
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await box(page).locator('[data-state=aborted]').count()).toBe(0);
    await box(page).getByRole('button', { name: UPLOAD_BOX_TEXTS.cancelAll }).click();
    await question.getByRole('button', { name: 'Ok' }).click();
    await expect.poll(() => box(page).locator('[data-state=aborted]').count()).toBe(3);
    expect(await box(page).getByRole('button', { name: UPLOAD_BOX_TEXTS.cancelAll }).isDisabled()).toBe(true);
    await box(page).waitFor({ state: 'hidden', timeout: 5000 });
    await setUploadSpeed(cdp, 0);
    expect((await assetsOf(page, project.id)).map((a) => a.name)).toEqual([portrait.name]);

    // A full workspace: the owner is offered Upgrade, which opens the plan tab.
    await leaveStorage(workspace.id, project.id, 0);
    await dropFiles(page, [corpusFile('png/16bit-grey-alpha_109x96.png')]);
    const full = page.getByRole('dialog', { name: ASSET_TEXTS.storageLimitTitle });
    await full.getByText(/Your free trial has used all of its storage/).waitFor();
    await snap(page, 'dialog-storage-limit-owner');
    await full.getByRole('button', { name: 'Upgrade' }).click();
    // The plan tab may tidy its query once it has read it: the path is what tells it opened.
    await page.waitForURL(new RegExp(`/user/workspaces/${workspace.id}/plan(\\?|$)`));
    await context.close();
  });

  it('tells a collaborator whose file is larger than what is left to ask the owner, by name and e-mail', async () => {
    // A paid workspace's owner invites a collaborator to the project.
    const owner = makeUser({ name: 'Olga Owner' });
    const collaborator = makeUser({ name: 'Cleo Collaborator' });
    const ownerSide = await newPage(env.browser, env.app);
    await signUpInSession(ownerSide.page, owner);
    const workspace = await teamWorkspace(ownerSide.page);
    const project = await createProject(ownerSide.page, workspace.id, {
      name: 'Spring Campaign',
      client_name: 'Acme Studio',
    });
    const after = await lastMailId(env.app);
    await call(ownerSide.page, 'POST', `/projects/${project.id}/members/invite`, {
      invitees: [collaborator.email],
      role: 'collaborator',
    });
    const link = await projectInvitationLink(env.app, collaborator.email, after);
    await ownerSide.context.close();

    const { context, page } = await newPage(env.browser, env.app);
    await signUpInSession(page, collaborator);
    const hash = new URL(link).pathname.split('/').pop() ?? '';
    await call(page, 'POST', `/projects/invites/${hash}/accept`);

    // 10 kB left, a 136 kB photo: refused before a byte is sent.
    const photo = corpusFile('jpeg/exif-orientation-6_portrait.jpg');
    await leaveStorage(workspace.id, project.id, 10_000);
    await page.goto(`/projects/${project.id}`);
    await page.getByTestId('project-empty').waitFor();
    await dropFiles(page, [photo]);

    // Not the owner: no Upgrade, but whom to ask, with the owner's name in bold and e-mail.
    const full = page.getByRole('dialog', { name: ASSET_TEXTS.storageLimitTitle });
    const message = storageLimitMessage({
      workspaceId: workspace.id,
      isOwner: false,
      isTrial: false,
      owner: { name: owner.name, email: owner.email },
    });
    // The row fails as the dialog opens, and the upload box closes a second later (§2: every
    // upload finished): both are looked for at once, before the dialog is read at leisure.
    await Promise.all([
      full.getByText(message.replaceAll('**', ''), { exact: true }).waitFor(),
      row(page, photo.name)
        .and(page.locator('[data-state=failed]'))
        .getByText(UPLOAD_BOX_TEXTS.failed)
        .waitFor(),
    ]);
    const name = full.getByText(owner.name, { exact: true });
    expect(await name.evaluate((element) => getComputedStyle(element).fontWeight)).toBe('600');
    // Besides the close icon, only Ok.
    expect((await full.getByRole('button').allInnerTexts()).filter(Boolean)).toEqual(['Ok']);
    await shot(page, 'dialog-storage-limit-collaborator');

    await full.getByRole('button', { name: 'Ok' }).click();
    await full.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(`${env.app.baseUrl}/projects/${project.id}`);
    expect(await assetsOf(page, project.id)).toEqual([]);
    await context.close();
  });

  it('resumes where it stopped after the connection drops, and warns before leaving meanwhile', async () => {
    const { context, page, project } = await ownerWithProject();
    const cdp = await throttleUploads(context, page, 1_000_000);
    const requests: { method: string; offset: string | undefined }[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/uploads'))
        requests.push({ method: request.method(), offset: request.headers()['upload-offset'] });
    });
    const name = 'noise-2000px.png';
    await dropFiles(page, [{ name, base64: noisePng(2000).toString('base64') }]);
    const percent = async () =>
      Number(
        (
          await row(page, name)
            .getByText(/^\d+%$/)
            .innerText()
        ).replace('%', ''),
      );
    await expect.poll(percent, { timeout: 30_000 }).toBeGreaterThanOrEqual(10);

    // Leaving asks first while an upload runs: the page's beforeunload handler holds the unload.
    const leaving = () =>
      page.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    expect(await leaving()).toBe(true);

    // The connection goes: the PATCH on its way is cut and the first retry fails too, yet the row
    // still says it is sending. Once the connection is back it keeps going from the server's
    // offset (HEAD, then a PATCH from there), not from the first byte.
    const failed: string[] = [];
    page.on('requestfailed', (request) => {
      if (request.url().includes('/api/v1/uploads')) failed.push(request.method());
    });
    await setUploadSpeed(cdp, 0, true);
    await expect.poll(() => failed.length).toBeGreaterThanOrEqual(2);
    expect(failed[0]).toBe('PATCH');
    expect(await row(page, name).getAttribute('data-state')).toBe('uploading');
    await setUploadSpeed(cdp, 0);
    await box(page).waitFor({ state: 'hidden', timeout: 60_000 });
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    const head = requests.findIndex((r) => r.method === 'HEAD');
    const resumed = requests.slice(head).find((r) => r.method === 'PATCH');
    expect(requests[1]).toEqual({ method: 'PATCH', offset: '0' });
    expect(Number(resumed?.offset)).toBeGreaterThan(0);
    const [asset] = await assetsOf(page, project.id);
    expect(asset?.name).toBe(name);
    // Nothing running: leaving no longer asks.
    expect(await leaving()).toBe(false);
    await context.close();
  });
});
