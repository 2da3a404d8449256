import { afterAll, afterEach, beforeAll } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import type { OutboxMail } from '@common/api/auth';
import { buildApp, type BuiltApp } from '@server/app';
import { loadConfig } from '@server/config';
import type { ContextOverrides } from '@server/context';
import { checkAccessibility } from './axe';
import { freePort } from '../tests/freePort';

const ROOT = resolve(import.meta.dirname, '..');
/** The built web app; E2E_WEB_DIR lets a second build (another outDir) be tested beside the first. */
const WEB_DIR = process.env.E2E_WEB_DIR ?? join(ROOT, 'dist', 'web');
export const SCREENSHOT_DIR = join(ROOT, 'e2e', 'screenshots');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface E2eApp extends BuiltApp {
  baseUrl: string;
  /** E-mails the app sent, newest first (GET /api/v1/dev/outbox). */
  outbox(): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

/**
 * Builds the app for a free port and listens on it. Two journey files start at once (two workers):
 * a port found free can be taken before the app listens, so a taken one is tried again.
 */
async function listenOnFreePort(
  dataDir: string,
  env: Record<string, string>,
  overrides: Pick<ContextOverrides, 'clock'> = {},
): Promise<{ built: BuiltApp; baseUrl: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite://${join(dataDir, 'proofroom.db')}`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      DEV_OUTBOX: 'true',
      SMTP_URL: '',
      ...env,
    });
    const built = await buildApp(config, { logger: false, webDir: WEB_DIR, ...overrides });
    try {
      await built.app.listen({ host: '127.0.0.1', port });
      return { built, baseUrl };
    } catch (error) {
      await built.app.close();
      if (attempt === 3 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
}

/**
 * The real server with the built web app, on 127.0.0.1 and a free port, over a fresh SQLite
 * database in a temp folder. APP_URL matches the port, so e-mailed links open in the test browser.
 */
export async function startApp(
  env: Record<string, string> = {},
  /** A clock the journey moves (due dates, expiry); the system clock otherwise. */
  overrides: Pick<ContextOverrides, 'clock'> = {},
): Promise<E2eApp> {
  if (!existsSync(join(WEB_DIR, 'index.html'))) {
    throw new Error(
      `The web app is not built: ${WEB_DIR}/index.html is missing. Run \`npx vite build\` first.`,
    );
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'proofroom-e2e-'));
  const { built, baseUrl } = await listenOnFreePort(dataDir, env, overrides);
  return {
    ...built,
    baseUrl,
    async outbox() {
      // Mail is sent by a job: what the last request queued is in the outbox once the queue is idle.
      await built.ctx.jobs.idle();
      const response = await fetch(`${baseUrl}/api/v1/dev/outbox`);
      if (!response.ok) throw new Error(`GET /dev/outbox answered ${response.status}`);
      return ((await response.json()) as { response: OutboxMail[] }).response;
    },
    async close() {
      await built.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing at ${CHROMIUM}. Run \`bash scripts/setup-system.sh\` first.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

// Reduced motion: no transitions to wait for, and less for software rendering to draw.
export const DESKTOP: BrowserContextOptions = {
  viewport: { width: 1440, height: 900 },
  reducedMotion: 'reduce',
};

/**
 * Runs each `setTimeout(fn, 0)` and each animation frame of the page `ms` later: a busy machine
 * lets keys and clicks in before such timers and frames (Chromium runs input first), and a journey
 * (or a page) that does not wait on the real state then flakes. `E2E_LATE_TIMERS=100` shows such a
 * race at once.
 */
function lateTimersAndFrames(ms: number) {
  const setTimeoutNow = window.setTimeout.bind(window);
  const late = (handler: TimerHandler, delay?: number, ...rest: unknown[]) =>
    setTimeoutNow(handler, delay ? delay : ms, ...rest);
  window.setTimeout = late as typeof window.setTimeout;

  const frameNow = window.requestAnimationFrame.bind(window);
  const cancelFrameNow = window.cancelAnimationFrame.bind(window);
  const waiting = new Map<number, { timer: number; frame?: number }>();
  let lastId = 0;
  window.requestAnimationFrame = (callback) => {
    const id = ++lastId;
    const entry: { timer: number; frame?: number } = {
      timer: setTimeoutNow(() => {
        entry.frame = frameNow((time) => {
          waiting.delete(id);
          callback(time);
        });
      }, ms),
    };
    waiting.set(id, entry);
    return id;
  };
  window.cancelAnimationFrame = (id) => {
    const entry = waiting.get(id);
    if (!entry) return;
    waiting.delete(id);
    clearTimeout(entry.timer);
    if (entry.frame !== undefined) cancelFrameNow(entry.frame);
  };
}

/** Pages of the running test, kept to be shown when it fails. */
const openPages = new Set<Page>();

/**
 * When a test fails, each page it left open is saved as e2e/screenshots/FAILED-<file>-<n>.png
 * with a .txt beside it (the test, address, scroll, focused element), to see what it showed.
 */
async function keepFailedPages(testFile: string, testName: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  let n = 0;
  for (const page of openPages) {
    if (page.isClosed()) continue;
    n += 1;
    const file = join(SCREENSHOT_DIR, `FAILED-${basename(testFile, '.e2e.ts')}-${n}`);
    const state = await page
      .evaluate(() => ({
        url: location.href,
        scroll: [window.scrollX, window.scrollY],
        focused: document.activeElement?.outerHTML.slice(0, 300) ?? null,
        liveStream: document.documentElement.dataset.liveStream ?? null,
      }))
      .catch((error: unknown) => ({ error: String(error) }));
    writeFileSync(`${file}.txt`, `${testName}\n${JSON.stringify(state, null, 2)}\n`);
    await page.screenshot({ path: `${file}.png`, timeout: 5_000 }).catch(() => undefined);
  }
}

/** A fresh browser profile (its own cookies) pointed at the app. */
export async function newPage(
  browser: Browser,
  app: E2eApp,
  options: BrowserContextOptions = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: app.baseUrl, ...options });
  context.setDefaultTimeout(10_000);
  const late = Number(process.env.E2E_LATE_TIMERS ?? 0);
  if (late > 0) await context.addInitScript(lateTimersAndFrames, late);
  const page = await context.newPage();
  openPages.add(page);
  page.once('close', () => openPages.delete(page));
  return { context, page };
}

/**
 * Waits until the screen has stopped changing: no finite animation or transition running (reduced
 * motion makes Mantine's instant; spinners loop forever and are left out), the images and fonts
 * loaded, and two frames drawn so React's last commit and its effects are on screen.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ) &&
      Array.from(document.images).every((image) => image.complete || image.loading === 'lazy') &&
      document.fonts.status === 'loaded',
  );
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/**
 * Saves a full-page screenshot as e2e/screenshots/<name>.png (git-ignored) for a human to look at,
 * then runs axe-core on the screen: a serious or critical WCAG violation fails the journey.
 */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await settled(page);
  // A full-page capture of a scrolled page draws the sticky top bar mid-page: start at the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  // Playwright's fullPage capture narrows the viewport for a moment, which flips the app's
  // small-screen query and unmounts open dialogs: make the viewport as tall as the page instead.
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const taller = viewport && height > viewport.height;
  if (taller) await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
  if (taller) await page.setViewportSize(viewport);
  await checkAccessibility(page, name);
}

/**
 * One app and one browser for a whole test file, started before its tests and closed after.
 * Read `env.app` and `env.browser` inside the tests.
 */
export function useAppAndBrowser(appEnv: Record<string, string> = {}): { app: E2eApp; browser: Browser } {
  const env = {} as { app: E2eApp; browser: Browser };
  beforeAll(async () => {
    env.app = await startApp(appEnv);
    env.browser = await launchBrowser();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await keepFailedPages(task.file.name, task.name);
    openPages.clear();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.app?.close();
  });
  return env;
}
