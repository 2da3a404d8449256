import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AssetView } from '@common/api/assets';
import { newPage, shot, useAppAndBrowser } from './harness';
import { makeUser, signUpInSession } from './journeys';
import { createProject, trialWorkspace } from './projectJourneys';
import { testChart } from './testChart';

const env = useAppAndBrowser();

/** A 45-megapixel chart: a pyramid of 14 levels (13 at 1:1), its 2048 px preview a 3.9× downsample. */
const WIDTH = 8000;
const HEIGHT = 5600;
/** The retouch: a 2 × 2 spot in the sky, darker by 70 on each channel. */
const SPOT = { x: 2250, y: 1350, size: 2, darker: 70 };

const JPEG = { quality: 95 };

let chartPixels: Promise<Buffer> | null = null;
/** The chart's pixels, made once for the file's journeys. */
function chart(): Promise<Buffer> {
  chartPixels ??= testChart(WIDTH, HEIGHT).then((jpeg) => sharp(jpeg, { unlimited: true }).raw().toBuffer());
  return chartPixels;
}

/** `pixels` (RGB, `width` wide) with a square spot darkened at (x, y). */
function withSpot(pixels: Buffer, width: number, at: { x: number; y: number }): Buffer {
  const touched = Buffer.from(pixels);
  for (let y = at.y; y < at.y + SPOT.size; y++)
    for (let x = at.x; x < at.x + SPOT.size; x++)
      for (let c = 0; c < 3; c++) {
        const i = (y * width + x) * 3 + c;
        touched[i] = Math.max(0, touched[i]! - SPOT.darker);
      }
  return touched;
}

const encode = (pixels: Buffer, width: number, height: number) =>
  sharp(pixels, { raw: { width, height, channels: 3 }, unlimited: true })
    .jpeg(JPEG)
    .toBuffer();

/**
 * Two rounds of the same chart, the second with the spot: both encoded from the same pixels, so
 * every JPEG block away from the spot is identical and only the spot differs.
 */
async function roundPair(): Promise<[Buffer, Buffer]> {
  const pixels = await chart();
  return Promise.all([encode(pixels, WIDTH, HEIGHT), encode(withSpot(pixels, WIDTH, SPOT), WIDTH, HEIGHT)]);
}

/** Round B at 3/4 of the base's size each way (6000 × 4200, a pyramid of its own). */
const SMALL = { width: 6000, height: 4200 };
/** The spot in round B's pixels: at the base's (2250.7, 1350.7), 2.7 of its pixels across. */
const SMALL_SPOT = { x: 1688, y: 1013 };

/** The chart, and the chart at 3/4 of its size with the spot painted into the smaller one. */
async function roundsOfTwoSizes(): Promise<[Buffer, Buffer]> {
  const pixels = await chart();
  const small = await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 }, unlimited: true })
    .resize(SMALL.width, SMALL.height)
    .raw()
    .toBuffer();
  return Promise.all([
    encode(pixels, WIDTH, HEIGHT),
    encode(withSpot(small, SMALL.width, SMALL_SPOT), SMALL.width, SMALL.height),
  ]);
}

async function upload(page: Page, url: string, fields: Record<string, string>, name: string, buffer: Buffer) {
  const answer = await page.request.post(url, {
    multipart: { ...fields, file: { name, mimeType: 'image/jpeg', buffer } },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { response: AssetView }).response;
}

/** The view's transform as round A's canvas last drew it: screen = offset + picture × scale. */
async function drawnView(page: Page) {
  const canvas = page.getByTestId('compare-round-a').getByTestId('viewer-canvas');
  const [scale, x, y] = await Promise.all(
    ['scale', 'x', 'y'].map((name) => canvas.getAttribute(`data-${name}`)),
  );
  return { scale: Number(scale), x: Number(x), y: Number(y) };
}

/**
 * The magenta (changed) pixels a canvas shows in a square of `radius` CSS pixels around a point
 * of the stage, read back from the canvas in the page: where they are, relative to the point.
 */
function changedAround(page: Page, testId: string, at: { x: number; y: number }, radius: number) {
  return page.evaluate(
    ({ testId, at, radius }) => {
      const canvas = document.querySelector<HTMLCanvasElement>(`[data-testid="${testId}"]`)!;
      const ratio = canvas.width / canvas.getBoundingClientRect().width;
      const left = Math.round((at.x - radius) * ratio);
      const top = Math.round((at.y - radius) * ratio);
      const side = Math.round(radius * 2 * ratio);
      const pixels = canvas.getContext('2d')!.getImageData(left, top, side, side).data;
      const changed: { x: number; y: number }[] = [];
      for (let i = 0; i < pixels.length; i += 4)
        if (pixels[i] === 255 && pixels[i + 1] === 0 && pixels[i + 2] === 170 && pixels[i + 3] === 255) {
          const p = i / 4;
          changed.push({
            x: (left + (p % side)) / ratio - at.x,
            y: (top + Math.floor(p / side)) / ratio - at.y,
          });
        }
      return changed;
    },
    { testId, at, radius },
  );
}

/** The tiles' difference has drawn every tile the screen needs at `tolerance`. */
async function tilesDrawn(page: Page, tolerance: number, level: string) {
  await page.waitForFunction(
    ({ tolerance, level }) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="difference-tiles"]');
      return (
        canvas?.dataset.level === level &&
        canvas.dataset.pending === '0' &&
        canvas.dataset.tolerance === String(tolerance) &&
        Number(canvas.dataset.drawn) > 0
      );
    },
    { tolerance, level },
    { timeout: 20_000 },
  );
}

