import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AssetView } from '@common/api/assets';
import type { Comment } from '@common/api/comments';
import { newPage, shot, useAppAndBrowser } from './harness';
import { closeSnackbars, expectSnackbar, makeUser, signUpInSession } from './journeys';
import { call, createProject, trialWorkspace } from './projectJourneys';
import { drawStroke, ownerAndCollaboratorOnPicture, pictureShown } from './reviewJourneys';

const env = useAppAndBrowser();

/** The middle of the draft's line `index` on screen. */
function draftLineMiddle(page: Page, index: number) {
  return page.evaluate((i) => {
    const path = document.querySelectorAll('[data-testid="markup-draft-shape"]')[i]!.querySelector('path')!;
    const point = path.getPointAtLength(path.getTotalLength() / 2);
    const matrix = path.getScreenCTM()!;
    return { x: point.x * matrix.a + matrix.e, y: point.y * matrix.d + matrix.f };
  }, index);
}

const png = (colour: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();

describe('editing one’s own comment: text, files and drawing', () => {
  it('the author changes the text, swaps a file and redraws the line; it stays after a reload; others cannot edit', async () => {
    const { ownerSide, page, project, asset, collabSide } = await ownerAndCollaboratorOnPicture(
      env,
      'Autumn campaign',
      {
        name: 'campaign-hero.jpg',
        variant: 2,
        width: 2400,
        height: 1600,
      },
    );

    // A comment with a drawing and a file.
    await page.goto(`/projects/${project.id}/assets/${asset.id}`);
    await pictureShown(page);
    await page.getByTestId('comments-empty').waitFor();
    await drawStroke(page, [0.3, 0.4], [0.5, 0.45], { bend: 0.05 });
    await page.getByTestId('composer-drawings').waitFor();
    await page
      .getByTestId('comment-composer')
      .locator('input[type=file]')
      .setInputFiles({ name: 'reference.png', mimeType: 'image/png', buffer: await png('#c0ffee') });
    await page.getByTestId('comment-input').fill('Soften the shadow under the collar');
    await page.keyboard.press('Enter');
    // The only comment of the asset (its text changes on the way).
    const comment = page.getByTestId('comment').first();
    await comment.getByRole('link', { name: 'reference.png' }).waitFor();
    await comment.getByTestId('comment-number').getByText('1').waitFor();
    const markupCanvas = page.getByTestId('markup-canvas');
    await expect.poll(() => markupCanvas.getAttribute('data-shapes')).toBe('1');
    const [before] = await call<Comment[]>(page, 'GET', `/assets/${asset.id}/comments`);
    const oldFileUrl = before!.files[0]!.url;
    // A new comment's lines begun meanwhile wait aside while the drawing is redrawn.
    await drawStroke(page, [0.7, 0.2], [0.8, 0.25], { bend: 0.05 });
    await page.getByTestId('composer-drawings').getByText('1 drawing attached').waitFor();

    // Edit: the text (a mention still completes), the files, and the drawing.
    await comment.getByTestId('comment-edit').click();
    const box = comment.getByTestId('comment-edit-box');
    const input = box.getByTestId('comment-edit-input');
    await input.fill('Soften the shadow a little more, ');
    await input.press('End');
    await input.pressSequentially('@Col');
    await page
      .getByTestId('mention-list')
      .getByRole('option', { name: /Cole Collaborator/ })
      .waitFor();
    await input.press('Enter');
    await input.pressSequentially('please check');
    await box.getByRole('button', { name: 'Remove reference.png' }).click();
    await box
      .locator('input[type=file]')
      .setInputFiles({ name: 'swatch.png', mimeType: 'image/png', buffer: await png('#e08060') });
    await box.getByText('swatch.png').waitFor();
    expect(await box.getByText('reference.png').count()).toBe(0);
    await shot(page, 'comment-edit-box');

    await box.getByTestId('comment-redraw').click();
    await box.getByTestId('comment-redrawing').getByText('Redrawing · 1 line').waitFor();
    expect(await comment.getAttribute('data-redrawing')).toBe('true');
    // The stored line left the canvas for the draft; the composer's own line is put aside.
    await expect.poll(() => markupCanvas.getAttribute('data-shapes')).toBe('0');
    expect(await page.getByTestId('markup-draft-shape').count()).toBe(1);
    await page.getByTestId('composer-waits').waitFor();
    expect(await page.getByTestId('composer-drawings').count()).toBe(0);
    // Select and delete the line: Save waits for a line; undo brings it back, then delete it again.
    await page.getByRole('button', { name: 'Select' }).click();
    const middle = await draftLineMiddle(page, 0);
    await page.mouse.click(middle.x, middle.y);
    await expect
      .poll(() => page.getByTestId('markup-draft-shape').first().getAttribute('data-selected'))
      .toBe('true');
    await page.keyboard.press('Delete');
    await box.getByText('Draw at least one line, or keep the original drawing.').waitFor();
    expect(await box.getByTestId('comment-edit-save').isDisabled()).toBe(true);
    await page.keyboard.press('Control+z');
    await box.getByTestId('comment-redrawing').getByText('1 line').waitFor();
    await page.keyboard.press('Control+Shift+z');
    await box.getByTestId('comment-redrawing').getByText('0 lines').waitFor();
    // The new line, in red, lower on the picture.
    await page.getByRole('button', { name: 'Line' }).click();
    await page.getByRole('radio', { name: 'Colour Red' }).click();
    await drawStroke(page, [0.35, 0.65], [0.6, 0.7], { bend: 0.05 });
    await box.getByTestId('comment-redrawing').getByText('1 line').waitFor();
    await page.mouse.move(10, 10);
    await shot(page, 'comment-edit-redraw');

    await box.getByTestId('comment-edit-save').click();
    await box.waitFor({ state: 'detached' });
    // Shown at once, then the server's.
    await comment.getByText('please check').waitFor();
    await comment.getByRole('link', { name: 'swatch.png' }).waitFor();
    await comment.getByTestId('comment-edited').waitFor();
    await expect.poll(() => markupCanvas.getAttribute('data-shapes')).toBe('1');
    // The new comment's line is back in its box.
    await page.getByTestId('composer-drawings').getByText('1 drawing attached').waitFor();

    // A longer name: the author shows it whole, the time and the edit mark on the line below.
    const me = await call<{ id: number }>(page, 'GET', '/users/me');
    await env.app.ctx.db
      .updateTable('users')
      .set({ name: 'Olga Oleander-Ostrowska' })
      .where('id', '=', me.id)
      .execute();
    await page.reload();
    await pictureShown(page);
    await comment.getByTestId('comment-edited').waitFor();
    const author = comment.getByTestId('comment-author').first();
    await author.getByText('Olga Oleander-Ostrowska').waitFor();
    expect(await author.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await comment.getByTestId('comment-edited').first().isVisible()).toBe(true);
    await comment.getByTestId('comment-mention').getByText('@Cole Collaborator').waitFor();
    await comment.getByRole('link', { name: 'swatch.png' }).waitFor();
    expect(await comment.getByText('reference.png').count()).toBe(0);
    await comment.getByTestId('comment-number').getByText('1').waitFor();
    await expect.poll(() => markupCanvas.getAttribute('data-shapes')).toBe('1');
    const [after] = await call<Comment[]>(page, 'GET', `/assets/${asset.id}/comments`);
    expect(after).toMatchObject({ markup_number: 1, is_edited: true, mentions: [expect.any(Number)] });
    expect(after!.markup).toHaveLength(1);
    expect(after!.markup[0]!.stroke_color).toBe('#E5372C');
    expect(after!.markup[0]!.points[0]!.y).toBeGreaterThan(before!.markup[0]!.points[0]!.y + 0.15);
    expect(after!.files.map((f) => f.name)).toEqual(['swatch.png']);
    expect((await page.request.get(oldFileUrl)).status()).toBe(404);
    await shot(page, 'comment-edit-saved');

    // Cancel leaves everything as it was: text, files and drawing.
    await comment.getByTestId('comment-edit').click();
    await box.getByTestId('comment-edit-input').fill('Never sent');
    await box.getByRole('button', { name: 'Remove swatch.png' }).click();
    await box.getByTestId('comment-redraw').click();
    await expect.poll(() => markupCanvas.getAttribute('data-shapes')).toBe('0');
    await page.getByRole('button', { name: 'Select' }).click();
    const again = await draftLineMiddle(page, 0);
    await page.mouse.click(again.x, again.y);
    await page.keyboard.press('Delete');
    await box.getByTestId('comment-redrawing').getByText('0 lines').waitFor();
    await box.getByTestId('comment-edit-cancel').click();
    await box.waitFor({ state: 'detached' });
    await comment.getByText('please check').waitFor();
    await comment.getByRole('link', { name: 'swatch.png' }).waitFor();
    await expect.poll(() => markupCanvas.getAttribute('data-shapes')).toBe('1');
    expect(await page.getByTestId('markup-draft-shape').count()).toBe(0);
    await page.getByRole('button', { name: 'Line' }).click();

    // A refused save shows at once, then the comment as it was, the spec's message, and the edit back.
    await page.route('**/api/v1/comments/*', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      await new Promise((done) => setTimeout(done, 600));
      return route.fulfill({ status: 500, body: '' });
    });
    await comment.getByTestId('comment-edit').click();
    await box.getByTestId('comment-edit-input').fill('Warmer tones overall');
    await box.getByTestId('comment-edit-save').click();
    await comment.getByText('Warmer tones overall').waitFor();
    await expectSnackbar(page, 'Oops, something went wrong! Try again.');
    await box.waitFor();
    expect(await box.getByTestId('comment-edit-input').inputValue()).toBe('Warmer tones overall');
    await box.getByTestId('comment-edit-cancel').click();
    await comment.getByText('please check').waitFor();
    await page.unroute('**/api/v1/comments/*');
    await closeSnackbars(page);

    // Another member sees the edit and has no Edit on it.
    const other = collabSide.page;
    await other.goto(`/projects/${project.id}/assets/${asset.id}`);
    const theirView = other.getByTestId('comment').filter({ hasText: 'Soften the shadow' });
    await theirView.getByTestId('comment-edited').waitFor();
    await theirView.getByRole('link', { name: 'swatch.png' }).waitFor();
    await theirView.getByRole('button', { name: 'Reply' }).waitFor();
    expect(await theirView.getByTestId('comment-edit').count()).toBe(0);

    await ownerSide.context.close();
    await collabSide.context.close();
  });

  it('on a document, Redraw shows the drawing’s page, and Save waits while another page is shown', async () => {
    const { page, context } = await newPage(env.browser, env.app);
    await signUpInSession(page, makeUser({ name: 'Paula Pages' }));
    const workspace = await trialWorkspace(page);
    const project = await createProject(page, workspace.id, { name: 'Annual report' });
    const pdf = readFileSync(
      resolve(import.meta.dirname, '..', '..', 'shared', 'corpus', 'pdf/two_column_6pages.pdf'),
    );
    const answer = await page.request.post('/api/v1/assets', {
      multipart: {
        project_id: String(project.id),
        file: { name: 'report.pdf', mimeType: 'application/pdf', buffer: pdf },
      },
    });
    expect(answer.status()).toBe(201);
    const asset = ((await answer.json()) as { response: AssetView }).response;
    await env.app.ctx.jobs.idle();

    await page.goto(`/projects/${project.id}/assets/${asset.id}`);
    await pictureShown(page);
    const label = page.getByTestId('page-label');
    await page.getByRole('button', { name: 'Next page' }).click();
    await label.getByText('Page 2 of 6').waitFor();
    await pictureShown(page);
    await drawStroke(page, [0.3, 0.35], [0.6, 0.4], { bend: 0.05 });
    await page.getByTestId('comment-input').fill('Tighten the gutter');
    await page.keyboard.press('Enter');
    const comment = page.getByTestId('comment').first();
    await comment.getByTestId('comment-page').getByText('Page 2').waitFor();
    await comment.getByTestId('comment-number').getByText('1').waitFor();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await label.getByText('Page 1 of 6').waitFor();

    await comment.getByTestId('comment-edit').click();
    const box = comment.getByTestId('comment-edit-box');
    await box.getByTestId('comment-redraw').click();
    await label.getByText('Page 2 of 6').waitFor();
    expect(await page.getByTestId('markup-draft-shape').count()).toBe(1);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await label.getByText('Page 1 of 6').waitFor();
    await box.getByText('This drawing is on page 2.').waitFor();
    expect(await box.getByTestId('comment-edit-save').isDisabled()).toBe(true);
    await box.getByRole('button', { name: 'Go back to save it' }).click();
    await label.getByText('Page 2 of 6').waitFor();
    await pictureShown(page);
    await drawStroke(page, [0.3, 0.6], [0.6, 0.65], { bend: 0.05 });
    await box.getByTestId('comment-redrawing').getByText('2 lines').waitFor();
    await box.getByTestId('comment-edit-save').click();
    await comment.getByTestId('comment-edited').waitFor();
    await expect
      .poll(
        async () => (await call<Comment[]>(page, 'GET', `/assets/${asset.id}/comments`))[0]!.markup.length,
      )
      .toBe(2);
    const [saved] = await call<Comment[]>(page, 'GET', `/assets/${asset.id}/comments`);
    expect(saved).toMatchObject({ page: 2, markup_number: 1, is_edited: true });
    await context.close();
  });
});
