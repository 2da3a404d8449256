import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AssetView } from '@common/api/assets';
import type { Label, Project } from '@common/api/projects';
import type { User } from '@common/api/users';
import { seedAssets } from '../tests/api/assetSeeds';
import { newPage, useAppAndBrowser } from './harness';
import { closeSnackbars, makeUser, signUpInSession } from './journeys';
import { call, createProject, trialWorkspace } from './projectJourneys';
import { storeThumbnails } from './seededAssets';

const env = useAppAndBrowser();

const COUNT = 200;
const name = (i: number) => `SHOT_${String(i + 1).padStart(3, '0')}.jpg`;
/** Every fifth approved, from the fifth; one in 25 flagged, from the 24th. */
const seededApproved = (i: number) => i % 5 === 4;
const seededRush = (i: number) => i % 25 === 23;

/** An owner's project of 200 photographs with thumbnails, written straight to the database. */
async function ownerWith200(): Promise<{ page: Page; project: Project; label: Label }> {
  const { page } = await newPage(env.browser, env.app);
  await signUpInSession(page, makeUser({ name: 'Cora Culler' }));
  const me = await call<User>(page, 'GET', '/users/me');
  const workspace = await trialWorkspace(page);
  const project = await createProject(page, workspace.id, { name: 'Wedding, 200 selects' });
  await call<Label>(page, 'POST', '/labels', {
    name: 'Hero',
    labellable_type: 'Project',
    labellable_id: project.id,
  });
  // Key 1 sets the project's first label.
  const [label] = await call<Label[]>(page, 'GET', `/projects/${project.id}/labels`);
  const thumbnails = await storeThumbnails(env.app.ctx, 12);
  const start = Date.UTC(2026, 10, 1);
  await seedAssets(
    env.app.ctx,
    { projectId: project.id, uploaderId: me.id },
    Array.from({ length: COUNT }, (_, i) => ({
      name: name(i),
      approve: seededApproved(i) ? 'confirmed' : 'pending',
      rushPrioritySetAt: seededRush(i) ? new Date(start + i * 60_000).toISOString() : null,
      createdAt: new Date(start + i * 1000).toISOString(),
      thumbnail: thumbnails[i % thumbnails.length]!,
    })),
  );
  await page.goto(`/projects/${project.id}`);
  await page.getByTestId('asset-grid').waitFor();
  return { page, project, label: label! };
}

const grid = (page: Page) => page.getByTestId('asset-grid');
const count = (page: Page) => page.getByTestId('asset-count').innerText();
const firstName = async (page: Page) => (await page.getByTestId('asset-name').allInnerTexts())[0];
const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

async function chooseSort(page: Page, label: string) {
  await page.getByTestId('asset-sort').click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

/** The project's assets by name, both pages of 100. */
async function assetsByName(page: Page, projectId: number): Promise<Map<string, AssetView>> {
  const all: AssetView[] = [];
  for (const p of [1, 2])
    all.push(
      ...(await call<AssetView[]>(
        page,
        'GET',
        `/projects/${projectId}/assets?page=${p}&sort_by=file_name&sort_order=asc`,
      )),
    );
  return new Map(all.map((a) => [a.name, a]));
}

/** What the cull below does to the k-th asset by name: approve evens, unapprove the seeded odd ones, flag every third, label every seventh. */
const cullKeys = (k: number) => [
  ...(k % 2 === 0 ? ['a'] : seededApproved(k) ? ['u'] : []),
  ...(k % 3 === 0 ? ['r'] : []),
  ...(k % 7 === 0 ? ['1'] : []),
];

/**
 * Flung down 600 px a frame, then stopped: every tile on screen loads its thumbnail. (Whether the
 * tiles passing by held theirs depends on the frame rate the machine manages, so that rule is
 * proved by web/features/assets/flingWatch.test.ts, not here.)
 */
async function thumbnailsLoadAfterAFling(page: Page): Promise<void> {
  // Page code as text: tsx names inner functions with a helper the page does not have.
  await page.evaluate(`new Promise((done) => {
    let steps = 0;
    const step = () => {
      window.scrollBy(0, 600);
      if (++steps < 10) return requestAnimationFrame(step);
      requestAnimationFrame(() => done(null));
    };
    requestAnimationFrame(step);
  })`);
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll('[data-testid=asset-tile]')]
            .filter((tile) => {
              const box = tile.getBoundingClientRect();
              return box.bottom > 0 && box.top < window.innerHeight;
            })
            .every((tile) => tile.querySelector('[data-testid=asset-thumbnail][data-loaded=true]')),
        ),
      { timeout: 10_000 },
    )
    .toBe(true);
}

