import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import type { AssetView } from '@common/api/assets';
import { join } from 'node:path';
import { newPage, SCREENSHOT_DIR, settled, shot, useAppAndBrowser, type E2eApp } from './harness';
import { makeUser, signUpInSession } from './journeys';
import { landscape } from './landscapes';
import { addMember, call, createProject } from './projectJourneys';
import { ownerAndCollaboratorOnPicture, pictureShown, uploadPicture } from './reviewJourneys';

const env = useAppAndBrowser();

/** The tab's live stream state (web/api/liveStream.ts puts it on <html data-live-stream>). */
const streamState = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.liveStream ?? 'none');

async function streamOpen(page: Page) {
  await expect.poll(() => streamState(page), { timeout: 10_000 }).toBe('open');
}

/** Marks the document: still marked later means the page was never reloaded. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

/** A new round of the asset, uploaded by the page's user. */
async function uploadRound(page: Page, assetId: number, variant: number): Promise<AssetView> {
  const buffer = await sharp(await landscape(variant))
    .resize(1600, 1200)
    .jpeg({ quality: 85 })
    .toBuffer();
  const answer = await page.request.post(`/api/v1/assets/${assetId}/versions`, {
    multipart: { file: { name: 'round.jpg', mimeType: 'image/jpeg', buffer } },
  });
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { response: AssetView }).response;
}

async function userId(app: E2eApp, email: string): Promise<number> {
  const row = await app.ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Requests the page makes to the live stream's address (EventSource and its probe alike). */
function streamRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/events') seen.push(request);
  });
  return seen;
}

/** The top bar and the asset header, at 1440 px. */
const HEADER_CLIP = { x: 0, y: 0, width: 1440, height: 180 };

const tile = (page: Page, name: string) => page.getByTestId('asset-tile').filter({ hasText: name });

