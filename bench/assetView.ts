import { writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { MARKUP_PALETTE, type Comment } from '@common/api/comments';
import type { AssetView } from '@common/api/assets';
import { launchBrowser, newPage, startApp } from '../e2e/harness';
import { makeUser, signUpInSession } from '../e2e/journeys';
import { call, createProject, trialWorkspace } from '../e2e/projectJourneys';
import { testChart } from '../e2e/testChart';

/**
 * The asset view of a 100-megapixel picture (a 12000 × 8400 chart, a DeepZoom pyramid of 15
 * levels) under heavy review: 500 comments, 250 replies, 2,000 markup lines of 40 points on 400 of
 * the comments, made through the API. In headless Chromium at 1440×900 (software rendering, as CI
 * has no GPU):
 * - opening: from the navigation's start until the picture is drawn with nothing pending, every
 *   drawing and marker is on the stage and the comments are listed; then how long a key press
 *   takes to be answered on screen (+ zooms: from the key event to the frame that shows it);
 * - drawing: a freehand line of 150 pointer moves with the line tool, the intervals between frames;
 * - zooming: 24 wheel steps in and out around a point, the intervals between frames, while the
 *   deeper levels' tiles arrive.
 *
 * Run: `npm run build && npm run bench:asset-view`. BENCH_REPEATS (3), BENCH_PROFILE (a file for
 * the CPU profile of the last run's drawing and zooming, for DevTools' Performance panel),
 * BENCH_TRACE (a file for a Chromium trace of them), BENCH_NO_MARKUP=1 (the same comments, all
 * global: the viewer's own figures, to set the markup's against).
 */

const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const PROFILE = process.env.BENCH_PROFILE;
const TRACE = process.env.BENCH_TRACE;
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc'];
const COMMENTS = 500;
const SHAPES_PER_MARKED_COMMENT = 5;
const MARKED = process.env.BENCH_NO_MARKUP ? 0 : 400;

function line(seed: number) {
  const x0 = 0.05 + ((seed * 0.137) % 0.75);
  const y0 = 0.05 + ((seed * 0.271) % 0.9);
  return {
    points: Array.from({ length: 40 }, (_, i) => ({
      x: Number((x0 + i * 0.004).toFixed(4)),
      y: Number((y0 + 0.02 * Math.sin(i / 4 + seed)).toFixed(4)),
    })),
    stroke_color: MARKUP_PALETTE[seed % MARKUP_PALETTE.length],
    stroke_size: 1 + (seed % 8),
    is_relative: true,
  };
}

async function seed(page: Page, app: Awaited<ReturnType<typeof startApp>>): Promise<string> {
  await signUpInSession(page, makeUser({ name: 'View Bench' }));
  const workspace = await trialWorkspace(page);
  const project = await createProject(page, workspace.id, { name: 'Campaign' });
  const answer = await page.request.post('/api/v1/assets', {
    multipart: {
      project_id: String(project.id),
      file: { name: 'chart.jpg', mimeType: 'image/jpeg', buffer: await testChart() },
    },
  });
  if (answer.status() !== 201) throw new Error(`upload: ${answer.status()}`);
  const asset = ((await answer.json()) as { response: AssetView }).response;
  for (let i = 0; i < COMMENTS; i++) {
    const marked = MARKED > 0 && i % 5 !== 0;
    const comment = await call<Comment>(page, 'POST', '/comments', {
      asset_id: asset.id,
      text: `Note ${i + 1}: soften the highlight on the left and keep the texture.`,
      ...(marked
        ? {
            markup: Array.from({ length: SHAPES_PER_MARKED_COMMENT }, (_, s) =>
              line(i * SHAPES_PER_MARKED_COMMENT + s),
            ),
          }
        : { global_comment: true }),
    });
    if (i % 2 === 0)
      await call(page, 'POST', '/comments', { asset_id: asset.id, parent_id: comment.id, text: 'Done.' });
  }
  await app.ctx.jobs.idle();
  return `/projects/${project.id}/assets/${asset.id}`;
}

/** The picture drawn with nothing pending, every drawing drawn and marker placed, the comments listed. */
const shown = (page: Page) =>
  page.waitForFunction(
    ({ marked, lines }) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="viewer-canvas"]');
      const markup = document.querySelector<HTMLCanvasElement>('[data-testid="markup-canvas"]');
      return (
        canvas?.dataset.pending === '0' &&
        (canvas.dataset.shown === 'preview' || canvas.dataset.shown === 'tiles') &&
        markup?.dataset.comments === String(marked) &&
        markup.dataset.shapes === String(lines) &&
        document.querySelector<HTMLCanvasElement>('[data-testid="marker-canvas"]')?.dataset.markers ===
          String(marked) &&
        document.querySelectorAll('[data-testid="comment"]').length > 0
      );
    },
    { marked: MARKED, lines: MARKED * SHAPES_PER_MARKED_COMMENT },
    { polling: 'raf', timeout: 120_000 },
  );

interface Recorder {
  intervals: number[];
  recording: boolean;
}

