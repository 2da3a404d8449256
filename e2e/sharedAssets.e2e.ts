import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AssetView } from '@common/api/assets';
import { MARKUP_COLORS } from '@common/api/comments';
import { PROJECT_TEXTS } from '@common/api/projects';
import { newPage, shot, useAppAndBrowser } from './harness';
import { makeUser, signUpInSession } from './journeys';
import { call, createProject, trialWorkspace } from './projectJourneys';

const env = useAppAndBrowser();

const CORPUS = resolve(import.meta.dirname, '..', '..', 'shared', 'corpus');
/** Uploaded in this order: the list shows them newest first, the PDF between two pictures. */
const FILES = [
  'jpeg/exif-orientation-6_landscape.jpg',
  'pdf/two_column_6pages.pdf',
  'jpeg/exif-orientation-6_portrait.jpg',
  'jpeg/cmyk_swop-profile_500x333.jpg',
];
const [LANDSCAPE, PDF, PORTRAIT, CMYK] = FILES.map((path) => basename(path)) as [
  string,
  string,
  string,
  string,
];

/** An owner's project with the four files, their previews made, shared by link. */
async function sharedProject() {
  const { context, page } = await newPage(env.browser, env.app);
  await signUpInSession(page, makeUser({ name: 'Olga Owner' }));
  const workspace = await trialWorkspace(page);
  const project = await createProject(page, workspace.id, {
    name: 'Spring Campaign — selects',
    client_name: 'Acme Studio',
  });
  for (const path of FILES) {
    const answer = await page.request.post('/api/v1/assets', {
      multipart: {
        project_id: String(project.id),
        file: {
          name: basename(path),
          mimeType: 'application/octet-stream',
          buffer: readFileSync(join(CORPUS, path)),
        },
      },
    });
    expect(answer.status()).toBe(201);
  }
  // A folder with a picture: its card on the shared grid shows it through the link.
  const folder = await call<{ id: number }>(page, 'POST', `/projects/${project.id}/folders`, {
    name: 'Retouched',
  });
  const inFolder = await page.request.post('/api/v1/assets', {
    multipart: {
      project_id: String(project.id),
      folder_id: String(folder.id),
      file: {
        name: 'hero-retouched.jpg',
        mimeType: 'application/octet-stream',
        buffer: readFileSync(join(CORPUS, FILES[0]!)),
      },
    },
  });
  expect(inFolder.status()).toBe(201);
  await env.app.ctx.jobs.idle();
  const assets = await call<AssetView[]>(page, 'GET', `/projects/${project.id}/assets`);
  const idOf = (name: string) => assets.find((asset) => asset.name === name)!.id;
  const share = (body: object) =>
    call<{ share_hash: string }>(page, 'POST', `/projects/${project.id}/share`, body);
  const { share_hash } = await share({});
  return { context, page, project, idOf, share, link: `/projects/shared_view/${share_hash}` };
}

const viewerTitle = (page: Page) => page.getByTestId('shared-asset-title');

/** The viewer's canvas has drawn the preview (or its tiles), not only the placeholder. */
const PICTURE_DRAWN = '[data-testid="viewer-canvas"]:is([data-shown="preview"], [data-shown="tiles"])';

async function pictureShown(page: Page, name: string) {
  await viewerTitle(page).getByText(name, { exact: true }).waitFor();
  await page.locator(PICTURE_DRAWN).waitFor();
}

const scaleOf = async (page: Page) =>
  Number(await page.getByTestId('viewer-canvas').getAttribute('data-scale'));

