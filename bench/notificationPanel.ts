import { rmSync } from 'node:fs';
import { chromium, type Page } from 'playwright-core';
import { startBuiltWebApp } from './builtWebApp';
import { buildAsset } from '../tests/api/assetFactories';
import { buildWorkspace, PRICES } from '../tests/api/factories';
import { buildProject, buildProjectMember } from '../tests/api/projectFactories';

/**
 * The notifications panel scrolling through 5,000 notifications in headless Chromium (issue 24):
 * the built web app served by the real server (NODE_ENV=production), a project whose owner has
 * BENCH_NOTIFICATIONS notifications made by real actions (a member's comments through POST
 * /comments, turned into notifications by the subscriber), the panel opened from the bell and its
 * list scrolled to the end at BENCH_STEP px a frame. Frame times are the deltas between
 * requestAnimationFrame callbacks: median, p95, max, and frames late (over 1.5 frames, 25 ms) and
 * long (over 50 ms). Three passes in the same run and the same browser:
 *   1. the panel from its first page to its last, the pages loading as the end comes near (250 of 20);
 *   2. the panel scrolled again from the top, every page already loaded;
 *   3. the reference: a plain list of the same count, the same text and thumbnail, all 5,000 rows in
 *      the page, in a scroller of the panel's list's size.
 * Run: `npm run build && npm run bench:panel`.
 */
const COUNT = Number(process.env.BENCH_NOTIFICATIONS ?? 5000);
const STEP = Number(process.env.BENCH_STEP ?? 300);
const SEED_CONCURRENCY = 8;
const { built, baseUrl, dataDir } = await startBuiltWebApp('panel', 100000000);

// The owner's project with one picture; a collaborator comments on it COUNT times.
const seedStart = performance.now();
const { workspace, client } = await buildWorkspace(baseUrl, built.ctx, {
  priceId: PRICES.teamMonthly,
});
const project = await buildProject(client, workspace.id, { name: 'Spring Campaign' });
const asset = await buildAsset(client, project.id as number, { name: 'hero-shot-final.png' });
await built.ctx.jobs.idle();
const member = await buildProjectMember(baseUrl, built.ctx, project.id as number, 'collaborator');
const LONG =
  'Can we make the sky a touch warmer and lift the shadows on the left side? The client asked for it.';