describe('live updates between two members', () => {
  it("a comment appears on the other's open asset page without a reload, approval, rush flag and tasks in its header, and each sees the other's face there", async () => {
    const { page, project, asset, collabSide } = await ownerAndCollaboratorOnPicture(env, 'Live review', {
      name: 'live-cover.jpg',
      variant: 2,
      width: 1800,
      height: 1200,
    });
    const cole = collabSide.page;
    const assetUrl = `/projects/${project.id}/assets/${asset.id}`;

    await page.goto(assetUrl);
    await pictureShown(page);
    await streamOpen(page);
    await cole.goto(assetUrl);
    await pictureShown(cole);
    await streamOpen(cole);
    await markDocument(page);

    // Each sees the other's face, not their own.
    const olgaSees = page.getByTestId('asset-viewers');
    const coleSees = cole.getByTestId('asset-viewers');
    await olgaSees.getByTestId('asset-viewer').first().waitFor();
    await coleSees.getByTestId('asset-viewer').first().waitFor();
    expect(await olgaSees.getByTestId('asset-viewer').count()).toBe(1);
    expect(await coleSees.getByTestId('asset-viewer').count()).toBe(1);
    // A third member opens it: Olga sees two faces.
    const danaSide = await newPage(env.browser, env.app);
    const dana = makeUser({ name: 'Dana Designer' });
    await signUpInSession(danaSide.page, dana);
    await addMember(env.app, project, dana, 'collaborator');
    await danaSide.page.goto(assetUrl);
    await expect.poll(() => olgaSees.getByTestId('asset-viewer').count(), { timeout: 10_000 }).toBe(2);
    await settled(page);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'live-header-two-viewers.png'), clip: HEADER_CLIP });
    // Each face names its person on hover.
    await olgaSees.getByTestId('asset-viewer').nth(1).hover();
    await page.getByRole('tooltip', { name: 'Dana Designer' }).waitFor();
    await settled(page);
    await page.screenshot({
      path: join(SCREENSHOT_DIR, 'live-header-viewer-tooltip.png'),
      clip: HEADER_CLIP,
    });
    await coleSees.getByTestId('asset-viewer').first().hover();
    await cole.getByRole('tooltip', { name: 'Olga Owner' }).waitFor();
    // Pointers away, tooltips closed.
    await page.mouse.move(700, 500);
    await cole.mouse.move(700, 500);
    await page.getByRole('tooltip').waitFor({ state: 'detached' });
    await cole.getByRole('tooltip').waitFor({ state: 'detached' });
    await shot(page, 'live-asset-two-viewers');

    // Dana closes her tab: she leaves Olga's header (pagehide's keepalive DELETE).
    await danaSide.page.close({ runBeforeUnload: true });
    await expect.poll(() => olgaSees.getByTestId('asset-viewer').count(), { timeout: 10_000 }).toBe(1);
    await danaSide.context.close();

    // Cole comments; it appears on Olga's open page, whose document was never reloaded.
    await cole.getByTestId('comment-input').fill('Warmer light on the left, please');
    await cole.keyboard.press('Enter');
    // The server's comment in place of the temporary one (a negative id).
    const mine = cole.getByTestId('comment').filter({ hasText: 'Warmer light' });
    await expect
      .poll(async () => (await mine.getAttribute('data-comment-id')) ?? '-1', { timeout: 10_000 })
      .not.toMatch(/^-/);
    const posted = Date.now();
    const seen = page.getByTestId('comment').filter({ hasText: 'Warmer light on the left' });
    await seen.waitFor();
    console.log(`comment seen by the other viewer ${Date.now() - posted} ms after the author's answer`);
    expect(await sameDocument(page)).toBe(true);

    // Olga replies; Cole sees the reply under his comment.
    await seen.getByRole('button', { name: 'Reply' }).click();
    await page.getByTestId('reply-input').fill('On it');
    await page.keyboard.press('Enter');
    await cole.getByTestId('comment').filter({ hasText: 'On it' }).waitFor();

    // Cole approves the asset, flags it and gives Olga a task: her header shows all three.
    await call(cole, 'PATCH', `/projects/${project.id}/assets/mark_as_approved`, { ids: [asset.id] });
    await expect
      .poll(() => page.getByTestId('approval-toggle').getAttribute('aria-pressed'), { timeout: 10_000 })
      .toBe('true');
    await call(cole, 'POST', `/assets/${asset.id}/set_rush_priority`);
    await expect
      .poll(() => page.getByTestId('rush-toggle').getAttribute('aria-pressed'), { timeout: 10_000 })
      .toBe('true');
    const olgaId = (await call<{ user: { id: number } }>(page, 'GET', '/session')).user.id;
    await call(cole, 'POST', `/projects/${project.id}/tasks`, {
      text: 'Check the print proof',
      due_date: '2030-01-15',
      assigned_ids: [olgaId],
    });
    await page.getByTestId('tasks-open-count').getByText('1').waitFor();

    // Cole leaves: his face leaves Olga's header.
    await cole.goto(`/projects/${project.id}`);
    await olgaSees.waitFor({ state: 'detached' });
    expect(await sameDocument(page)).toBe(true);
  });

  it("a new asset, its finished preview and a new round appear in the other's grid", async () => {
    const { page, project, asset, collabSide } = await ownerAndCollaboratorOnPicture(env, 'Live grid', {
      name: 'first.jpg',
      variant: 1,
      width: 1200,
      height: 900,
    });
    const cole = collabSide.page;
    await page.goto(`/projects/${project.id}`);
    await tile(page, 'first.jpg').waitFor();
    await streamOpen(page);
    await markDocument(page);

    // Cole uploads an asset: Olga's grid shows its tile, then its preview once made.
    await uploadPicture(cole, project.id, { name: 'second.jpg', variant: 3, width: 1200, height: 900 });
    const second = tile(page, 'second.jpg');
    await second.waitFor();
    await expect.poll(() => second.getAttribute('data-processing'), { timeout: 20_000 }).toBe('false');
    await second.locator('img').first().waitFor();

    // Cole uploads a second round of the first asset: its tile says so.
    await uploadRound(cole, asset.id, 5);
    await tile(page, 'first.jpg').getByTestId('asset-rounds-count').getByText('2 rounds').waitFor();
    await expect
      .poll(() => tile(page, 'first.jpg').getAttribute('data-processing'), { timeout: 20_000 })
      .toBe('false');

    // Cole flags it: the mark shows on Olga's tile.
    await call(cole, 'POST', `/assets/${asset.id}/set_rush_priority`);
    await tile(page, 'first.jpg').getByTestId('asset-rush').waitFor();
    expect(await sameDocument(page)).toBe(true);
  });
});

