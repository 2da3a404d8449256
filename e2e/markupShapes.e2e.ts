import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MARKUP_COLORS, type Comment } from '@common/api/comments';
import { newPage, SCREENSHOT_DIR, shot, useAppAndBrowser } from './harness';
import { landscape } from './landscapes';
import { makeUser, signUpInSession } from './journeys';
import { call, createProject, trialWorkspace } from './projectJourneys';
import { drawStroke, pictureShown, uploadPicture } from './reviewJourneys';

const env = useAppAndBrowser();

type P = { x: number; y: number };
const IMAGE = { width: 2400, height: 1800 };

/** The view's transform as the picture canvas reports it. */
async function viewOf(page: Page) {
  const canvas = page.getByTestId('viewer-canvas');
  const [scale, x, y] = await Promise.all(['scale', 'x', 'y'].map((n) => canvas.getAttribute(`data-${n}`)));
  const box = (await page.getByTestId('viewer-stage').boundingBox())!;
  return { scale: Number(scale), x: box.x + Number(x), y: box.y + Number(y) };
}

/** Where a relative point of the picture is on the page. */
async function onScreen(page: Page, point: P): Promise<P> {
  const view = await viewOf(page);
  return { x: view.x + point.x * IMAGE.width * view.scale, y: view.y + point.y * IMAGE.height * view.scale };
}

/** A straight drag between two relative points of the picture. */
async function drag(page: Page, from: P, to: P) {
  const [a, b] = [await onScreen(page, from), await onScreen(page, to)];
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 8 });
  await page.mouse.up();
}

/** The stored-markup canvas's strongest alpha (0–255) within a pixel of a page point. */
async function inkAt(page: Page, at: P): Promise<number> {
  const box = (await page.getByTestId('markup-canvas').boundingBox())!;
  return page.evaluate(
    ({ x, y }) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="markup-canvas"]')!;
      const ratio = canvas.width / canvas.clientWidth;
      const data = canvas
        .getContext('2d')!
        .getImageData(Math.round(x * ratio) - 1, Math.round(y * ratio) - 1, 3, 3).data;
      let alpha = 0;
      for (let i = 3; i < data.length; i += 4) alpha = Math.max(alpha, data[i]!);
      return alpha;
    },
    { x: at.x - box.x, y: at.y - box.y },
  );
}

// The drawing, in relative points: a line, an arrow, a rectangle and an ellipse apart from each other.
const ARROW = { tail: { x: 0.3, y: 0.66 }, head: { x: 0.44, y: 0.52 } };
const BOX = { from: { x: 0.66, y: 0.44 }, to: { x: 0.54, y: 0.3 } };
const ELLIPSE = { from: { x: 0.54, y: 0.56 }, to: { x: 0.72, y: 0.7 } };

/** The shapes are drawn at the view's zoom: on their outlines, with nothing inside the box and the ellipse. */
async function expectShapesDrawn(page: Page) {
  const { scale } = await viewOf(page);
  // Size 3 on the picture's long side: the stroke and the arrowhead on screen (see shapeGeometry).
  const unit = Math.max(1, (IMAGE.width * scale) / 1000);
  const width = Math.max(1, unit * 3);
  const head = 4 * width + 8 * unit;
  const tip = await onScreen(page, ARROW.head);
  const tail = await onScreen(page, ARROW.tail);
  const length = Math.hypot(tip.x - tail.x, tip.y - tail.y);
  const [ux, uy] = [(tip.x - tail.x) / length, (tip.y - tail.y) / length];
  // Half the head back from the tip and a quarter of its length aside: in the head, off the shaft.
  const inHead = {
    x: tip.x - ux * head * 0.5 - uy * head * 0.2,
    y: tip.y - uy * head * 0.5 + ux * head * 0.2,
  };
  const past = { x: tip.x + ux * 6, y: tip.y + uy * 6 };
  const boxSide = await onScreen(page, { x: 0.6, y: 0.3 });
  const boxInside = await onScreen(page, { x: 0.6, y: 0.37 });
  const ellipseLeft = await onScreen(page, { x: 0.54, y: 0.63 });
  const ellipseCorner = await onScreen(page, { x: 0.545, y: 0.565 });
  const ellipseInside = await onScreen(page, { x: 0.63, y: 0.63 });
  await expect.poll(() => inkAt(page, inHead)).toBeGreaterThan(200);
  expect(await inkAt(page, past)).toBe(0);
  expect(await inkAt(page, boxSide)).toBeGreaterThan(200);
  expect(await inkAt(page, boxInside)).toBe(0);
  expect(await inkAt(page, ellipseLeft)).toBeGreaterThan(200);
  expect(await inkAt(page, ellipseCorner)).toBe(0);
  expect(await inkAt(page, ellipseInside)).toBe(0);
}