let next = 0;
await Promise.all(
  Array.from({ length: SEED_CONCURRENCY }, async () => {
    while (next < COUNT) {
      next += 1;
      const n = next;
      const answer = await member.client.post('/comments', {
        asset_id: asset.id,
        text: n % 2 ? `Note ${n}: ${LONG}` : `Note ${n}`,
      });
      if (answer.status !== 201)
        throw new Error(`comment ${n}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  }),
);
const listed = await client.get(`/projects/${project.id}/notifications?per_page=1`);
const total = (listed.body as { meta: { total_pages: number } }).meta.total_pages;
const thumbnail = (listed.body as { response: { image: string | null }[] }).response[0]?.image ?? '';
if (total !== COUNT) throw new Error(`the owner has ${total} notifications, not ${COUNT}`);
console.log(
  `Seeded ${COUNT} notifications by real comments in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
const [pair = ''] = client.cookieHeader.split('; ');
const [cookieName = '', cookieValue = ''] = pair.split('=');
await context.addCookies([{ name: cookieName, value: cookieValue, url: baseUrl }]);
// tsx keeps function names with a helper the page does not have: give it one.
await context.addInitScript('window.__name = (fn) => fn;');

interface Pass {
  frames: number[];
  ms: number;
  rows: number;
  loaded: string | null;
}

/**
 * Scrolls `scroller` by STEP px each animation frame until its end, and (when `untilComplete`)
 * until the list says every page is in; answers the frame deltas. A frame that finds the end not
 * yet loaded waits on it, drawn as the user would see it.
 */
async function scrollToEnd(page: Page, scroller: string, untilComplete: boolean): Promise<Pass> {
  return page.evaluate(
    ({ scroller, step, untilComplete }) =>
      new Promise<Pass>((done, fail) => {
        const element = document.querySelector<HTMLElement>(scroller);
        if (!element) return fail(new Error(`no ${scroller}`));
        const list = () => document.querySelector<HTMLElement>('[data-testid=notification-list]');
        const frames: number[] = [];
        const start = performance.now();
        let last = start;
        const frame = (now: number) => {
          frames.push(now - last);
          last = now;
          element.scrollTop += step;
          const atEnd = element.scrollTop + element.clientHeight >= element.scrollHeight - 1;
          const complete = !untilComplete || list()?.dataset.complete !== undefined;
          if (atEnd && complete)
            done({
              frames: frames.slice(1),
              ms: now - start,
              rows: element.querySelectorAll('[data-testid=notification], .row').length,
              loaded: list()?.dataset.loaded ?? null,
            });
          else if (now - start > 600_000) fail(new Error('the end never came'));
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame((now) => {
          last = now;
          requestAnimationFrame(frame);
        });
      }),
    { scroller, step: STEP, untilComplete },
  );
}

function summary(name: string, pass: Pass): string {
  const sorted = [...pass.frames].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const late = pass.frames.filter((f) => f > 25).length;
  const long = pass.frames.filter((f) => f > 50).length;
  const pct = (n: number) => `${((100 * n) / Math.max(1, pass.frames.length)).toFixed(1)} %`;
  return (
    `| ${name.padEnd(44)} | ${String(pass.frames.length).padStart(6)} | ${(pass.ms / 1000).toFixed(1).padStart(5)} s ` +
    `| ${at(0.5).toFixed(1).padStart(5)} | ${at(0.95).toFixed(1).padStart(5)} | ${at(1).toFixed(0).padStart(5)} ` +
    `| ${late} (${pct(late)}) | ${long} (${pct(long)}) | ${String(pass.rows).padStart(5)} |`
  );
}

const page = await context.newPage();
await page.goto('/projects');
await page.getByTestId('notifications-bell').click();
await page.getByTestId('notification').first().waitFor({ timeout: 30_000 });
const panelScroller = '[data-testid=notifications-scroll]';
const loading = await scrollToEnd(page, panelScroller, true);
if (loading.loaded !== String(COUNT)) throw new Error(`the panel loaded ${loading.loaded} of ${COUNT}`);
await page.evaluate((s) => document.querySelector(s)?.scrollTo(0, 0), panelScroller);
await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
const loaded = await scrollToEnd(page, panelScroller, true);
const heap = await page.evaluate(
  () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
);

// The reference: the same 5,000 texts as plain rows, all in the page, in a scroller of the same size.
const box = await page.locator(panelScroller).boundingBox();
const reference = await context.newPage();
// On the app's origin, so the rows show the same thumbnail the panel's items show.
await reference.goto('/api/v1/status');
await reference.setContent(`<!doctype html><html><head><style>
  body { margin: 0; font: 14px/1.45 system-ui, sans-serif; }
  #scroller { position: absolute; top: ${box?.y ?? 100}px; left: ${box?.x ?? 800}px; width: ${box?.width ?? 600}px;
    height: ${box?.height ?? 780}px; overflow-y: auto; }
  .row { display: flex; gap: 12px; padding: 14px 20px; border-bottom: 1px solid #e9ecef; }
  .pic { width: 48px; height: 48px; border-radius: 8px; object-fit: cover; flex-shrink: 0; }
  .title { font-weight: 600; } .quote { font-style: italic; border-left: 3px solid #dee2e6; padding-left: 10px; }
</style></head><body><div id="scroller"></div></body></html>`);
await reference.evaluate(
  ({ count, long, thumbnail }) => {
    const scroller = document.getElementById('scroller')!;
    const rows: string[] = [];
    for (let n = count; n >= 1; n--)
      rows.push(
        `<div class="row"><img class="pic" src="${thumbnail}" alt=""><div><div class="title">hero-shot-final.png</div>` +
          `<div><b>Member</b> commented on hero-shot-final.png</div>` +
          `<div class="quote">${n % 2 ? `Note ${n}: ${long}` : `Note ${n}`}</div></div></div>`,
      );
    scroller.innerHTML = rows.join('');
  },
  { count: COUNT, long: LONG, thumbnail },
);
const plain = await scrollToEnd(reference, '#scroller', false);

console.log(
  `\nThe panel's list scrolled to its end, ${STEP} px a frame, ${COUNT} notifications (frame deltas in ms):\n`,
);
console.log(
  '| pass                                         | frames |  time |   p50 |   p95 |   max | late > 25 ms | long > 50 ms | rows in DOM at end |',
);
console.log(
  '| -------------------------------------------- | -----: | ----: | ----: | ----: | ----: | ------------ | ------------ | ----: |',
);
console.log(summary('panel, pages loading as it scrolls (250 × 20)', loading));
console.log(summary('panel, every page loaded', loaded));
console.log(summary(`reference: plain list of ${COUNT} rows`, plain));
console.log(`\nPage JS heap with ${COUNT} notifications loaded: ${(heap / 1024 / 1024).toFixed(1)} MB`);

await browser.close();
await built.app.close();
rmSync(dataDir, { recursive: true, force: true });
