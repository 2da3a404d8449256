import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AssetView } from '@common/api/assets';
import { MARKUP_COLORS } from '@common/api/comments';
import { newPage, shot, useAppAndBrowser } from './harness';
import { makeUser, signUpInSession } from './journeys';
import { call, createProject, trialWorkspace } from './projectJourneys';

const env = useAppAndBrowser();

const CORPUS = resolve(import.meta.dirname, '..', '..', 'shared', 'corpus');
/** Round 1: a 600 × 450 landscape (stored 450 × 600, turned by its EXIF orientation). */
const FIRST = 'jpeg/exif-orientation-6_landscape.jpg';
/** Round 2: a 450 × 600 portrait of the same waterfall, another size and shape. */
const SECOND = 'jpeg/exif-orientation-6_portrait.jpg';
/** Round 3: a JPEG whose header is broken: no preview can be made of it. */
const BROKEN = 'jpeg/corrupt-header.jpg';
/** A document's rounds: a 6-page article, then a 2-page letter. */
const SIX_PAGES = 'pdf/two_column_6pages.pdf';
const TWO_PAGES = 'pdf/word-mac_quartz_2pages.pdf';

const corpusFile = (path: string) => ({ name: basename(path), buffer: readFileSync(join(CORPUS, path)) });

async function upload(page: Page, url: string, fields: Record<string, string>, path: string) {
  const { name, buffer } = corpusFile(path);
  const answer = await page.request.post(url, {
    multipart: { ...fields, file: { name, mimeType: 'application/octet-stream', buffer } },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { response: AssetView }).response;
}

/** What a side's canvas has drawn: its scale, its offset, and how far it got. */
async function drawn(page: Page, side: 'a' | 'b') {
  const canvas = page.getByTestId(`compare-round-${side}`).getByTestId('viewer-canvas');
  const [scale, x, y, shown] = await Promise.all(
    ['scale', 'x', 'y', 'shown'].map((name) => canvas.getAttribute(`data-${name}`)),
  );
  return { scale: Number(scale), x: Number(x), y: Number(y), shown };
}

/** Both rounds drawn from their previews, as the view stands now. */
async function bothDrawn(page: Page) {
  await page.waitForFunction(
    () =>
      ['a', 'b'].every(
        (side) =>
          document.querySelector<HTMLCanvasElement>(
            `[data-testid="compare-round-${side}"] [data-testid="viewer-canvas"]`,
          )?.dataset.shown === 'preview',
      ),
    undefined,
    { timeout: 20_000 },
  );
}

type P = { x: number; y: number };
/** The rounds' pictures as the viewer sizes them (FIRST turned upright; SECOND portrait). */
const FIRST_SIZE = { width: 600, height: 450 };
const SECOND_SIZE = { width: 450, height: 600 };
/**
 * Round 1's comment draws a box on the left of its picture, round 2's an arrow in the middle of its
 * own: where the zoom below shows a part of each, and apart across the wipe's divider at 40 %.
 */
const BOX = { from: { x: 0.08, y: 0.2 }, to: { x: 0.3, y: 0.55 } };
const ARROW = { tail: { x: 0.5, y: 0.62 }, head: { x: 0.36, y: 0.3 } };

/** `count` points evenly along a polyline of relative points. */
function along(corners: readonly P[], count = 24): P[] {
  const legs = corners.slice(1).map((to, i) => ({ from: corners[i]!, to }));
  const lengths = legs.map(({ from, to }) => Math.hypot(to.x - from.x, to.y - from.y));
  const total = lengths.reduce((sum, length) => sum + length, 0);
  return Array.from({ length: count }, (_, n) => {
    let left = (total * (n + 0.5)) / count;
    let leg = 0;
    while (leg < legs.length - 1 && left > lengths[leg]!) left -= lengths[leg++]!;
    const { from, to } = legs[leg]!;
    const t = lengths[leg]! > 0 ? left / lengths[leg]! : 0;
    return { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t };
  });
}

/** The box's four sides; the arrow's shaft short of its head (the head is wider than the shaft). */
const BOX_SIDES = along([
  BOX.from,
  { x: BOX.to.x, y: BOX.from.y },
  BOX.to,
  { x: BOX.from.x, y: BOX.to.y },
  BOX.from,
]);
const ARROW_SHAFT = along([
  ARROW.tail,
  {
    x: ARROW.tail.x + (ARROW.head.x - ARROW.tail.x) * 0.7,
    y: ARROW.tail.y + (ARROW.head.y - ARROW.tail.y) * 0.7,
  },
]);

/**
 * The strongest alpha (0–255) of a side's stored-markup canvas within a pixel of each of `points`
 * (relative to a picture of `size` shown by that side's view, as its picture canvas reports it),
 * for the points on the stage; null when the side draws no markup.
 */
async function inkAt(page: Page, side: 'a' | 'b', size: typeof FIRST_SIZE, points: readonly P[]) {
  return page.evaluate(
    ({ side, size, points }) => {
      const layer = document.querySelector(`[data-testid="compare-round-${side}"]`)!;
      const view = layer.querySelector<HTMLCanvasElement>('[data-testid="viewer-canvas"]')!.dataset;
      const canvas = layer.querySelector<HTMLCanvasElement>('[data-testid="markup-canvas"]');
      if (!canvas) return null;
      const ratio = canvas.width / canvas.clientWidth;
      const context = canvas.getContext('2d')!;
      const [scale, x0, y0] = [Number(view.scale), Number(view.x), Number(view.y)];
      const inks: number[] = [];
      for (const p of points) {
        const x = x0 + p.x * size.width * scale;
        const y = y0 + p.y * size.height * scale;
        if (x < 4 || y < 4 || x > canvas.clientWidth - 4 || y > canvas.clientHeight - 4) continue;
        const data = context.getImageData(Math.round(x * ratio) - 1, Math.round(y * ratio) - 1, 3, 3).data;
        let alpha = 0;
        for (let i = 3; i < data.length; i += 4) alpha = Math.max(alpha, data[i]!);
        inks.push(alpha);
      }
      return inks;
    },
    { side, size, points },
  );
}

/**
 * Each side draws its own round's comment, in its own view: round 1's box in pane A (and not its
 * arrow), round 2's arrow in pane B (and not the box), each with its numbered marker.
 */
async function expectEachRoundsMarkup(page: Page) {
  for (const side of ['a', 'b'] as const) {
    const layer = page.getByTestId(`compare-round-${side}`);
    await layer.locator('[data-testid="markup-canvas"][data-shapes="1"]').waitFor();
    await layer.locator('[data-testid="marker-canvas"][data-markers="1"]').waitFor();
  }
  const drawn = async (side: 'a' | 'b', size: typeof FIRST_SIZE, points: readonly P[]) => {
    const inks = (await inkAt(page, side, size, points)) ?? [];
    return inks.length >= 4 ? Math.min(...inks) : -1;
  };
  const stray = async (side: 'a' | 'b', size: typeof FIRST_SIZE, points: readonly P[]) => {
    const inks = (await inkAt(page, side, size, points)) ?? [];
    return inks.length >= 4 ? Math.max(...inks) : -1;
  };
  await expect.poll(() => drawn('a', FIRST_SIZE, BOX_SIDES)).toBeGreaterThan(150);
  await expect.poll(() => drawn('b', SECOND_SIZE, ARROW_SHAFT)).toBeGreaterThan(150);
  expect(await stray('a', FIRST_SIZE, ARROW_SHAFT)).toBe(0);
  expect(await stray('b', SECOND_SIZE, BOX_SIDES)).toBe(0);
}

const changedPixels = async (page: Page, tolerance: number) => {
  const stats = page.locator(`[data-testid="difference-stats"][data-tolerance="${tolerance}"]`);
  await stats.waitFor({ timeout: 20_000 });
  return Number(await stats.getAttribute('data-changed'));
};

describe('comparing two rounds', () => {
  it('compares two rounds of different sizes side by side, wiped, as onion skin, blinking and as a difference', async () => {
    const { page } = await newPage(env.browser, env.app);
    await signUpInSession(page, makeUser({ name: 'Ruth Retoucher' }));
    const workspace = await trialWorkspace(page);
    const project = await createProject(page, workspace.id, { name: 'Waterfall retouch' });
    const asset = await upload(page, '/api/v1/assets', { project_id: String(project.id) }, FIRST);
    await env.app.ctx.jobs.idle();
    // A comment on each round, drawn on that round: a red box on round 1, a blue arrow on round 2.
    const drawnWith = (stroke_color: string) => ({ stroke_color, stroke_size: 3, is_relative: true });
    await call(page, 'POST', '/comments', {
      asset_id: asset.id,
      text: 'Keep the rocks inside this',
      markup: [{ type: 'rectangle', points: [BOX.from, BOX.to], ...drawnWith(MARKUP_COLORS.red) }],
    });
    const second = await upload(page, `/api/v1/assets/${asset.id}/versions`, {}, SECOND);
    await env.app.ctx.jobs.idle();
    const arrowComment = await call<{ id: number }>(page, 'POST', '/comments', {
      asset_id: asset.id,
      text: 'Brighter spray here',
      markup: [{ type: 'arrow', points: [ARROW.tail, ARROW.head], ...drawnWith(MARKUP_COLORS.blue) }],
    });
    const [one, two] = [asset.current_version.number, second.current_version.number];

    await page.goto(`/projects/${project.id}/assets/${asset.id}`);
    await page
      .getByTestId('viewer-canvas')
      .and(page.locator('[data-shown="preview"]'))
      .waitFor({ timeout: 20_000 });
    const selector = page.getByTestId('round-selector');
    expect(await selector.isEnabled()).toBe(true);

    // Compare: the previous round against the current one, side by side; the round selector rests.
    await page.getByTestId('compare-toggle').click();
    await page.getByTestId('compare-view').waitFor();
    expect(await selector.isDisabled()).toBe(true);
    expect(await page.getByTestId('compare-pick-a').innerText()).toContain(`Round ${one}`);
    expect(await page.getByTestId('compare-pick-b').innerText()).toContain(`Round ${two}`);
    expect(await page.getByTestId('compare-tag-a').innerText()).toBe(`Round ${one}`);
    expect(await page.getByTestId('compare-tag-b').innerText()).toBe(`Round ${two}`);
    await bothDrawn(page);
    await shot(page, 'compare-side-by-side');
    await expectEachRoundsMarkup(page);
    await shot(page, 'compare-markup-side-by-side');

    // Pointing at a comment in the panel lights its drawing, in its own round's pane only.
    const litIn = (side: 'a' | 'b') =>
      page.getByTestId(`compare-round-${side}`).getByTestId('markup-canvas').getAttribute('data-lit');
    await page.getByTestId('comment').filter({ hasText: 'Brighter spray here' }).hover();
    await expect.poll(() => litIn('b')).toBe(String(arrowComment.id));
    expect(await litIn('a')).toBeNull();
    await page.getByTestId('compare-view').screenshot({ path: '/work/screens/compare-markup-lit.png' });
    await page.mouse.move(5, 5);
    await expect.poll(() => litIn('b')).toBeNull();

    // A zoom on the left side zooms the right one with it, and a drag on the right pans both.
    const fitted = { a: await drawn(page, 'a'), b: await drawn(page, 'b') };
    const left = (await page.getByTestId('compare-pane-a').boundingBox())!;
    await page.mouse.move(left.x + left.width * 0.4, left.y + left.height * 0.45);
    for (let turn = 0; turn < 3; turn++) await page.mouse.wheel(0, -200);
    await page.waitForFunction(
      (scale) =>
        Number(
          document.querySelector<HTMLCanvasElement>(
            '[data-testid="compare-round-b"] [data-testid="viewer-canvas"]',
          )?.dataset.scale,
        ) >
        scale * 2,
      fitted.b.scale,
    );
    const zoomed = { a: await drawn(page, 'a'), b: await drawn(page, 'b') };
    expect(zoomed.a.scale / fitted.a.scale).toBeCloseTo(zoomed.b.scale / fitted.b.scale, 2);
    const right = (await page.getByTestId('compare-pane-b').boundingBox())!;
    await page.mouse.move(right.x + right.width / 2, right.y + right.height / 2);
    await page.mouse.down();
    await page.mouse.move(right.x + right.width / 2 + 120, right.y + right.height / 2 + 60, { steps: 6 });
    await page.mouse.up();
    await page.waitForFunction(
      (x) =>
        Number(
          document.querySelector<HTMLCanvasElement>(
            '[data-testid="compare-round-a"] [data-testid="viewer-canvas"]',
          )?.dataset.x,
        ) >
        x + 100,
      zoomed.a.x,
    );
    const panned = { a: await drawn(page, 'a'), b: await drawn(page, 'b') };
    expect(panned.a.x - zoomed.a.x).toBeCloseTo(120, 0);
    expect(panned.b.x - zoomed.b.x).toBeCloseTo(120, 0);
    // The drawings follow their pane's zoom and pan.
    await expectEachRoundsMarkup(page);
    await shot(page, 'compare-side-by-side-zoomed');

    // 2: the wipe. Round A left of the divider, round B right of it; keys and a drag move it.
    await page.keyboard.press('0');
    await page.keyboard.press('2');
    await page.locator('[data-testid="compare-view"][data-mode="wipe"]').waitFor();
    await bothDrawn(page);
    const handle = page.getByTestId('wipe-handle');
    expect(await handle.getAttribute('aria-valuenow')).toBe('50');
    await handle.focus();
    for (let step = 0; step < 5; step++) await page.keyboard.press('ArrowLeft');
    expect(await handle.getAttribute('aria-valuenow')).toBe('40');
    // Each side its own round's drawing, clipped with its picture: the box left, the arrow right.
    await expectEachRoundsMarkup(page);
    await shot(page, 'compare-markup-wipe');
    await page.keyboard.press('Shift+ArrowRight');
    expect(await handle.getAttribute('aria-valuenow')).toBe('50');
    const stage = (await page.getByTestId('compare-stage').boundingBox())!;
    const grip = (await handle.boundingBox())!;
    await page.mouse.move(grip.x + grip.width / 2, stage.y + stage.height / 2);
    await page.mouse.down();
    await page.mouse.move(stage.x + stage.width * 0.65, stage.y + stage.height / 2, { steps: 8 });
    await page.mouse.up();
    expect(Number(await handle.getAttribute('aria-valuenow'))).toBeCloseTo(65, -1);
    expect(await page.getByTestId('compare-round-b').getAttribute('style')).toMatch(
      /clip-path: inset\(0px 0px 0px 6[45]/,
    );
    await shot(page, 'compare-wipe');

    // 3: the onion skin; its slider sets round B's opacity over round A.
    await page.keyboard.press('3');
    await page.locator('[data-testid="compare-view"][data-mode="onion"]').waitFor();
    const opacity = page.getByRole('slider', { name: 'Onion skin opacity' });
    await opacity.focus();
    await page.keyboard.press('End');
    expect(await page.getByTestId('onion-opacity-value').innerText()).toBe('100 %');
    for (let step = 0; step < 65; step++) await page.keyboard.press('ArrowLeft');
    expect(await page.getByTestId('onion-opacity-value').innerText()).toBe('35 %');
    expect(await page.getByTestId('compare-round-b').getAttribute('style')).toContain('opacity: 0.35');
    await bothDrawn(page);
    await shot(page, 'compare-onion');

    // 4 and B: blink. One round at a time, B flips, auto-blink flips on its own.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('4');
    await page.locator('[data-testid="compare-view"][data-mode="blink"]').waitFor();
    const shownRound = () =>
      page.getByTestId('compare-stage').locator('[data-testid^="compare-tag-"]').innerText();
    expect(await shownRound()).toBe(`Round ${one}`);
    expect(await page.getByTestId('compare-round-b').isVisible()).toBe(false);
    await page.keyboard.press('b');
    expect(await shownRound()).toBe(`Round ${two}`);
    expect(await page.getByTestId('compare-round-a').isVisible()).toBe(false);
    expect(await page.getByTestId('compare-round-b').isVisible()).toBe(true);
    // The drawing of the round shown only.
    const blinkInk = (side: 'a' | 'b') =>
      page.getByTestId(`compare-round-${side}`).getByTestId('markup-canvas').isVisible();
    expect(await blinkInk('a')).toBe(false);
    expect(await blinkInk('b')).toBe(true);
    await shot(page, 'compare-blink');
    await page.keyboard.press('b');
    expect(await shownRound()).toBe(`Round ${one}`);
    await page.getByRole('switch', { name: 'Auto-blink' }).check();
    await page.getByTestId('compare-tag-b').waitFor({ timeout: 5_000 });
    await page.getByTestId('compare-tag-a').waitFor({ timeout: 5_000 });
    await page.getByRole('switch', { name: 'Auto-blink' }).uncheck();

    // 5: the difference, over the tolerance the reviewer sets.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('5');
    await page.locator('[data-testid="compare-view"][data-mode="difference"]').waitFor();
    const atDefault = await changedPixels(page, 24);
    expect(atDefault).toBeGreaterThan(0);
    await page.getByTestId('difference-canvas').waitFor();
    // No drawing over the difference: it is neither round's picture.
    expect(await page.getByTestId('compare-stage').getByTestId('markup-canvas').count()).toBe(0);
    await shot(page, 'compare-difference');
    const tolerance = page.getByRole('slider', { name: 'Difference tolerance (0–255)' });
    await tolerance.focus();
    await page.keyboard.press('Home');
    const atZero = await changedPixels(page, 0);
    expect(atZero).toBeGreaterThan(atDefault);
    await page.keyboard.press('End');
    expect(await changedPixels(page, 255)).toBe(0);
    expect(await page.getByTestId('difference-stats').innerText()).toContain('0 % changed');

    // The shortcuts overlay lists compare's keys; Esc closes it and stays in compare.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Shift+?');
    const help = page.getByTestId('shortcuts-help');
    await help.waitFor();
    expect(await help.innerText()).toContain('Side by side');
    expect(await help.innerText()).toContain('Flip between the rounds');
    await shot(page, 'compare-shortcuts');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });

    expect(await page.getByTestId('compare-view').isVisible()).toBe(true);

    // Esc leaves compare: the single view and its round selector are back.
    await page.keyboard.press('Escape');
    await page.getByTestId('compare-view').waitFor({ state: 'detached' });
    expect(await selector.isEnabled()).toBe(true);

    // C enters compare again; a round without a preview says so instead of a picture.
    const broken = await upload(page, `/api/v1/assets/${asset.id}/versions`, {}, BROKEN);
    await env.app.ctx.jobs.idle();
    await page.reload();
    await page
      .getByTestId('round-selector')
      .getByText(`Round ${broken.current_version.number}`)
      .waitFor({ timeout: 20_000 });
    // Compare is offered once the asset's rounds are known.
    await page.getByTestId('compare-toggle').waitFor({ timeout: 20_000 });
    await page.keyboard.press('c');
    await page.getByTestId('compare-view').waitFor();
    await page.getByTestId('compare-failed').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('compare-failed').innerText()).toContain(
      `Round ${broken.current_version.number} has no preview to compare`,
    );
    await shot(page, 'compare-failed-round');
    // The rounds picked instead: the first two, back to pictures.
    await page.getByTestId('compare-pick-b').click();
    await page.getByRole('menuitem', { name: new RegExp(`Round ${one}`) }).waitFor();
    expect(
      await page
        .getByRole('menuitem', { name: new RegExp(`Round ${broken.current_version.number}`) })
        .innerText(),
    ).toContain('No preview');
    await shot(page, 'compare-pick-round');
    await page.getByRole('menuitem', { name: new RegExp(`Round ${one}`) }).click();
    expect(await page.getByTestId('compare-pick-a').innerText()).toContain(`Round ${two}`);
    await bothDrawn(page);
  });

  it('compares two rounds of a document page by page, and says which round has no page', async () => {
    const { page } = await newPage(env.browser, env.app);
    await signUpInSession(page, makeUser({ name: 'Dora Document' }));
    const workspace = await trialWorkspace(page);
    const project = await createProject(page, workspace.id, { name: 'Journal layout' });
    const asset = await upload(page, '/api/v1/assets', { project_id: String(project.id) }, SIX_PAGES);
    await env.app.ctx.jobs.idle();
    const second = await upload(page, `/api/v1/assets/${asset.id}/versions`, {}, TWO_PAGES);
    await env.app.ctx.jobs.idle();
    const [one, two] = [asset.current_version.number, second.current_version.number];
    // A box drawn on page 2 of round 2: compare draws it over that page of round 2 only.
    await call(page, 'POST', '/comments', {
      asset_id: asset.id,
      text: 'Tighten this column',
      page: 2,
      markup: [
        {
          type: 'rectangle',
          points: [BOX.from, BOX.to],
          stroke_color: MARKUP_COLORS.red,
          stroke_size: 3,
          is_relative: true,
        },
      ],
    });
    const drawingIn = (side: 'a' | 'b') =>
      page.getByTestId(`compare-round-${side}`).getByTestId('markup-canvas');

    // The current round (2 pages) on its page 2: compare starts on that page.
    await page.goto(`/projects/${project.id}/assets/${asset.id}`);
    const label = page.getByTestId('page-label');
    await label.getByText('Page 1 of 2').waitFor({ timeout: 20_000 });
    await page.keyboard.press('PageDown');
    await label.getByText('Page 2 of 2').waitFor();
    await page.getByTestId('page-drawing').waitFor({ state: 'detached', timeout: 20_000 });

    // Compare: the same page of both rounds side by side, paged through the longer round.
    await page.keyboard.press('c');
    await page.getByTestId('compare-view').waitFor();
    await label.getByText('Page 2 of 6').waitFor();
    await page.getByTestId('page-drawing').waitFor({ state: 'detached', timeout: 20_000 });
    await bothDrawn(page);
    expect(await page.getByTestId('compare-tag-a').innerText()).toBe(`Round ${one}`);
    const pagesAsked = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => /\/pages\/2$/.test(name)),
    );
    expect(new Set(pagesAsked).size).toBe(2);
    await page
      .locator('[data-testid="compare-round-b"] [data-testid="markup-canvas"][data-shapes="1"]')
      .waitFor();
    expect(await drawingIn('a').count()).toBe(0);
    await shot(page, 'compare-document-page-2');

    // The difference is of page 2 of each round.
    await page.keyboard.press('5');
    await page.locator('[data-testid="compare-view"][data-mode="difference"]').waitFor();
    expect(await changedPixels(page, 24)).toBeGreaterThan(0);
    await page.keyboard.press('1');
    await page.locator('[data-testid="compare-view"][data-mode="sideBySide"]').waitFor();
    // Page 1 of round 2 has no drawing; page 2's comes back with its page.
    await page.keyboard.press('PageUp');
    await label.getByText('Page 1 of 6').waitFor();
    await bothDrawn(page);
    expect(await drawingIn('b').count()).toBe(0);
    await page.keyboard.press('PageDown');
    await label.getByText('Page 2 of 6').waitFor();
    await page
      .locator('[data-testid="compare-round-b"] [data-testid="markup-canvas"][data-shapes="1"]')
      .waitFor();

    // Page Down moves both sides: round 2 ends at page 2, round 1 goes on.
    await page.keyboard.press('PageDown');
    await label.getByText('Page 3 of 6').waitFor();
    const missing = page.getByTestId('compare-round-b').getByTestId('compare-page-missing');
    await missing.waitFor();
    expect(await missing.innerText()).toBe(`Round ${two} has no page 3`);
    expect(await page.getByTestId('compare-round-a').getByTestId('compare-page-missing').count()).toBe(0);
    await page
      .getByTestId('compare-round-a')
      .getByTestId('viewer-canvas')
      .and(page.locator('[data-shown="preview"]'))
      .waitFor({ timeout: 20_000 });
    // The difference says the same instead of comparing a page with nothing.
    await page.keyboard.press('5');
    await page.getByTestId('compare-page-missing').waitFor();
    expect(await page.getByTestId('difference-stats').count()).toBe(0);
    await page.keyboard.press('1');
    await page.keyboard.press('PageUp');
    await label.getByText('Page 2 of 6').waitFor();
    await page.keyboard.press('PageDown');
    await label.getByText('Page 3 of 6').waitFor();

    // Leaving compare: the current round's last page, the nearest it has.
    await page.keyboard.press('Escape');
    await page.getByTestId('compare-view').waitFor({ state: 'detached' });
    await label.getByText('Page 2 of 2').waitFor();
  });
});
