import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startBuiltWebApp } from './builtWebApp';
import { buildUser, buildWorkspace, PRICES } from '../tests/api/factories';
import { buildProject } from '../tests/api/projectFactories';
import { routeBundles } from '../scripts/bundleSizes';

/**
 * How fast the built web app becomes usable in headless Chromium, served by the real server
 * (NODE_ENV=production) over loopback: the compressed JavaScript each route downloads, and the
 * time from navigation to a usable login page and to a project list showing its projects, on a
 * cold cache and on a warm one, unthrottled and on a throttled line (Lighthouse's mobile profile:
 * 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up).
 * Run: `npm run build && npm run bench:web` (BENCH_WEB_DIR measures another build).
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const { built, baseUrl, dataDir, webDir: WEB_DIR } = await startBuiltWebApp('web', 1000000);

// A signed-in owner of a Team workspace with 24 projects.
const { owner, workspace, client } = await buildWorkspace(baseUrl, built.ctx, {
  priceId: PRICES.teamMonthly,
});
let firstProjectId = 0;
for (let i = 0; i < 24; i++) {
  const project = await buildProject(client, workspace.id, { name: `Bench project ${i}` });
  firstProjectId ||= project.id as number;
}
await buildUser(built.ctx);

async function sessionCookie(): Promise<{ name: string; value: string; url: string }> {
  const response = await fetch(`${baseUrl}/api/v1/users/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  });
  const [pair] = (response.headers.get('set-cookie') ?? '').split(';');
  const [name = '', value = ''] = (pair ?? '').split('=');
  return { name, value, url: baseUrl };
}
const cookie = await sessionCookie();

const browser: Browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

type Line = 'loopback' | 'throttled';

async function newContext(signedIn: boolean, line: Line): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1440, height: 900 },
    reducedMotion: 'reduce',
  });
  if (signedIn) await context.addCookies([cookie]);
  const page = await context.newPage();
  if (line === 'throttled') {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  }
  return { context, page };
}

/** Bytes on the wire (compressed bodies) of the scripts a cold visit of `path` downloads. */
async function scriptBytes(path: string, signedIn: boolean, ready: (page: Page) => Promise<void>) {
  const { context, page } = await newContext(signedIn, 'loopback');
  const scripts: { url: string; bytes: Promise<number>; encoding: string }[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    const encoding = request.response().then((r) => r?.headers()['content-encoding'] ?? 'identity');
    scripts.push({
      url: request.url(),
      bytes: request.sizes().then((s) => s.responseBodySize),
      encoding: '',
    });
    void encoding.then((e) => {
      const entry = scripts.find((s) => s.url === request.url());
      if (entry) entry.encoding = e;
    });
  });
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all(scripts.map((s) => s.bytes));
  const encodings = [...new Set(scripts.map((s) => s.encoding))].join('+');
  await context.close();
  return { files: scripts.length, bytes: sizes.reduce((a, b) => a + b, 0), encodings };
}

/** Milliseconds from navigation to `ready`, `RUNS` times; each run cold, then once more warm. */
async function timeToUsable(
  path: string,
  signedIn: boolean,
  line: Line,
  ready: (page: Page) => Promise<void>,
) {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { context, page } = await newContext(signedIn, line);
    let t0 = performance.now();
    await page.goto(path, { waitUntil: 'commit' });
    await ready(page);
    cold.push(performance.now() - t0);
    await page.waitForLoadState('networkidle');
    await page.goto('about:blank');
    t0 = performance.now();
    await page.goto(path, { waitUntil: 'commit' });
    await ready(page);
    warm.push(performance.now() - t0);
    await context.close();
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return { cold: median(cold), warm: median(warm) };
}

const loginReady = async (page: Page) => {
  await page.getByRole('button', { name: 'Log in' }).waitFor();
  await page.getByLabel('Email').waitFor();
};
const listReady = async (page: Page) => {
  await page.getByTestId('project-card').filter({ hasText: 'Bench project 23' }).waitFor();
};
const heading = (name: string | RegExp) => async (page: Page) => {
  await page.getByRole('heading', { name }).first().waitFor();
};
const projectReady = async (page: Page) => {
  await page.getByRole('heading', { name: 'Bench project 0' }).first().waitFor();
};

if (process.env.BENCH_TRACE) {
  const { context, page } = await newContext(true, 'loopback');
  const t0 = performance.now();
  page.on('request', (r) =>
    console.log(`  +${(performance.now() - t0).toFixed(0)} ms start ${r.url().replace(baseUrl, '')}`),
  );
  page.on('requestfinished', (r) =>
    console.log(`  +${(performance.now() - t0).toFixed(0)} ms done  ${r.url().replace(baseUrl, '')}`),
  );
  await page.goto('/projects');
  await listReady(page);
  await page.waitForLoadState('networkidle');
  await context.close();
}

const routes: { name: string; path: string; signedIn: boolean; ready: (page: Page) => Promise<void> }[] = [
  { name: 'login', path: '/login', signedIn: false, ready: loginReady },
  { name: 'signup', path: '/signup', signedIn: false, ready: heading(/account/i) },
  { name: 'forgot', path: '/forgot', signedIn: false, ready: heading(/password/i) },
  { name: 'projects', path: '/projects', signedIn: true, ready: listReady },
  { name: 'project', path: `/projects/${firstProjectId}`, signedIn: true, ready: projectReady },
  { name: 'profile', path: '/user/profile', signedIn: true, ready: heading(/profile/i) },
  {
    name: 'workspace settings',
    path: `/user/workspaces/${workspace.id}`,
    signedIn: true,
    ready: heading(/workspace/i),
  },
];

console.log(`Web app ${WEB_DIR}, ${RUNS} runs per figure, medians.`);
console.log('\nJavaScript of a cold visit, as Chromium downloaded it (compressed bodies):');
for (const route of routes) {
  const r = await scriptBytes(route.path, route.signedIn, route.ready);
  console.log(
    `  ${route.name.padEnd(20)} ${(r.bytes / 1024).toFixed(1).padStart(7)} KB in ${r.files} files (${r.encodings})`,
  );
}

const manifest = join(WEB_DIR, '.vite', 'manifest.json');
if (existsSync(manifest)) {
  console.log(
    '\nJavaScript each route loads by the build manifest (static imports of entry + route modules):',
  );
  for (const r of routeBundles(WEB_DIR)) {
    console.log(
      `  ${r.route.padEnd(20)} ${(r.raw / 1024).toFixed(1).padStart(7)} KB raw, ${(r.gzip / 1024).toFixed(1).padStart(6)} KB gzip, ${(r.brotli / 1024).toFixed(1).padStart(6)} KB brotli, ${r.files} files`,
    );
  }
}

console.log('\nTime to usable (ms, median):');
for (const line of ['loopback', 'throttled'] as const) {
  const login = await timeToUsable('/login', false, line, loginReady);
  const list = await timeToUsable('/projects', true, line, listReady);
  console.log(
    `  ${line.padEnd(10)} login page: cold ${login.cold.toFixed(0)}, warm ${login.warm.toFixed(0)}; ` +
      `project list: cold ${list.cold.toFixed(0)}, warm ${list.warm.toFixed(0)}`,
  );
}

await browser.close();
await built.app.close();
rmSync(dataDir, { recursive: true, force: true });