describe('the live stream reconnects', () => {
  async function coleInTwoProjects() {
    const { page, project, collabSide } = await ownerAndCollaboratorOnPicture(env, 'Kept project', {
      name: 'kept.jpg',
      variant: 6,
      width: 1200,
      height: 900,
    });
    const workspaceId = project.workspace_id;
    const other = await createProject(page, workspaceId, { name: 'Left project' });
    const coleEmail = (await call<{ user: { email: string } }>(collabSide.page, 'GET', '/session')).user
      .email;
    const coleId = await userId(env.app, coleEmail);
    // Already in the workspace: only the project's membership is new (removed by its row's id).
    const membership = await env.app.ctx.db
      .insertInto('project_members')
      .values({
        project_id: other.id,
        user_id: coleId,
        role: 'collaborator',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { page, project, other, cole: collabSide.page, membershipId: membership.id };
  }

  it('after the server closed it, and still brings what happens next', async () => {
    const { page, project, other, cole, membershipId } = await coleInTwoProjects();
    const requests = streamRequests(cole);
    await cole.goto(`/projects/${project.id}`);
    await tile(cole, 'kept.jpg').waitFor();
    await streamOpen(cole);
    await markDocument(cole);

    // Olga removes Cole from the other project: the server closes his stream; it opens again.
    await call(page, 'DELETE', `/projects/${other.id}/members/${membershipId}`);
    // EventSource waits the server's `retry:` (3 s) before it reconnects.
    await expect.poll(() => requests.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await streamOpen(cole);

    await uploadPicture(page, project.id, {
      name: 'after-reconnect.jpg',
      variant: 7,
      width: 800,
      height: 600,
    });
    await tile(cole, 'after-reconnect.jpg').waitFor();
    expect(await sameDocument(cole)).toBe(true);
  });

  it('after a stream that gave up (a proxy answered 502): the same address again, from the last event seen', async () => {
    const { page, project, cole, other, membershipId } = await coleInTwoProjects();
    const requests = streamRequests(cole);
    await cole.goto(`/projects/${project.id}`);
    await tile(cole, 'kept.jpg').waitFor();
    await streamOpen(cole);
    // An event with an id, so the stream knows where it is.
    await uploadPicture(page, project.id, { name: 'before.jpg', variant: 8, width: 800, height: 600 });
    await tile(cole, 'before.jpg').waitFor();

    await cole.route('**/api/v1/events**', (route) => route.fulfill({ status: 502, body: 'Bad gateway' }), {
      times: 1,
    });
    await call(page, 'DELETE', `/projects/${other.id}/members/${membershipId}`);
    await expect.poll(() => streamState(cole), { timeout: 10_000 }).toBe('down');
    await uploadPicture(page, project.id, { name: 'during.jpg', variant: 9, width: 800, height: 600 });
    await streamOpen(cole);
    await tile(cole, 'during.jpg').waitFor();
    const resumed = requests.at(-1)!.url();
    expect(new URL(resumed).searchParams.get('last_event_id')).toMatch(/^\d+$/);
  });

  it('a 401 stops it for good', async () => {
    const { page, project, cole, other, membershipId } = await coleInTwoProjects();
    const requests = streamRequests(cole);
    await cole.goto(`/projects/${project.id}`);
    await tile(cole, 'kept.jpg').waitFor();
    await streamOpen(cole);

    // From now on the stream's address answers 401 (as for a session that ended).
    await cole.route('**/api/v1/events**', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ response: { error: { code: 'unauthorized', message: 'Sign in' } } }),
      }),
    );
    await call(page, 'DELETE', `/projects/${other.id}/members/${membershipId}`);
    await expect.poll(() => streamState(cole), { timeout: 10_000 }).toBe('stopped');
    // The first stream, EventSource's one try to reconnect, and the one probe: nothing more.
    expect(requests.length).toBe(3);
  });
});
