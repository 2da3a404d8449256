import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AssetView } from '@common/api/assets';
import { MARKUP_COLORS, type Comment } from '@common/api/comments';
import { newPage, shot, useAppAndBrowser } from './harness';
import { closeSnackbars, expectSnackbar, makeUser, signUpInSession } from './journeys';
import { landscape } from './landscapes';
import { call, createProject, trialWorkspace } from './projectJourneys';

const env = useAppAndBrowser();

async function upload(page: Page, url: string, fields: Record<string, string>, name: string, buffer: Buffer) {
  const answer = await page.request.post(url, {
    multipart: { ...fields, file: { name, mimeType: 'image/jpeg', buffer } },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { response: AssetView }).response;
}

const line = (color: string, points: [number, number][]) => ({
  points: points.map(([x, y]) => ({ x, y })),
  stroke_color: color,
  stroke_size: 4,
  is_relative: true,
});

describe('feedback carried between rounds', () => {
  it('lists round 1’s open comments on round 2, carries one over and fixes one, with exports at hand', async () => {
    const { page } = await newPage(env.browser, env.app);
    await signUpInSession(page, makeUser({ name: 'Carla Creative' }));
    const workspace = await trialWorkspace(page);
    const project = await createProject(page, workspace.id, { name: 'Autumn Campaign' });
    const hero = await upload(
      page,
      '/api/v1/assets',
      { project_id: String(project.id) },
      'hero.jpg',
      await landscape(1),
    );
    const comment = (text: string, markup?: unknown[]) =>
      call<Comment>(page, 'POST', '/comments', { asset_id: hero.id, text, markup: markup ?? null });
    const sky = await comment('The sky is too cyan — warm it up a little.', [
      line(MARKUP_COLORS.red, [
        [0.12, 0.18],
        [0.3, 0.1],
        [0.5, 0.16],
      ]),
    ]);
    const ridge = await comment('Sharpen the front ridge.', [
      line(MARKUP_COLORS.yellow, [
        [0.1, 0.85],
        [0.35, 0.72],
        [0.6, 0.82],
      ]),
    ]);
    const crop = await comment('Crop 5% tighter on the left for the banner.');
    const done = await comment('Already handled.');
    await call(page, 'PATCH', `/comments/${done.id}/mark_as_completed`);
    await upload(page, `/api/v1/assets/${hero.id}/versions`, {}, 'hero-r2.jpg', await landscape(2));
    const current = (await call<AssetView>(page, 'GET', `/assets/${hero.id}`)).current_version.number;
    const first = sky.round_number;

    await page.goto(`/projects/${project.id}/assets/${hero.id}`);
    const checklist = page.getByTestId('carried-feedback');
    await checklist.waitFor();
    expect(await checklist.getByText(`Feedback from Round ${first}`).count()).toBe(1);
    const items = checklist.getByTestId('carried-comment');
    expect(await items.count()).toBe(3);
    expect(await checklist.getByTestId('carried-left').textContent()).toBe('3 to check');
    expect(await items.first().getByTestId('carried-marker').textContent()).toBe('1');
    await page.getByTestId('viewer-canvas').waitFor();
    await shot(page, 'carried-feedback');

    // Carry the sky comment over: it leaves the checklist and joins round 2's comments.
    const skyItem = checklist.locator(`[data-comment-id="${sky.id}"]`);
    await skyItem.getByTestId('carried-carry').click();
    await expectSnackbar(page, `Carried over to Round ${current}.`);
    await skyItem.waitFor({ state: 'detached' });
    await page.getByTestId('comment-list').locator(`[data-comment-id="${sky.id}"]`).waitFor();
    await closeSnackbars(page);

    // Marking the ridge fixed fails once (the network drops): it comes back; then it sticks.
    const ridgeItem = checklist.locator(`[data-comment-id="${ridge.id}"]`);
    await page.route(`**/api/v1/comments/${ridge.id}/mark_as_completed`, (route) => route.abort());
    await ridgeItem.getByTestId('carried-fixed').click();
    await ridgeItem.waitFor();
    await page.unroute(`**/api/v1/comments/${ridge.id}/mark_as_completed`);
    await closeSnackbars(page);
    await ridgeItem.getByTestId('carried-fixed').click();
    await ridgeItem.waitFor({ state: 'detached' });
    expect(await checklist.getByTestId('carried-left').textContent()).toBe('1 to check');

    const server = await call<Comment[]>(page, 'GET', `/assets/${hero.id}/carried_comments`);
    expect(server.map((c) => c.id)).toEqual([crop.id]);
    const asset = await call<AssetView>(page, 'GET', `/assets/${hero.id}`);
    expect(asset.unresolved_comments_count).toBe(2);

    // Export comments: the panel's menu links the CSV and the PDF report.
    await page.getByTestId('export-comments').click();
    const csv = await page.getByTestId('export-comments-csv').getAttribute('href');
    const pdf = await page.getByTestId('export-comments-pdf').getAttribute('href');
    expect(csv).toBe(`/api/v1/assets/${hero.id}/comments/export?format=csv`);
    const report = await page.request.get(pdf!);
    expect(report.status()).toBe(200);
    expect((await report.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.keyboard.press('Escape');
    await shot(page, 'carried-feedback-settled');

    // The project page offers the project's export too.
    await page.goto(`/projects/${project.id}`);
    await page.getByTestId('export-comments').click();
    expect(await page.getByTestId('export-comments-csv').getAttribute('href')).toBe(
      `/api/v1/projects/${project.id}/comments/export?format=csv`,
    );
    await shot(page, 'project-export-comments');
  });
});