describe('a grid of 200 assets', () => {
  it('sorts and filters 200 assets, then culls 30 with the keyboard alone, the grid following the focus', async () => {
    const { page, project, label } = await ownerWith200();
    expect(await count(page)).toBe('200');

    // Sorts: file name both ways; the last of 200 is reached by scrolling (the second page loads).
    await chooseSort(page, 'File Name');
    await expect.poll(() => firstName(page)).toBe(name(0));
    await page.getByTestId('asset-sort-direction').click();
    await expect.poll(() => firstName(page)).toBe(name(COUNT - 1));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByTestId('asset-name').getByText(name(0), { exact: true }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await thumbnailsLoadAfterAFling(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    // Priority: the flagged first, the most recently flagged first.
    await chooseSort(page, 'Priority');
    await page.getByTestId('asset-sort-direction').click();
    await expect.poll(() => firstName(page)).toBe(name(198));

    // Filters: approved (40), approved and flagged (the 24th, 49th, … are flagged; none approved), flagged alone (8).
    await page.getByTestId('asset-filters-button').click();
    const filters = page.getByTestId('asset-filters');
    await filters
      .getByRole('radiogroup', { name: 'Approval' })
      .locator('label', { hasText: /^Approved$/ })
      .click();
    await expect.poll(() => count(page)).toBe('40');
    await filters.getByLabel('Flagged as rush priority').check();
    await page.getByTestId('assets-filtered-empty').waitFor();
    await filters
      .getByRole('radiogroup', { name: 'Approval' })
      .locator('label', { hasText: /^Any$/ })
      .click();
    await expect.poll(() => count(page)).toBe('8');
    await filters.getByLabel('Flagged as rush priority').uncheck();
    await expect.poll(() => count(page)).toBe('200');
    await page.keyboard.press('Escape');

    // Cull the first 30 by name without the mouse: keys act on the focused tile, → moves on.
    await chooseSort(page, 'File Name');
    await expect.poll(() => firstName(page)).toBe(name(0));
    await page.getByTestId('asset-tile').first().focus();
    for (let k = 0; k < 30; k++) {
      await expect.poll(() => focusedLabel(page)).toMatch(new RegExp(`^${name(k).replace('.', '\\.')}`));
      for (const key of cullKeys(k)) await page.keyboard.press(key);
      await page.keyboard.press('ArrowRight');
    }
    // The focus is on the 31st, six rows down: the grid scrolled to keep it in view.
    await expect.poll(() => focusedLabel(page)).toMatch(/^SHOT_031\.jpg/);
    const box = await page.locator(':focus').boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 900).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(600);

    await expect
      .poll(
        async () => {
          const byName = await assetsByName(page, project.id);
          return Array.from({ length: 30 }, (_, k) => {
            const asset = byName.get(name(k))!;
            return [asset.approve === 'confirmed', asset.rush_priority, asset.label?.id === label.id];
          });
        },
        { timeout: 15_000 },
      )
      .toEqual(
        Array.from({ length: 30 }, (_, k) => [
          k % 2 === 0 || (seededApproved(k) && !cullKeys(k).includes('u')),
          (k % 3 === 0) !== seededRush(k),
          k % 7 === 0,
        ]),
      );
    // What the keys did shows on the tiles too.
    expect(await grid(page).getByTestId('asset-rush').count()).toBeGreaterThan(0);
    await closeSnackbars(page);

    // Ctrl+A on a fresh page (only the first 100 loaded) selects all 200; Esc lets go.
    await page.reload();
    await page.getByTestId('asset-tile').first().focus();
    await page.keyboard.press('Control+A');
    await page.getByTestId('asset-selection-count').getByText('200 assets selected').waitFor();
    expect(await page.getByRole('button', { name: /^Select all/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('asset-selection-bar').waitFor({ state: 'hidden' });
  });
});
