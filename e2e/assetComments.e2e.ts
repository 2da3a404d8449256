import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AssetView } from '@common/api/assets';
import type { Comment } from '@common/api/comments';
import { shot, useAppAndBrowser } from './harness';
import { closeSnackbars, expectSnackbar } from './journeys';
import { call } from './projectJourneys';
import { drawStroke, ownerAndCollaboratorOnPicture, pictureShown } from './reviewJourneys';

const env = useAppAndBrowser();

/** Where the view puts a relative point of the picture, in page pixels (from the canvas's drawn view). */
async function onScreen(
  page: Page,
  point: { x: number; y: number },
  image: { width: number; height: number },
) {
  const canvas = page.getByTestId('viewer-canvas');
  const [scale, x, y] = await Promise.all(['scale', 'x', 'y'].map((n) => canvas.getAttribute(`data-${n}`)));
  const box = (await page.getByTestId('viewer-stage').boundingBox())!;
  return {
    x: box.x + Number(x) + point.x * image.width * Number(scale),
    y: box.y + Number(y) + point.y * image.height * Number(scale),
  };
}

/** Where the marker canvas shows its one marker: the centre of its opaque pixels, on the page. */
async function markerDrawnAt(page: Page): Promise<{ x: number; y: number } | null> {
  const box = (await page.getByTestId('marker-canvas').boundingBox())!;
  const found = await page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="marker-canvas"]')!;
    const { width, height } = canvas;
    const alpha = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
    let [left, right, top, bottom] = [width, -1, height, -1];
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        if (alpha[(y * width + x) * 4 + 3]! > 200) {
          left = Math.min(left, x);
          right = Math.max(right, x);
          top = Math.min(top, y);
          bottom = Math.max(bottom, y);
        }
    const ratio = width / canvas.clientWidth;
    return right < 0 ? null : { x: (left + right + 1) / 2 / ratio, y: (top + bottom + 1) / 2 / ratio };
  });
  return found && { x: box.x + found.x, y: box.y + found.y };
}

const near = (a: { x: number; y: number } | null, b: { x: number; y: number }) =>
  a !== null && Math.abs(a.x - b.x) < 2 && Math.abs(a.y - b.y) < 2;

const card = (page: Page, text: string) => page.getByTestId('comment').filter({ hasText: text });
/** A root comment's own line of actions, not those of its replies. */
const ownActions = (root: Locator) => root.locator(':scope > div').first();