describe('the assets of a public link', () => {
  it('shows the tiles, opens an image, moves with ← →, and offers Download only on a downloadable link', async () => {
    const owner = await sharedProject();
    const noted = await call<{ id: number }>(owner.page, 'POST', '/comments', {
      asset_id: owner.idOf(CMYK),
      text: 'Lift the shadows a touch.',
      markup: [
        {
          points: [
            { x: 0.2, y: 0.3 },
            { x: 0.5, y: 0.45 },
            { x: 0.7, y: 0.4 },
          ],
          stroke_color: MARKUP_COLORS.red,
          stroke_size: 4,
          is_relative: true,
        },
      ],
    });
    await call(owner.page, 'POST', '/comments', {
      asset_id: owner.idOf(CMYK),
      parent_id: noted.id,
      text: 'Will do in the next round.',
    });
    const visitor = await newPage(env.browser, env.app);
    const page = visitor.page;

    await page.goto(owner.link);
    await page.getByTestId('shared-title').getByText('Spring Campaign — selects').waitFor();
    const tiles = page.getByTestId('shared-asset-tile');
    await page.getByTestId('shared-asset-grid').waitFor();
    expect(await tiles.evaluateAll((all) => all.map((tile) => tile.getAttribute('aria-label')))).toEqual([
      CMYK,
      PORTRAIT,
      PDF,
      LANDSCAPE,
    ]);
    // Every tile ends with its thumbnail in place of the placeholder, the PDF's first page too.
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="shared-thumbnail"][data-loaded="true"]').length === 4,
    );
    expect(await page.getByTestId('shared-thumbnail-lqip').filter({ visible: true }).count()).toBe(0);
    expect(await page.getByTestId('shared-asset-count').innerText()).toBe('4');
    // The folder's card shows its picture: the link serves it to a visitor without an account.
    await page.waitForFunction(() => {
      const images = [...document.querySelectorAll<HTMLImageElement>('[data-testid="folder-previews"] img')];
      return images.length === 1 && images.every((image) => image.complete && image.naturalWidth > 0);
    });
    expect(await page.getByTestId('shared-download-all').count()).toBe(0);
    await shot(page, 'shared-assets-grid');

    // An image: the preview, no Download on a view-only link, the trail back to the project.
    await tiles.filter({ hasText: CMYK }).getByTestId('shared-asset-name').click();
    await page.waitForURL(`**${owner.link}/assets/${owner.idOf(CMYK)}`);
    await pictureShown(page, CMYK);
    expect(await page.getByTestId('shared-asset-facts').innerText()).toMatch(/^JPEG · 500 × 333 · /);
    expect(await page.getByTestId('shared-download').count()).toBe(0);
    expect(await page.getByRole('button', { name: /Round/ }).count()).toBe(0);
    const trail = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await trail.getByText(CMYK).waitFor();
    // A shared view has no home icon; the bar offers Register and Login instead.
    expect(await trail.getByRole('link', { name: 'All projects' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Register' }).waitFor();
    expect(await page.getByRole('button', { name: 'Previous image' }).isDisabled()).toBe(true);
    // The team's comments stay with the team unless the link's settings show them.
    expect(await page.getByTestId('shared-comments').count()).toBe(0);
    expect(await page.getByTestId('markup-canvas').count()).toBe(0);
    expect(await page.getByText('Lift the shadows a touch.').count()).toBe(0);

    // Zoom as members do: the controls, the wheel around the cursor, and back to fit.
    const fit = await scaleOf(page);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => scaleOf(page)).toBeGreaterThan(fit * 1.1);
    const stage = (await page.getByTestId('viewer-stage').boundingBox())!;
    await page.mouse.move(stage.x + stage.width / 2, stage.y + stage.height / 2);
    const before = await scaleOf(page);
    await page.mouse.wheel(0, -400);
    await expect.poll(() => scaleOf(page)).toBeGreaterThan(before * 1.2);
    expect(await page.getByTestId('zoom-percent').innerText()).toMatch(/^\d+%$/);
    await page.mouse.move(stage.x + 20, stage.y + 20);
    await shot(page, 'shared-asset-zoomed');
    await page.keyboard.press('0');
    await expect.poll(() => scaleOf(page)).toBeCloseTo(fit, 5);

    // 'Show comments' on: the round's comments to read, the drawing over the picture with its number.
    await owner.share({ show_comments: true });
    await page.reload();
    await pictureShown(page, CMYK);
    await page.getByTestId('shared-comment').getByText('Lift the shadows a touch.').waitFor();
    expect(await page.getByTestId('shared-reply').innerText()).toContain('Will do in the next round.');
    await page.locator('[data-testid="markup-canvas"][data-shapes="1"]').waitFor();
    await page.locator('[data-testid="marker-canvas"][data-markers="1"]').waitFor();
    await shot(page, 'shared-asset-page');

    // → and ← move among the images only: the PDF between them is stepped over.
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`**/assets/${owner.idOf(PORTRAIT)}`);
    await pictureShown(page, PORTRAIT);
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(`**/assets/${owner.idOf(LANDSCAPE)}`);
    await pictureShown(page, LANDSCAPE);
    expect(await page.getByRole('button', { name: 'Next image' }).isDisabled()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await page.waitForURL(`**/assets/${owner.idOf(PORTRAIT)}`);
    await page.getByRole('button', { name: 'Previous image' }).click();
    await page.waitForURL(`**/assets/${owner.idOf(CMYK)}`);
    await pictureShown(page, CMYK);

    // The document shows its first page, then the others by button and by Page Down / Page Up,
    // each drawn by the server through the link's own page address.
    await page.goto(`${owner.link}/assets/${owner.idOf(PDF)}`);
    await pictureShown(page, PDF);
    const pageLabel = page.getByTestId('page-label');
    expect(await pageLabel.innerText()).toBe('Page 1 of 6');
    expect(await page.getByRole('button', { name: /^Previous page/ }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: /^Next page/ }).click();
    await pageLabel.getByText('Page 2 of 6').waitFor();
    const image = page.getByTestId('shared-viewer-image');
    await page.locator(PICTURE_DRAWN).waitFor();
    expect(await image.getAttribute('data-src')).toMatch(
      new RegExp(`^/api/v1/shared/${owner.link.split('/').pop()}/.*pages/2$`),
    );
    await page.keyboard.press('PageDown');
    await pageLabel.getByText('Page 3 of 6').waitFor();
    await page.locator(PICTURE_DRAWN).waitFor();
    await shot(page, 'shared-asset-document');
    await page.keyboard.press('PageUp');
    await pageLabel.getByText('Page 2 of 6').waitFor();

    // Downloads allowed: the bar offers the latest round's original.
    await owner.share({ downloadable: true, show_comments: true });
    await page.goto(`${owner.link}/assets/${owner.idOf(CMYK)}`);
    const download = page.getByTestId('shared-download');
    await download.waitFor();
    const href = (await download.getAttribute('href'))!;
    expect(href).toMatch(/\/original$/);
    const original = await page.request.get(href);
    expect(original.status()).toBe(200);
    expect((await original.body()).length).toBe(readFileSync(join(CORPUS, FILES[3]!)).length);
    await shot(page, 'shared-asset-page-downloadable');

    // Back to the project by its crumb: 'Download all' zips the whole project.
    await trail.getByRole('button', { name: 'Spring Campaign — selects' }).click();
    await page.getByTestId('shared-asset-grid').waitFor();
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('shared-download-all').click(),
    ]);
    expect(zip.suggestedFilename()).toBe('Spring Campaign — selects.zip');
    expect(await zip.failure()).toBeNull();
    await shot(page, 'shared-assets-grid-downloadable');
    await visitor.context.close();
    await owner.context.close();
  });

  it('asks for the password of a protected link on an asset page first, then shows the asset', async () => {
    const owner = await sharedProject();
    await owner.share({ password: 'north-star' });
    const { context, page } = await newPage(env.browser, env.app);
    await page.goto(`${owner.link}/assets/${owner.idOf(PORTRAIT)}`);
    const prompt = page.getByTestId('shared-password');
    await prompt.getByText(PROJECT_TEXTS.sharePasswordRequired).waitFor();
    expect(await page.getByTestId('shared-asset').count()).toBe(0);
    await shot(page, 'shared-asset-password');
    await prompt.getByRole('textbox', { name: 'Password', exact: true }).fill('north-star');
    await prompt.getByRole('button', { name: 'Open Project' }).click();
    await pictureShown(page, PORTRAIT);

    // Revoked while open: the next asset address is refused at once.
    await call(owner.page, 'DELETE', `/projects/${owner.project.id}/share`);
    await page.goto(`${owner.link}/assets/${owner.idOf(CMYK)}`);
    await page.getByTestId('shared-not-found').waitFor();
    await context.close();
    await owner.context.close();
  });
});