/** Starts recording the intervals between frames in the page. (Page code as text: see assetGrid.ts.) */
const startFrames = (page: Page) =>
  page.evaluate(`(() => {
    const recorder = { intervals: [], recording: true };
    window.frameRecorder = recorder;
    let last = 0;
    function frame(now) {
      if (last) recorder.intervals.push(now - last);
      last = now;
      if (recorder.recording) requestAnimationFrame(frame);
    }
    requestAnimationFrame(frame);
  })()`);

const stopFrames = (page: Page) =>
  page.evaluate<Recorder['intervals']>(
    `(() => { window.frameRecorder.recording = false; return window.frameRecorder.intervals; })()`,
  );

/** From the key event to the frame callback that sees the new zoom drawn, timed in the page. */
async function keyAnswer(page: Page): Promise<number> {
  await page.evaluate(`(() => {
    document.activeElement?.blur();
    window.keyAnswer = 0;
    const scale = () => document.querySelector('[data-testid="viewer-canvas"]').dataset.scale;
    const before = scale();
    document.addEventListener('keydown', () => {
      const pressed = performance.now();
      function check() {
        // The frame's own timestamp can precede the key: the time is taken in the callback.
        if (scale() !== before) window.keyAnswer = performance.now() - pressed;
        else requestAnimationFrame(check);
      }
      requestAnimationFrame(check);
    }, { once: true, capture: true });
  })()`);
  await page.keyboard.press('+');
  await page.waitForFunction(() => (window as unknown as { keyAnswer: number }).keyAnswer > 0, undefined, {
    polling: 'raf',
  });
  const answer = await page.evaluate<number>('window.keyAnswer');
  await page.keyboard.press('0');
  return answer;
}

async function stageBox(page: Page) {
  const box = await page.getByTestId('viewer-stage').boundingBox();
  if (!box) throw new Error('no stage');
  return box;
}

/** A freehand stroke with the line tool across the middle of the picture, left unsent. */
async function draw(page: Page): Promise<number[]> {
  const box = await stageBox(page);
  const x0 = box.x + box.width * 0.3;
  const y0 = box.y + box.height * 0.5;
  await page.mouse.move(x0, y0);
  await startFrames(page);
  await page.mouse.down();
  for (let i = 1; i <= 150; i++) await page.mouse.move(x0 + i * 3, y0 + 60 * Math.sin(i / 12), { steps: 1 });
  await page.mouse.up();
  const intervals = await stopFrames(page);
  // A stroke begun on a marker brings its comment into view instead: then nothing was drawn.
  if ((await page.getByTestId('markup-draft-shape').count()) !== 1)
    throw new Error('the stroke drew no line');
  await page.keyboard.press('Escape');
  return intervals;
}

/** 12 wheel steps in around a point, then 12 out. */
async function zoom(page: Page): Promise<number[]> {
  const box = await stageBox(page);
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.45);
  await startFrames(page);
  for (let i = 0; i < 12; i++) {
    await page.mouse.wheel(0, -240);
    await page.waitForTimeout(40);
  }
  for (let i = 0; i < 12; i++) {
    await page.mouse.wheel(0, 240);
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(300);
  return stopFrames(page);
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const frames = (intervals: number[]) =>
  `${ms(quantile(intervals, 0.5))} / ${ms(quantile(intervals, 0.95))} / ${ms(Math.max(...intervals))} (${((intervals.filter((t) => t > 1000 / 60 + 1).length / intervals.length) * 100).toFixed(0)} % late)`;

async function main(): Promise<void> {
  const app = await startApp({ API_RATE_LIMIT_PER_MINUTE: '100000000' });
  const browser = await launchBrowser();
  try {
    const { page } = await newPage(browser, app);
    page.setDefaultTimeout(120_000);
    const seededAt = performance.now();
    const path = await seed(page, app);
    console.error(`seeded in ${((performance.now() - seededAt) / 1000).toFixed(0)} s`);
    console.log(
      `asset view: 12000 × 8400 picture, ${COMMENTS} comments, ${COMMENTS / 2} replies, ${MARKED * SHAPES_PER_MARKED_COMMENT} markup lines, 1440×900`,
    );
    console.log(
      'run | shown | key answered | drawing frames p50 / p95 / max | zooming frames p50 / p95 / max',
    );
    for (let run = 1; run <= REPEATS; run++) {
      await page.goto('about:blank');
      const started = performance.now();
      await page.goto(path);
      await shown(page);
      const opened = performance.now() - started;
      const key = await keyAnswer(page);
      await page.waitForTimeout(300);
      const profiling = PROFILE && run === REPEATS ? await page.context().newCDPSession(page) : null;
      if (profiling) await profiling.send('Profiler.enable').then(() => profiling.send('Profiler.start'));
      const tracing = TRACE && run === REPEATS;
      if (tracing) await browser.startTracing(page, { path: TRACE, categories: TRACE_CATEGORIES });
      const drawing = await draw(page);
      const zooming = await zoom(page);
      if (tracing) await browser.stopTracing();
      if (profiling && PROFILE)
        writeFileSync(PROFILE, JSON.stringify((await profiling.send('Profiler.stop')).profile));
      console.log([run, ms(opened), ms(key), frames(drawing), frames(zooming)].join(' | '));
    }
  } finally {
    await browser.close();
    await app.close();
  }
}

await main();