describe('markup shapes', () => {
  it('draws an arrow, a rectangle and an ellipse beside a line, sends them, and shows them at every zoom', async () => {
    const { page } = await newPage(env.browser, env.app);
    await signUpInSession(page, makeUser({ name: 'Sasha Shapes' }));
    const workspace = await trialWorkspace(page);
    const project = await createProject(page, workspace.id, { name: 'Shapes' });
    const asset = await uploadPicture(page, project.id, { name: 'poster.jpg', variant: 2, ...IMAGE });
    await env.app.ctx.jobs.idle();
    await page.goto(`/projects/${project.id}/assets/${asset.id}`);
    await pictureShown(page);
    const toolbar = page.getByTestId('markup-toolbar');
    await toolbar.waitFor();
    const draft = page.getByTestId('markup-draft-shape');
    const pressed = (name: string) => toolbar.getByRole('button', { name, exact: true });

    // The line tool as before, then the arrow by its key.
    await drawStroke(page, [0.32, 0.34], [0.46, 0.3], { steps: 16, bend: 0.04 });
    await expect.poll(() => draft.count()).toBe(1);
    await page.keyboard.press('Shift+L');
    await expect.poll(() => pressed('Arrow').getAttribute('aria-pressed')).toBe('true');
    await drag(page, ARROW.tail, ARROW.head);
    await expect.poll(() => draft.count()).toBe(2);
    // The rectangle by its button, in red: one palette for every tool. A click draws nothing.
    await pressed('Rectangle').click();
    await page.getByRole('radio', { name: 'Colour Red' }).click();
    const click = await onScreen(page, { x: 0.6, y: 0.2 });
    await page.mouse.click(click.x, click.y);
    await drag(page, BOX.from, BOX.to);
    await expect.poll(() => draft.count()).toBe(3);
    await page.getByRole('radio', { name: 'Colour Green' }).click();
    await page.keyboard.press('o');
    await expect.poll(() => pressed('Ellipse').getAttribute('aria-pressed')).toBe('true');
    // While the drag goes on, the ellipse is drawn live; on release it joins the draft.
    const [from, to] = [await onScreen(page, ELLIPSE.from), await onScreen(page, ELLIPSE.to)];
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await expect.poll(() => page.getByTestId('markup-live').getAttribute('d')).toMatch(/^M[\d.]+ [\d.]+A/);
    await shot(page, 'shapes-live');
    await page.mouse.up();
    await expect.poll(() => draft.count()).toBe(4);
    expect(await page.getByTestId('markup-live').getAttribute('d')).toBe('');
    await shot(page, 'shapes-draft');
    expect(await draft.evaluateAll((shapes) => shapes.map((s) => s.getAttribute('data-type')))).toEqual([
      'line',
      'arrow',
      'rectangle',
      'ellipse',
    ]);
    // Undo and redo take the ellipse back and forth, as they do lines.
    await page.keyboard.press('Control+z');
    await expect.poll(() => draft.count()).toBe(3);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => draft.count()).toBe(4);
    await page.getByText('4 drawings attached').waitFor();

    await page
      .getByTestId('comment-input')
      .fill('Move the headline into the box, the arrow points at the logo');
    await page.keyboard.press('Enter');
    await page.getByTestId('markup-marker').getByText('1').waitFor();

    // Stored as typed shapes with two relative points each; the line keeps its form.
    const [stored] = await call<Comment[]>(
      page,
      'GET',
      `/assets/${asset.id}/versions/${asset.current_version.number}/comments`,
    );
    const shapes = stored!.markup;
    expect(shapes.map((s) => s.type)).toEqual([undefined, 'arrow', 'rectangle', 'ellipse']);
    expect('type' in shapes[0]!).toBe(false);
    expect(shapes[0]!.points.length).toBeGreaterThan(2);
    for (const shape of shapes.slice(1)) {
      expect(shape.points).toHaveLength(2);
      expect(shape).toMatchObject({ stroke_size: 3, is_relative: true });
    }
    expect(shapes.map((s) => s.stroke_color)).toEqual([
      MARKUP_COLORS.green,
      MARKUP_COLORS.green,
      MARKUP_COLORS.red,
      MARKUP_COLORS.green,
    ]);
    const near = (a: P, b: P) => Math.abs(a.x - b.x) < 0.004 && Math.abs(a.y - b.y) < 0.004;
    expect(near(shapes[1]!.points[0]!, ARROW.tail) && near(shapes[1]!.points[1]!, ARROW.head)).toBe(true);
    expect(near(shapes[2]!.points[0]!, BOX.from) && near(shapes[2]!.points[1]!, BOX.to)).toBe(true);

    // After a reload the stored canvas draws all four, at fit and zoomed in.
    await page.reload();
    await pictureShown(page);
    const canvas = page.getByTestId('markup-canvas');
    await expect.poll(() => canvas.getAttribute('data-shapes')).toBe('4');
    await page.mouse.move(5, 5);
    await expectShapesDrawn(page);
    await shot(page, 'shapes-fit');

    const fitScale = (await viewOf(page)).scale;
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await expect.poll(async () => (await viewOf(page)).scale).toBeCloseTo(fitScale * 2.25, 3);
    await expectShapesDrawn(page);
    await shot(page, 'shapes-zoomed');

    // '?' lists the tools' keys with the other markup keys.
    await page.keyboard.press('?');
    const help = page.getByTestId('shortcuts-help');
    await help.waitFor();
    const rows = await help.getByText(/^(Line|Arrow|Rectangle|Ellipse)$/).allInnerTexts();
    expect(rows).toEqual(['Line', 'Arrow', 'Rectangle', 'Ellipse']);
    await shot(page, 'shapes-help');
  });

  it('draws the typed shapes on a public link and on the next round’s carried-feedback thumbnail', async () => {
    const { page } = await newPage(env.browser, env.app);
    await signUpInSession(page, makeUser({ name: 'Sasha Shapes' }));
    const workspace = await trialWorkspace(page);
    const project = await createProject(page, workspace.id, { name: 'Shared shapes' });
    const asset = await uploadPicture(page, project.id, { name: 'poster.jpg', variant: 2, ...IMAGE });
    await env.app.ctx.jobs.idle();
    const style = { stroke_color: MARKUP_COLORS.blue, stroke_size: 3, is_relative: true };
    await call(page, 'POST', '/comments', {
      asset_id: asset.id,
      text: 'Box, arrow and ring',
      markup: [
        {
          points: [
            { x: 0.32, y: 0.34 },
            { x: 0.46, y: 0.3 },
            { x: 0.4, y: 0.25 },
          ],
          ...style,
        },
        { type: 'arrow', points: [ARROW.tail, ARROW.head], ...style },
        { type: 'rectangle', points: [BOX.from, BOX.to], ...style },
        { type: 'ellipse', points: [ELLIPSE.from, ELLIPSE.to], ...style },
      ],
    });

    // The public link with its comments shown draws them as the members' view does.
    const { share_hash } = await call<{ share_hash: string }>(page, 'POST', `/projects/${project.id}/share`, {
      show_comments: true,
    });
    const visitor = (await newPage(env.browser, env.app)).page;
    await visitor.goto(`/projects/shared_view/${share_hash}/assets/${asset.id}`);
    await pictureShown(visitor);
    await visitor.locator('[data-testid="markup-canvas"][data-shapes="4"]').waitFor();
    await expectShapesDrawn(visitor);
    await shot(visitor, 'shapes-shared');

    // Round 2: the comment waits in the checklist, its thumbnail drawing the four shapes.
    const answer = await page.request.post(`/api/v1/assets/${asset.id}/versions`, {
      multipart: {
        file: { name: 'poster-r2.jpg', mimeType: 'image/jpeg', buffer: await landscape(3) },
      },
    });
    expect(answer.status()).toBe(201);
    await page.goto(`/projects/${project.id}/assets/${asset.id}`);
    const thumb = page.getByTestId('carried-thumb');
    await thumb.waitFor();
    const shapes = thumb.getByTestId('carried-shape');
    expect(await shapes.count()).toBe(4);
    const paths = await shapes.evaluateAll((groups) =>
      groups.map((g) => [...g.querySelectorAll('path')].map((p) => p.getAttribute('fill'))),
    );
    // Each shape stroked; the arrow's head filled in its colour.
    expect(paths).toEqual([['none'], ['none', MARKUP_COLORS.blue], ['none'], ['none']]);
    await pictureShown(page);
    await thumb.screenshot({ path: `${SCREENSHOT_DIR}/shapes-carried-thumb.png`, scale: 'device' });
    await shot(page, 'shapes-carried');
  });
});