/** Two rounds uploaded as an asset's first and second, compared as a difference, fitted. */
async function openDifference(name: string, [before, after]: [Buffer, Buffer]): Promise<Page> {
  const { page } = await newPage(env.browser, env.app);
  await signUpInSession(page, makeUser({ name }));
  const workspace = await trialWorkspace(page);
  const project = await createProject(page, workspace.id, { name: 'Dust spots' });
  const asset = await upload(page, '/api/v1/assets', { project_id: String(project.id) }, 'sky.jpg', before);
  await env.app.ctx.jobs.idle();
  await upload(page, `/api/v1/assets/${asset.id}/versions`, {}, 'sky-retouched.jpg', after);
  await env.app.ctx.jobs.idle();

  await page.goto(`/projects/${project.id}/assets/${asset.id}`);
  await page
    .getByTestId('viewer-canvas')
    .and(page.locator('[data-shown="preview"]'))
    .waitFor({ timeout: 20_000 });
  await page.getByTestId('compare-toggle').click();
  await page.getByTestId('compare-view').waitFor();
  await page.keyboard.press('5');
  await page.locator('[data-testid="compare-view"][data-mode="difference"]').waitFor();
  return page;
}

/** 100 % (in compare, 1 is side by side: the percentage in the dock), dragged until `point` is mid-stage. */
async function centreAt100(page: Page, point: { x: number; y: number }) {
  await page.getByTestId('zoom-percent').click();
  await page.getByTestId('zoom-percent').getByText('100%').waitFor();
  // The canvas draws the new scale on its next frame: the drags start from what it shows.
  await page
    .locator('[data-testid="compare-round-a"] [data-testid="viewer-canvas"][data-scale="1.000000"]')
    .waitFor({ state: 'attached' });
  const stage = (await page.getByTestId('compare-stage').boundingBox())!;
  const middle = { x: stage.x + stage.width / 2, y: stage.y + stage.height / 2 };
  let view = await drawnView(page);
  for (let turn = 0; turn < 4; turn++) {
    const dx = (middle.x - stage.x - (view.x + point.x * view.scale)) / (4 - turn);
    const dy = (middle.y - stage.y - (view.y + point.y * view.scale)) / (4 - turn);
    await page.mouse.move(middle.x, middle.y);
    await page.mouse.down();
    await page.mouse.move(middle.x + dx, middle.y + dy, { steps: 4 });
    await page.mouse.up();
    await page.waitForFunction(
      (x) =>
        Math.abs(
          Number(
            document.querySelector<HTMLCanvasElement>(
              '[data-testid="compare-round-a"] [data-testid="viewer-canvas"]',
            )?.dataset.x,
          ) - x,
        ) < 1.5,
      view.x + dx,
    );
    view = await drawnView(page);
  }
  return view;
}