describe('comments and markup on the asset view', () => {
  it('owner draws and comments; a collaborator replies with a mention, completes, reopens, edits; delete by level', async () => {
    const { ownerSide, page, project, asset, collabSide } = await ownerAndCollaboratorOnPicture(
      env,
      'Spring lookbook',
      {
        name: 'lookbook-cover.jpg',
        variant: 4,
        width: 2400,
        height: 1800,
      },
    );
    const fresh = await call<AssetView>(page, 'GET', `/assets/${asset.id}`);
    const image = { width: fresh.current_version.width!, height: fresh.current_version.height! };

    // The owner opens the asset: an empty panel, the markup toolbar over the picture.
    await page.goto(`/projects/${project.id}/assets/${asset.id}`);
    await pictureShown(page);
    await page.getByTestId('comments-empty').waitFor();
    await page.getByTestId('markup-toolbar').waitFor();

    // A click is not a line; a stroke is. Undo and redo with the keys.
    const stage = (await page.getByTestId('viewer-stage').boundingBox())!;
    await page.mouse.click(stage.x + stage.width * 0.3, stage.y + stage.height * 0.3);
    expect(await page.getByTestId('markup-draft-shape').count()).toBe(0);
    await drawStroke(page, [0.35, 0.45], [0.6, 0.5], { steps: 24, bend: 0.06 });
    await page.getByTestId('composer-drawings').getByText('1 drawing attached').waitFor();
    await page.keyboard.press('Control+z');
    await page.getByTestId('composer-drawings').waitFor({ state: 'detached' });
    await page.keyboard.press('Control+Shift+z');
    await page.getByTestId('composer-drawings').waitFor();
    // A second line in red, then the selection tool picks and deletes it.
    await page.getByRole('radio', { name: 'Colour Red' }).click();
    await drawStroke(page, [0.4, 0.6], [0.55, 0.62], { steps: 24, bend: 0.06 });
    await page.getByText('2 drawings attached').waitFor();
    await page.getByRole('button', { name: 'Select' }).click();
    const red = page.getByTestId('markup-draft-shape').nth(1);
    const redStart = await page.evaluate(() => {
      const path = document.querySelectorAll('[data-testid="markup-draft-shape"]')[1]!.querySelector('path')!;
      const point = path.getPointAtLength(path.getTotalLength() / 2);
      const matrix = path.getScreenCTM()!;
      return { x: point.x * matrix.a + matrix.e, y: point.y * matrix.d + matrix.f };
    });
    await page.mouse.click(redStart.x, redStart.y);
    await expect.poll(() => red.getAttribute('data-selected')).toBe('true');
    await shot(page, 'asset-markup-selection');
    await page.keyboard.press('Delete');
    await page.getByText('1 drawing attached').waitFor();
    await page.getByRole('button', { name: 'Line' }).click();

    const reference = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0ffee' } })
      .png()
      .toBuffer();
    await page
      .getByTestId('comment-composer')
      .locator('input[type=file]')
      .setInputFiles({ name: 'reference.png', mimeType: 'image/png', buffer: reference });
    await page.getByTestId('comment-composer').getByText('reference.png').waitFor();
    await page.getByTestId('comment-input').fill('Soften the shadow under the collar');
    await page.keyboard.press('Enter');
    const first = card(page, 'Soften the shadow');
    await first.getByTestId('comment-number').getByText('1').waitFor();
    // The attached file is a link to it.
    const fileLink = first.getByRole('link', { name: 'reference.png' });
    await fileLink.waitFor();
    const download = await page.request.get((await fileLink.getAttribute('href'))!);
    expect(download.status()).toBe(200);
    expect(Buffer.from(await download.body()).equals(reference)).toBe(true);
    await page.getByTestId('markup-marker').getByText('1').waitFor();
    await expect.poll(() => page.getByTestId('composer-drawings').count()).toBe(0);
    // A global comment, with no drawing.
    await page.getByRole('switch', { name: 'Global comment' }).click();
    await page.getByTestId('comment-input').fill('Overall the colours work well');
    await page.keyboard.press('Enter');
    await card(page, 'Overall the colours').getByRole('img', { name: 'Global comment' }).waitFor();
    await expect.poll(() => page.getByTestId('unresolved-count').innerText()).toBe('2');

    // Stored relative to the picture: the marker sits on the line's first point at every zoom.
    const [stored] = await call<Comment[]>(
      page,
      'GET',
      `/assets/${asset.id}/versions/${fresh.current_version.number}/comments`,
    );
    expect(stored!.markup).toHaveLength(1);
    expect(stored!.markup[0]).toMatchObject({ stroke_color: '#2B9324', stroke_size: 3, is_relative: true });
    expect(stored!.markup[0]!.points.length).toBeGreaterThan(2);
    expect(stored!.markup[0]!.points.length).toBeLessThan(25);
    const startPoint = stored!.markup[0]!.points[0]!;
    const fitAt = await onScreen(page, startPoint, image);
    await expect.poll(async () => near(await markerDrawnAt(page), fitAt)).toBe(true);
    const fitMarker = fitAt;
    const markupCanvas = page.getByTestId('markup-canvas');
    await expect.poll(() => markupCanvas.getAttribute('data-shapes')).toBe('1');
    await first.hover();
    await expect.poll(() => markupCanvas.getAttribute('data-lit')).toBe(String(stored!.id));
    await shot(page, 'asset-comments-markup');
    // And the reverse: the drawing's marker, and the line itself, light its comment.
    await page.mouse.move(stage.x + 10, stage.y + stage.height - 10);
    await expect.poll(() => first.getAttribute('data-lit')).toBeNull();
    // The canvas says what it drew: it follows on its next frame.
    await expect.poll(() => markupCanvas.getAttribute('data-lit')).toBeNull();
    await page.mouse.move(fitMarker.x, fitMarker.y);
    await expect.poll(() => first.getAttribute('data-lit')).toBe('true');
    await page.mouse.move(stage.x + 10, stage.y + stage.height - 10);
    await expect.poll(() => first.getAttribute('data-lit')).toBeNull();
    const points = stored!.markup[0]!.points;
    const onLine = await onScreen(page, points[Math.floor(points.length / 2)]!, image);
    await page.mouse.move(onLine.x, onLine.y);
    await expect.poll(() => first.getAttribute('data-lit')).toBe('true');
    await page.mouse.move(onLine.x, onLine.y + 60);
    await expect.poll(() => first.getAttribute('data-lit')).toBeNull();
    await page.mouse.move(stage.x + 10, stage.y + stage.height - 10);
    await shot(page, 'asset-markup-zoom-fit');
    // The wheel zooms with the line tool on, around the cursor.
    const fitScale = Number(await page.getByTestId('viewer-canvas').getAttribute('data-scale'));
    await page.mouse.move(fitMarker.x + 40, fitMarker.y + 30);
    await page.mouse.wheel(0, -400);
    await expect
      .poll(async () => Number(await page.getByTestId('viewer-canvas').getAttribute('data-scale')))
      .toBeGreaterThan(fitScale * 1.3);
    await page.mouse.move(stage.x + 10, stage.y + stage.height - 10);
    await expect
      .poll(async () => near(await markerDrawnAt(page), await onScreen(page, startPoint, image)))
      .toBe(true);
    const zoomedAt = await onScreen(page, startPoint, image);
    expect(Math.hypot(zoomedAt.x - fitMarker.x, zoomedAt.y - fitMarker.y)).toBeGreaterThan(20);
    await shot(page, 'asset-markup-zoom-in');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    // With the line tool on, the middle button and space + drag pan instead of drawing.
    const offsetX = async () => Number(await page.getByTestId('viewer-canvas').getAttribute('data-x'));
    const middle = { x: stage.x + stage.width * 0.5, y: stage.y + stage.height * 0.55 };
    const x0 = await offsetX();
    await page.mouse.move(middle.x, middle.y);
    await page.mouse.down({ button: 'middle' });
    await page.mouse.move(middle.x - 80, middle.y, { steps: 6 });
    await page.mouse.up({ button: 'middle' });
    await expect.poll(offsetX).toBeLessThan(x0 - 40);
    const x1 = await offsetX();
    await page.keyboard.down('Space');
    await page.mouse.move(middle.x, middle.y);
    await page.mouse.down();
    await page.mouse.move(middle.x + 80, middle.y, { steps: 6 });
    await page.mouse.up();
    await page.keyboard.up('Space');
    await expect.poll(offsetX).toBeGreaterThan(x1 + 40);
    expect(await page.getByTestId('markup-draft-shape').count()).toBe(0);
    // '?' lists the markup keys beside the view's.
    await page.keyboard.press('?');
    const help = page.getByTestId('shortcuts-help');
    await help.waitFor();
    await shot(page, 'asset-shortcuts-markup');
    expect(await help.innerText()).toContain('Delete shape');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    await page.keyboard.press('0');

    // The collaborator replies with a mention picked from the list.
    const other = collabSide.page;
    await other.goto(`/projects/${project.id}/assets/${asset.id}`);
    const otherFirst = card(other, 'Soften the shadow');
    await otherFirst.waitFor();
    // Showing the comments told the server they were seen.
    await expect
      .poll(async () =>
        (
          await call<{ user: { name: string } }[]>(
            page,
            'GET',
            `/projects/${project.id}/assets/${asset.id}/comments/seen_by_users`,
          )
        ).map((seen) => seen.user.name),
      )
      .toContain('Cole Collaborator');
    await ownActions(otherFirst).getByRole('button', { name: 'Reply' }).click();
    await other.getByTestId('reply-input').pressSequentially('@Ol');
    const list = other.getByTestId('mention-list');
    await list.getByRole('option', { name: /Olga Owner/ }).waitFor();
    await shot(other, 'asset-comments-mention');
    await other.keyboard.press('Enter');
    await other.getByTestId('reply-input').pressSequentially('can you check the edge?');
    await other.keyboard.press('Enter');
    const reply = otherFirst.getByTestId('reply');
    await reply.getByTestId('comment-mention').getByText('@Olga Owner').waitFor();
    await expect.poll(async () => (await reply.getAttribute('data-comment-id')) ?? '-1').not.toMatch(/^-/);

    // Complete and reopen, confirmed by the server.
    await otherFirst.getByTestId('comment-complete').click();
    await expect.poll(() => other.getByTestId('unresolved-count').innerText()).toBe('1');
    await expect
      .poll(
        async () => (await call<Comment[]>(other, 'GET', `/assets/${asset.id}/comments`))[0]!.completed_at,
      )
      .not.toBeNull();
    await otherFirst.getByTestId('comment-complete').click();
    await expect.poll(() => other.getByTestId('unresolved-count').innerText()).toBe('2');
    await expect
      .poll(
        async () => (await call<Comment[]>(other, 'GET', `/assets/${asset.id}/comments`))[0]!.completed_at,
      )
      .toBeNull();

    // Edits their own reply; the owner's comment has no edit and no delete for them.
    expect(await ownActions(otherFirst).getByTestId('comment-edit').count()).toBe(0);
    expect(await ownActions(otherFirst).getByTestId('comment-delete').count()).toBe(0);
    await reply.getByTestId('comment-edit').click();
    await reply.getByTestId('comment-edit-input').press('Control+End');
    await reply.getByTestId('comment-edit-input').pressSequentially(' Thanks!');
    await reply.getByTestId('comment-edit-input').press('Enter');
    await reply.getByTestId('comment-edited').waitFor();
    await reply.getByText('can you check the edge? Thanks!').waitFor();
    await reply.getByTestId('comment-mention').getByText('@Olga Owner').waitFor();
    // Esc leaves an edit unchanged.
    await reply.getByTestId('comment-edit').click();
    await reply.getByTestId('comment-edit-input').pressSequentially(' never sent');
    await reply.getByTestId('comment-edit-input').press('Escape');
    await reply.getByTestId('comment-edit-box').waitFor({ state: 'detached' });
    expect(await reply.innerText()).not.toContain('never sent');
    // The collaborator's own comment, for the owner to delete.
    await other.getByTestId('comment-input').fill('The logo looks soft');
    await other.keyboard.press('Enter');
    await card(other, 'The logo looks soft').getByTestId('comment-delete').waitFor();

    // The owner (a higher level) deletes the collaborator's comment after the confirmation.
    await page.reload();
    const theirs = card(page, 'The logo looks soft');
    await theirs.waitFor();
    expect(await ownActions(theirs).getByTestId('comment-edit').count()).toBe(0);
    await ownActions(theirs).getByTestId('comment-delete').click();
    const dialog = page.getByRole('dialog', { name: 'Delete Comment' });
    await dialog.getByText('Are you sure you want to delete this comment?').waitFor();
    await shot(page, 'asset-comments-delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await theirs.waitFor({ state: 'detached' });
    const left = await call<Comment[]>(page, 'GET', `/assets/${asset.id}/comments`);
    expect(left.map((c) => c.text)).toEqual([
      'Soften the shadow under the collar',
      'Overall the colours work well',
    ]);

    // The collaborator cannot delete the owner's comment: the server refuses it too.
    const refused = await other.request.delete(`/api/v1/comments/${left[0]!.id}`);
    expect(refused.status()).toBe(403);

    // Filters: 'Unresolved' hides a completed comment, 'All' shows it.
    await first.getByTestId('comment-complete').click();
    await expect.poll(() => page.getByTestId('unresolved-count').innerText()).toBe('1');
    await page.getByTestId('comment-filter').getByText('Unresolved').click();
    await first.waitFor({ state: 'detached' });
    await page.getByTestId('comment-filter').getByText('All').click();
    await first.waitFor();

    // A comment the server refuses shows while it is on its way, then goes, and the box gets it back.
    await page.route('**/api/v1/comments', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await new Promise((done) => setTimeout(done, 600));
      return route.fulfill({ status: 500, body: '' });
    });
    await drawStroke(page, [0.3, 0.7], [0.5, 0.72], { steps: 24, bend: 0.06 });
    await page.getByTestId('comment-input').fill('Crop tighter on the left');
    await page.keyboard.press('Enter');
    const failing = card(page, 'Crop tighter');
    await failing.and(page.locator('[data-pending]')).waitFor();
    await failing.waitFor({ state: 'detached' });
    await expectSnackbar(page, 'Oops, something went wrong! Try again.');
    await expect.poll(() => page.getByTestId('comment-input').inputValue()).toBe('Crop tighter on the left');
    await page.getByTestId('composer-drawings').getByText('1 drawing attached').waitFor();
    await page.unroute('**/api/v1/comments');
    await closeSnackbars(page);

    // Completion shows at once and is put back when the server fails.
    await page.route('**/mark_as_completed', async (route) => {
      await new Promise((done) => setTimeout(done, 600));
      return route.fulfill({ status: 500, body: '' });
    });
    const globalCard = card(page, 'Overall the colours');
    await globalCard.getByTestId('comment-complete').click();
    await expect.poll(() => globalCard.getAttribute('data-done')).toBe('true');
    await expectSnackbar(page, 'Oops, something went wrong! Try again.');
    await expect.poll(() => globalCard.getAttribute('data-done')).toBeNull();
    await page.unroute('**/mark_as_completed');

    await ownerSide.context.close();
    await collabSide.context.close();
  });
});
