import { writeFileSync } from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';
import type { User } from '@common/api/users';
import { launchBrowser, newPage, startApp, type E2eApp } from '../e2e/harness';
import { makeUser, signUpInSession } from '../e2e/journeys';
import { storeThumbnails } from '../e2e/seededAssets';
import { call, createFolder, createProject, trialWorkspace } from '../e2e/projectJourneys';
import { seedAssets, type SeedAsset } from '../tests/api/assetSeeds';

/**
 * The asset grid with 10,000 assets in one folder, in headless Chromium at 1440×900 (software
 * rendering, as CI has no GPU): the time until the first tiles show their thumbnails, the frames
 * while the page scrolls from the top to the bottom, and the time a key press takes to move the
 * focus and draw it, and the time Ctrl+A takes to select all of them. The assets are written straight to the database, each with its own thumbnail
 * address (48 distinct landscapes behind them, 400×300 JPEG, with their blurred placeholders), so
 * the browser fetches and decodes a thumbnail per tile as it would for a real shoot.
 *
 * Frames are timed twice: requestAnimationFrame's intervals (what the eye sees, 16.7 ms at 60 Hz)
 * and the main thread's work per frame from Chromium's own counters (script, style, layout).
 *
 * Run: `npm run build && npm run bench:asset-grid`. BENCH_ASSETS (10000), BENCH_SCROLL_STEP px per
 * frame (240: a brisk fling), BENCH_REPEATS (3), BENCH_PROFILE (a file for the scroll's CPU profile), BENCH_TRACE (a file for its trace).
 */

const COUNT = Number(process.env.BENCH_ASSETS ?? 10_000);
const STEP = Number(process.env.BENCH_SCROLL_STEP ?? 240);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const DISTINCT_THUMBNAILS = 48;
/** Where to write a CPU profile of the page while it scrolls (a .cpuprofile for DevTools). */
const PROFILE = process.env.BENCH_PROFILE;
/** Where to write a Chromium trace of the scroll (chrome://tracing, or DevTools' Performance panel). */
const TRACE = process.env.BENCH_TRACE;
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'gpu'];

async function seedFolder(app: E2eApp, page: Page): Promise<string> {
  await signUpInSession(page, makeUser({ name: 'Grid Bench' }));
  const me = await call<User>(page, 'GET', '/users/me');
  const workspace = await trialWorkspace(page);
  const project = await createProject(page, workspace.id, { name: 'Big shoot' });
  const folder = await createFolder(page, project.id, 'Day 1');
  const thumbnails = await storeThumbnails(app.ctx, DISTINCT_THUMBNAILS);
  const start = Date.UTC(2026, 9, 1);
  const assets: SeedAsset[] = Array.from({ length: COUNT }, (_, i) => ({
    name: `IMG_${String(i).padStart(5, '0')}.jpg`,
    roundNumber: i % 3,
    approve: i % 4 === 0 ? 'confirmed' : 'pending',
    rushPrioritySetAt: i % 40 === 0 ? new Date(start + i * 60_000).toISOString() : null,
    unresolvedCommentsCount: i % 6,
    createdAt: new Date(start + i * 1000).toISOString(),
    thumbnail: thumbnails[i % thumbnails.length]!,
  }));
  await seedAssets(app.ctx, { projectId: project.id, folderId: folder.id, uploaderId: me.id }, assets);
  return `/projects/${project.id}/folders/${folder.id}`;
}

const thumbnailsShown = (page: Page) =>
  page.waitForFunction(
    () => document.querySelectorAll('[data-testid=asset-thumbnail][data-loaded=true]').length >= 10,
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );

/** From the navigation's start until ten tiles show their thumbnails. */
async function firstTiles(page: Page, path: string): Promise<number> {
  await page.goto('about:blank');
  const started = performance.now();
  await page.goto(path);
  await thumbnailsShown(page);
  return performance.now() - started;
}

interface MainThread {
  script: number;
  layout: number;
  style: number;
  task: number;
}

async function mainThread(cdp: CDPSession): Promise<MainThread> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return {
    script: value('ScriptDuration'),
    layout: value('LayoutDuration'),
    style: value('RecalcStyleDuration'),
    task: value('TaskDuration'),
  };
}

/**
 * Scrolls by STEP each frame from the top to the bottom; answers the intervals between frames.
 * (Page code as text: tsx names inner functions with a helper the page does not have.)
 */
