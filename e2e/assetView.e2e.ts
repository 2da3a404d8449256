import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ASSET_TEXTS, type AssetView } from '@common/api/assets';
import { newPage, SCREENSHOT_DIR, settled, shot, useAppAndBrowser } from './harness';
import { closeSnackbars, expectSnackbar, makeUser, signUpInSession } from './journeys';
import { call, createProject, trialWorkspace } from './projectJourneys';
import { drawStroke } from './reviewJourneys';
import { testChart } from './testChart';

const env = useAppAndBrowser();

const CORPUS = resolve(import.meta.dirname, '..', '..', 'shared', 'corpus');
const LANDSCAPE = 'jpeg/exif-orientation-6_landscape.jpg';
const CMYK = 'jpeg/cmyk_swop-profile_500x333.jpg';
const PDF = 'pdf/two_column_6pages.pdf';
/** An InDesign file saved without a preview: nothing to show, a reason to give. */
const NO_PREVIEW = 'indd/indesign-2020_no-preview.indd';

const corpusFile = (path: string) => ({ name: basename(path), buffer: readFileSync(join(CORPUS, path)) });

async function upload(
  page: Page,
  url: string,
  fields: Record<string, string>,
  { name, buffer }: { name: string; buffer: Buffer },
) {
  const answer = await page.request.post(url, {
    multipart: { ...fields, file: { name, mimeType: 'application/octet-stream', buffer } },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { response: AssetView }).response;
}

const canvas = (page: Page) => page.getByTestId('viewer-canvas');
const data = (page: Page, name: string) => canvas(page).getAttribute(`data-${name}`);

/** The viewer has drawn the picture as sharp as the screen needs: nothing left on its way. */
async function sharp(page: Page, shown: string) {
  await page.waitForFunction(
    (want) => {
      const element = document.querySelector<HTMLCanvasElement>('[data-testid="viewer-canvas"]');
      return element?.dataset.shown === want && element.dataset.pending === '0';
    },
    shown,
    { timeout: 20_000 },
  );
}

/** The view's transform as last drawn: screen = offset + image × scale. */
async function drawnView(page: Page) {
  const [scale, x, y] = await Promise.all(['scale', 'x', 'y'].map((name) => data(page, name)));
  return { scale: Number(scale), x: Number(x), y: Number(y) };
}

/** Waits until the drawn scale is `scale` (to 3 decimals). */
async function drawnScale(page: Page, scale: number) {
  await page.waitForFunction((want) => {
    const element = document.querySelector<HTMLCanvasElement>('[data-testid="viewer-canvas"]');
    return Math.abs(Number(element?.dataset.scale) - want) < 0.0005;
  }, scale);
}

/** The deepest pyramid level any tile was fetched from so far. */
const deepestTileLevel = (page: Page) =>
  page.evaluate(() =>
    Math.max(
      -1,
      ...performance
        .getEntriesByType('resource')
        .map((entry) => /image_files\/(\d+)\//.exec(entry.name)?.[1])
        .filter((level) => level !== undefined)
        .map(Number),
    ),
  );

describe('the asset view', () => {
  it('shows a 100-megapixel picture sharp at every zoom, its rounds, approval, neighbours and keys', async () => {
    const { page } = await newPage(env.browser, env.app);
    await signUpInSession(page, makeUser({ name: 'Rita Reviewer' }));
    const workspace = await trialWorkspace(page);
    const project = await createProject(page, workspace.id, { name: 'Autumn catalogue' });
    const fields = { project_id: String(project.id) };
    const cmyk = await upload(page, '/api/v1/assets', fields, corpusFile(CMYK));
    const hero = await upload(page, '/api/v1/assets', fields, corpusFile(LANDSCAPE));
    await env.app.ctx.jobs.idle();
    // The hero's next round is a 12000 × 8400 chart (a pyramid of 15 levels, level 14 at 1:1);
    // the view opens while it is still processing.
    const chart = { name: 'chart.jpg', buffer: await testChart() };
    const second = await upload(page, `/api/v1/assets/${hero.id}/versions`, {}, chart);
    const [firstRound, lastRound] = [hero.current_version.number, second.current_version.number];
    await page.goto(`/projects/${project.id}/assets/${hero.id}`);
    const processing = page.getByRole('status').filter({ hasText: 'Preparing the preview' });
    await processing.waitFor({ timeout: 20_000 });
    await shot(page, 'asset-view-processing');

    await env.app.ctx.jobs.idle();
    await sharp(page, 'preview');
    expect(await page.getByTestId('asset-name').innerText()).toBe(basename(LANDSCAPE));
    expect(await page.getByTestId('asset-facts').innerText()).toContain('12000 × 8400');
    const fitScale = Number(await data(page, 'scale'));
    expect(fitScale).toBeLessThan(0.1);
    await shot(page, 'asset-view-image-fit');

    // 1: 100 %, the full-resolution level's tiles of the middle of the picture only.
    await page.keyboard.press('1');
    await page.getByTestId('zoom-percent').getByText('100%').waitFor();
    await sharp(page, 'tiles');
    expect(await data(page, 'level')).toBe('14');
    expect(await deepestTileLevel(page)).toBe(14);
    const fullTiles = await page.evaluate(
      () => performance.getEntriesByType('resource').filter((e) => e.name.includes('image_files/14/')).length,
    );
    // 1440 × 836 of the stage at 100 %: a few 512 px tiles of the 24 × 17 there are.
    expect(fullTiles).toBeGreaterThan(2);
    expect(fullTiles).toBeLessThanOrEqual(12);
    await shot(page, 'asset-view-image-100');

    // 0 fits again; + and − zoom by steps around the middle.
    await page.keyboard.press('0');
    await drawnScale(page, fitScale);
    await page.keyboard.press('+');
    await drawnScale(page, fitScale * 1.5);
    await page.keyboard.press('-');
    await drawnScale(page, fitScale);

    // The wheel zooms around the cursor: the picture point under it stays under it.
    const stage = (await page.getByTestId('viewer-stage').boundingBox())!;
    // Whole pixels: mouse events carry whole client coordinates.
    const cursor = { x: Math.round(stage.width * 0.3), y: Math.round(stage.height * 0.4) };
    const fitted = await drawnView(page);
    await page.mouse.move(stage.x + cursor.x, stage.y + cursor.y);
    for (let turn = 0; turn < 4; turn++) await page.mouse.wheel(0, -200);
    await page.waitForFunction(
      (scale) =>
        Number(document.querySelector<HTMLCanvasElement>('[data-testid="viewer-canvas"]')?.dataset.scale) >
        scale * 4,
      fitScale,
    );
    await sharp(page, 'tiles');
    const zoomed = await drawnView(page);
    // The picture point that was under the cursor is drawn under it still (to a screen pixel).
    const pointUnder = { x: (cursor.x - fitted.x) / fitted.scale, y: (cursor.y - fitted.y) / fitted.scale };
    expect(Math.abs(zoomed.x + pointUnder.x * zoomed.scale - cursor.x)).toBeLessThan(1);
    expect(Math.abs(zoomed.y + pointUnder.y * zoomed.scale - cursor.y)).toBeLessThan(1);
    const level = Number(await data(page, 'level'));
    expect(level).toBeGreaterThan(11);
    expect(level).toBeLessThan(14);
    // That level's tiles came for the part on screen.
    expect(
      await page.evaluate(
        (at) => performance.getEntriesByType('resource').some((e) => e.name.includes(`image_files/${at}/`)),
        level,
      ),
    ).toBe(true);

    // A drag with the middle button pans by as much as the mouse moved, at the same zoom (the
    // main button draws markup).
    await page.mouse.down({ button: 'middle' });
    await page.mouse.move(stage.x + cursor.x + 200, stage.y + cursor.y + 100, { steps: 5 });
    await page.mouse.up({ button: 'middle' });
    await page.waitForFunction(
      (x) =>
        Number(document.querySelector<HTMLCanvasElement>('[data-testid="viewer-canvas"]')?.dataset.x) > x,
      zoomed.x + 150,
    );
    const panned = await drawnView(page);
    expect(panned.scale).toBe(zoomed.scale);
    expect(panned.x - zoomed.x).toBeCloseTo(200, 0);
    expect(panned.y - zoomed.y).toBeCloseTo(100, 0);

    // The first round from the menu: the landscape photo, fitted; back to the latest.
    await page.getByTestId('round-selector').click();
    await page.getByRole('menuitem', { name: new RegExp(`^Round ${firstRound}\\b`) }).click();
    await page.getByTestId('round-selector').getByText('Older').waitFor();
    await sharp(page, 'preview');
    expect(await page.getByTestId('asset-facts').innerText()).not.toContain('12000');
    await page.getByTestId('round-selector').click();
    await page.getByRole('menuitem', { name: new RegExp(`^Round ${lastRound}\\b`) }).click();
    await page
      .getByTestId('asset-facts')
      .getByText(/12000 × 8400/)
      .waitFor();

    // Approval: the button, then A to take it back; the server holds each.
    const approval = page.getByTestId('approval-toggle');
    await approval.click();
    await page.locator('[data-testid="approval-toggle"][aria-pressed="true"]').waitFor();
    await expectSnackbar(page, ASSET_TEXTS.approved(1));
    // The snackbar sits above the zoom controls, never over them (expectSnackbar checks it).
    await settled(page);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'asset-view-snackbar.png') });
    await expect
      .poll(async () => (await call<AssetView>(page, 'GET', `/assets/${hero.id}`)).approve)
      .toBe('confirmed');
    await closeSnackbars(page);
    await page.keyboard.press('a');
    await page.locator('[data-testid="approval-toggle"][aria-pressed="false"]').waitFor();
    await expect
      .poll(async () => (await call<AssetView>(page, 'GET', `/assets/${hero.id}`)).approve)
      .toBe('pending');

    // The rush flag shows at once and says so.
    await page.getByTestId('rush-toggle').click();
    await page.locator('[data-testid="rush-toggle"][aria-pressed="true"]').waitFor();
    await expectSnackbar(page, ASSET_TEXTS.rushAdded);
    await expect
      .poll(async () => (await call<AssetView>(page, 'GET', `/assets/${hero.id}`)).rush_priority)
      .toBe(true);
    await closeSnackbars(page);

    // → and ← move between the project's assets in the grid's order.
    await page.getByTestId('asset-position').getByText(/of 2/).waitFor();
    const first = await page.getByTestId('asset-name').innerText();
    const other = first === basename(LANDSCAPE) ? basename(CMYK) : basename(LANDSCAPE);
    const [from, to] = (await page.getByRole('button', { name: 'Next asset' }).isEnabled())
      ? (['ArrowRight', 'ArrowLeft'] as const)
      : (['ArrowLeft', 'ArrowRight'] as const);
    await page.keyboard.press(from);
    await page.getByTestId('asset-name').getByText(other).waitFor();
    expect(page.url()).toContain(`/assets/${cmyk.id}`);
    await sharp(page, 'preview');
    await page.keyboard.press(to);
    await page.getByTestId('asset-name').getByText(first).waitFor();

    // ? lists every shortcut.
    await page.keyboard.press('Shift+?');
    await page.getByTestId('shortcuts-help').waitFor();
    expect(await page.getByTestId('shortcuts-help').innerText()).toContain('Fit to screen');
    await shot(page, 'asset-view-shortcuts');
    await page.keyboard.press('Escape');
    await page.getByTestId('shortcuts-help').waitFor({ state: 'detached' });

    // The uploader deletes the latest round, once asked: the first one is current again.
    await page.getByTestId('round-selector').click();
    await page.getByRole('menuitem', { name: `Delete Round ${lastRound}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete Round' }).click();
    await expectSnackbar(page, ASSET_TEXTS.lastRoundDeleted);
    await page.getByTestId('round-selector').getByText(`Round ${firstRound}`).waitFor();
    expect(await page.getByTestId('asset-facts').innerText()).not.toContain('12000');
    await sharp(page, 'preview');
    expect((await call<AssetView>(page, 'GET', `/assets/${hero.id}`)).asset_versions_count).toBe(1);
  });

  it('moves through a PDF page by page, says why a file has no preview, and when an asset is gone', async () => {
    const { page } = await newPage(env.browser, env.app);
    await signUpInSession(page, makeUser({ name: 'Paul Pages' }));
    const workspace = await trialWorkspace(page);
    const project = await createProject(page, workspace.id, { name: 'Annual report' });
    const fields = { project_id: String(project.id) };
    const pdf = await upload(page, '/api/v1/assets', fields, corpusFile(PDF));
    const indd = await upload(page, '/api/v1/assets', fields, corpusFile(NO_PREVIEW));
    await env.app.ctx.jobs.idle();

    await page.goto(`/projects/${project.id}/assets/${pdf.id}`);
    await sharp(page, 'preview');
    const label = page.getByTestId('page-label');
    expect(await label.innerText()).toBe('Page 1 of 6');
    await shot(page, 'asset-view-pdf-page-1');
    await page.keyboard.press('1');
    await page.getByTestId('zoom-percent').getByText('100%').waitFor();
    await page.getByRole('button', { name: 'Next page' }).click();
    await label.getByText('Page 2 of 6').waitFor();
    // Page 2's own picture, drawn by the server on its first view: not 'no preview yet'.
    await sharp(page, 'preview');
    await page.getByTestId('page-drawing').waitFor({ state: 'detached' });
    expect(await page.getByTestId('page-missing').count()).toBe(0);
    expect(
      await page.evaluate(() =>
        performance.getEntriesByType('resource').some((entry) => /\/pages\/2$/.test(entry.name)),
      ),
    ).toBe(true);
    await shot(page, 'asset-view-pdf-page-2');

    // A line drawn on page 2 and its comment: the marker shows on page 2 only.
    await page.keyboard.press('0');
    await page.getByTestId('markup-toolbar').waitFor();
    await drawStroke(page, [0.3, 0.35], [0.62, 0.42]);
    await page.getByTestId('composer-drawings').waitFor();
    await page.getByTestId('comment-input').fill('Tighten the gutter between the two columns');
    await page.keyboard.press('Enter');
    const comment = page.getByTestId('comment').filter({ hasText: 'Tighten the gutter' });
    await comment.getByTestId('comment-number').getByText('1').waitFor();
    await comment.getByTestId('comment-page').getByText('Page 2').waitFor();
    const marker = page.getByTestId('markup-marker');
    await marker.getByText('1').waitFor();
    await shot(page, 'asset-view-pdf-page-2-markup');
    await page.getByRole('button', { name: 'Previous page' }).click();
    await label.getByText('Page 1 of 6').waitFor();
    await sharp(page, 'preview');
    await expect.poll(() => marker.count()).toBe(0);
    // The comment is still listed, with its page; picking the page brings the drawing back.
    await comment.getByTestId('comment-page').click();
    await label.getByText('Page 2 of 6').waitFor();
    await marker.getByText('1').waitFor();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await label.getByText('Page 1 of 6').waitFor();
    await sharp(page, 'preview');
    expect(await page.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);

    // A file the converters found no picture in: the reason, and the file to download.
    await page.goto(`/projects/${project.id}/assets/${indd.id}`);
    const failed = page.getByTestId('round-failed');
    await failed.waitFor();
    expect(await failed.getByTestId('round-failed-reason').innerText()).not.toBe('');
    await shot(page, 'asset-view-failed');
    await failed.getByRole('button', { name: 'Download the file' }).click();
    await page.getByTestId('download-dialog').waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`/projects/${project.id}/assets/${pdf.id + 1000}`);
    const gone = page.getByTestId('asset-not-found');
    await gone.getByText(ASSET_TEXTS.notFound).waitFor();
    await gone.getByRole('link', { name: 'Back to the project' }).click();
    await page.waitForURL(`**/projects/${project.id}`);
  });
});