describe('the difference zoomed in', () => {
  it("shows a retouch of a few pixels, sharp, from the rounds' full-resolution tiles, where the previews' difference shows none", async () => {
    const page = await openDifference('Pia Pixelpeeper', await roundPair());

    // Fitted: the previews' difference, in which the 2 × 2 spot averages out under the tolerance.
    const stats = page.locator('[data-testid="difference-stats"][data-tolerance="24"]');
    await stats.waitFor({ timeout: 20_000 });
    expect(await stats.getAttribute('data-changed')).toBe('0');
    // It is the whole round's share, of the previews, as its tooltip says.
    expect(await stats.getAttribute('data-scope')).toBe('previews');
    expect(await stats.innerText()).toContain('0 % changed');
    await stats.hover();
    await page
      .getByRole('tooltip')
      .getByText(/2048 px previews/)
      .waitFor();
    await page.mouse.move(0, 0);
    await page.getByTestId('difference-canvas').waitFor();
    expect(await page.getByTestId('compare-tag-b').innerText()).toContain('Preview');
    expect(await page.getByTestId('difference-tiles').getAttribute('data-level')).toBe('');

    // 100 %, then dragged until the spot is in the middle of the stage.
    const stage = (await page.getByTestId('compare-stage').boundingBox())!;
    let view = await centreAt100(page, SPOT);
    expect(view.scale).toBe(1);
    const spot = { x: view.x + SPOT.x, y: view.y + SPOT.y };
    expect(Math.abs(spot.x - stage.width / 2)).toBeLessThan(4);

    // The full-resolution tiles on screen are compared: the spot shows as its own 4 pixels.
    await tilesDrawn(page, 24, '13');
    const sharpSpot = await changedAround(page, 'difference-tiles', spot, 24);
    expect(sharpSpot.length).toBeGreaterThanOrEqual(2);
    expect(sharpSpot.length).toBeLessThanOrEqual(SPOT.size * SPOT.size + 4);
    for (const pixel of sharpSpot) {
      expect(pixel.x).toBeGreaterThanOrEqual(-1);
      expect(pixel.x).toBeLessThanOrEqual(SPOT.size + 1);
      expect(pixel.y).toBeGreaterThanOrEqual(-1);
      expect(pixel.y).toBeLessThanOrEqual(SPOT.size + 1);
    }
    // Under it, the previews' difference has nothing there.
    expect(await changedAround(page, 'difference-canvas', spot, 24)).toEqual([]);
    // The toolbar now counts what the tiles on screen found, where the previews' share found nothing.
    expect(await page.getByTestId('compare-tag-b').innerText()).toContain('Full resolution');
    const screenStats = page.locator('[data-testid="difference-stats"][data-scope="screen"]');
    await expect
      .poll(() => screenStats.innerText(), { timeout: 10_000 })
      .toMatch(/^[1-9]\d* px changed here$/);
    expect(await screenStats.getAttribute('data-changed')).toBe('0');
    expect(
      Number(await page.getByTestId('difference-tiles').getAttribute('data-changed')),
    ).toBeGreaterThanOrEqual(2);
    // A handful of pixels at 100 % is ringed, to be found at a glance.
    expect(await page.getByTestId('difference-tiles').getAttribute('data-rings')).toBe('1');
    await shot(page, 'compare-difference-tiles-100');

    // The same tolerance as the previews': past the spot's 70, it is not a change.
    const tolerance = page.getByRole('slider', { name: 'Difference tolerance (0–255)' });
    await tolerance.focus();
    for (let step = 0; step < 56; step++) await page.keyboard.press('ArrowRight');
    await page.locator('[data-testid="difference-stats"][data-tolerance="80"]').waitFor({ timeout: 20_000 });
    await tilesDrawn(page, 80, '13');
    expect(await changedAround(page, 'difference-tiles', spot, 24)).toEqual([]);
    await expect.poll(() => screenStats.innerText(), { timeout: 10_000 }).toBe('0 px changed here');
    for (let step = 0; step < 56; step++) await page.keyboard.press('ArrowLeft');
    await tilesDrawn(page, 24, '13');
    expect((await changedAround(page, 'difference-tiles', spot, 24)).length).toBe(sharpSpot.length);

    // Zoomed in further, the spot's pixels show as squares.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(stage.x + spot.x, stage.y + spot.y);
    for (let turn = 0; turn < 8 && (await drawnView(page)).scale < 3; turn++) {
      const before = (await drawnView(page)).scale;
      await page.mouse.wheel(0, -200);
      await expect.poll(async () => (await drawnView(page)).scale).toBeGreaterThan(before);
    }
    await tilesDrawn(page, 24, '13');
    view = await drawnView(page);
    const zoomedSpot = { x: view.x + SPOT.x * view.scale, y: view.y + SPOT.y * view.scale };
    const squares = await changedAround(page, 'difference-tiles', zoomedSpot, 24);
    expect(squares.length).toBeGreaterThan(sharpSpot.length * Math.floor(view.scale) ** 2 * 0.8);
    // Still under 12 px on screen: still ringed (the ring leaves a change big enough to see: unit tests).
    expect(await page.getByTestId('difference-tiles').getAttribute('data-rings')).toBe('1');
    await shot(page, 'compare-difference-tiles-zoomed');

    // Fitted again: the previews' difference alone.
    await page.keyboard.press('0');
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLCanvasElement>('[data-testid="difference-tiles"]')?.dataset.level === '',
    );
    expect(await page.getByTestId('compare-tag-b').innerText()).toContain('Preview');
    await expect
      .poll(() => page.getByTestId('difference-stats').getAttribute('data-scope'), { timeout: 10_000 })
      .toBe('previews');
  });

  it("aligns a round of another size by its relative size: B's own tiles, scaled into the base's", async () => {
    const page = await openDifference('Sam Scaler', await roundsOfTwoSizes());
    await page.locator('[data-testid="difference-stats"][data-tolerance="24"]').waitFor({ timeout: 20_000 });
    const view = await centreAt100(page, SPOT);
    // The base's full-resolution tiles, each against B's finest level scaled by 4/3 into it.
    await tilesDrawn(page, 24, '13');
    const spot = { x: view.x + SPOT.x, y: view.y + SPOT.y };
    // B's spot of 2 of its pixels is 2.7 of the base's at (2250.7, 1350.7): it shows there, and
    // nowhere else around (a round B misplaced, or read at its own scale, would put it elsewhere).
    const changed = await changedAround(page, 'difference-tiles', spot, 40);
    expect(changed.length).toBeGreaterThanOrEqual(3);
    for (const pixel of changed) {
      expect(pixel.x).toBeGreaterThanOrEqual(-1);
      expect(pixel.x).toBeLessThanOrEqual(4);
      expect(pixel.y).toBeGreaterThanOrEqual(-1);
      expect(pixel.y).toBeLessThanOrEqual(4);
    }
    await shot(page, 'compare-difference-tiles-two-sizes');
  });
});