async function scrollThrough(page: Page): Promise<number[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const result = await page.evaluate<
    number[] | { stalledAt: number; frames: number }
  >(`new Promise((done) => {
    const intervals = [];
    let last = 0;
    let lastY = -1;
    function frame(now) {
      intervals.push(now - last);
      last = now;
      // The end: the page scrolls no further (a fractional bottom never equals the height).
      if (window.scrollY === lastY) return done(intervals.slice(1));
      lastY = window.scrollY;
      window.scrollBy(0, ${STEP});
      requestAnimationFrame(frame);
      clearTimeout(watchdog);
      // Frames that stop coming end the run and say where (a stalled page, not a slow one).
      watchdog = setTimeout(() => done({ stalledAt: window.scrollY, frames: intervals.length }), 30000);
    }
    let watchdog = 0;
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(frame);
    });
  })`);
  if (!Array.isArray(result))
    throw new Error(`The page stopped drawing frames at ${result.stalledAt} px, after ${result.frames}.`);
  return result;
}

interface KeyTimes {
  keyTimes: number[];
}

/**
 * ArrowDown on a tile, 40 times: from the key event reaching the page to the start of the frame that draws
 * the focus on the tile below (timed in the page, so the driver's round trips are not counted).
 */
async function keyPresses(page: Page): Promise<number[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator('[data-testid=asset-tile]').first().focus();
  await page.evaluate(`(() => {
    window.keyTimes = [];
    let pressed = 0;
    document.addEventListener('keydown', () => { pressed = performance.now(); }, true);
    document.addEventListener('focusin', () => {
      const started = pressed;
      pressed = 0;
      if (started) requestAnimationFrame(() => window.keyTimes.push(performance.now() - started));
    });
  })()`);
  for (let i = 1; i <= 40; i++) {
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction((n) => (window as unknown as KeyTimes).keyTimes.length >= n, i, {
      polling: 'raf',
    });
  }
  return page.evaluate(() => (window as unknown as KeyTimes).keyTimes);
}

/**
 * Ctrl+A on a tile of a freshly opened folder: from the key press until the selection bar counts
 * every asset of the folder (the pages not yet loaded are asked for on the way).
 */
async function selectEverything(page: Page): Promise<number> {
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=asset-tile]').first().focus();
  const started = performance.now();
  await page.keyboard.press('Control+A');
  await page.getByTestId('asset-selection-count').getByText(`${COUNT} assets selected`).waitFor();
  const took = performance.now() - started;
  await page.keyboard.press('Escape');
  return took;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main(): Promise<void> {
  const app = await startApp({ API_RATE_LIMIT_PER_MINUTE: '100000000' });
  const browser = await launchBrowser();
  try {
    const { page } = await newPage(browser, app);
    page.setDefaultTimeout(60_000);
    page.on('crash', () => console.error('the page crashed (out of memory?)'));
    const path = await seedFolder(app, page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');

    console.log(`asset grid: ${COUNT} assets in one folder, 1440×900, scroll ${STEP} px per frame`);
    console.log(
      'run | first tiles | frames | interval p50 / p95 / p99 | over 16.7 ms | main thread per frame (script / style / layout) | key press p50 / p95 | select all',
    );
    for (let run = 1; run <= REPEATS; run++) {
      const first = await firstTiles(page, path);
      await page.waitForTimeout(500);
      const before = await mainThread(cdp);
      if (PROFILE) await cdp.send('Profiler.enable').then(() => cdp.send('Profiler.start'));
      if (TRACE) await browser.startTracing(page, { path: TRACE, categories: TRACE_CATEGORIES });
      const intervals = await scrollThrough(page);
      if (TRACE) await browser.stopTracing();
      if (PROFILE) writeFileSync(PROFILE, JSON.stringify((await cdp.send('Profiler.stop')).profile));
      const after = await mainThread(cdp);
      const frames = intervals.length;
      const per = (key: keyof MainThread) => (after[key] - before[key]) / frames;
      const slow = intervals.filter((t) => t > 1000 / 60 + 1).length / frames;
      const keys = await keyPresses(page);
      // On a fresh load, with only the first page of 100 loaded (the scroll above loaded them all).
      await firstTiles(page, path);
      const selectAll = await selectEverything(page);
      console.log(
        [
          run,
          ms(first),
          frames,
          `${ms(quantile(intervals, 0.5))} / ${ms(quantile(intervals, 0.95))} / ${ms(quantile(intervals, 0.99))} (max ${ms(Math.max(...intervals))})`,
          `${(slow * 100).toFixed(1)} %`,
          `${ms(per('task'))} (${ms(per('script'))} / ${ms(per('style'))} / ${ms(per('layout'))})`,
          `${ms(quantile(keys, 0.5))} / ${ms(quantile(keys, 0.95))}`,
          ms(selectAll),
        ].join(' | '),
      );
    }
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
