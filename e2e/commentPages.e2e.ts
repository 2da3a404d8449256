import { describe, expect, it } from 'vitest';
import type { Comment } from '@common/api/comments';
import { newPage, shot, useAppAndBrowser } from './harness';
import { makeUser, signUpInSession } from './journeys';
import { call, createProject, trialWorkspace } from './projectJourneys';
import { pictureShown, uploadPicture } from './reviewJourneys';

const env = useAppAndBrowser();

const THREADS = 130;

describe('an asset with more comments than one page holds', () => {
  it('shows every comment in the panel, the later pages after the first, and a new one last', async () => {
    const { page } = await newPage(env.browser, env.app);
    await signUpInSession(page, makeUser({ name: 'Olga Owner' }));
    const workspace = await trialWorkspace(page);
    const project = await createProject(page, workspace.id, { name: 'Long review' });
    const asset = await uploadPicture(page, project.id, {
      name: 'long-review.jpg',
      variant: 3,
      width: 1600,
      height: 1200,
    });
    await env.app.ctx.jobs.idle();
    // 130 comments through the API: two pages of the list (100 threads a page).
    const made: Comment[] = [];
    for (let n = 1; n <= THREADS; n++)
      made.push(
        await call<Comment>(page, 'POST', '/comments', {
          asset_id: asset.id,
          text: `Note ${n} of the long review`,
        }),
      );
    await call(page, 'POST', '/comments', {
      asset_id: asset.id,
      parent_id: made[119]!.id,
      text: 'Answer to note 120',
    });
    await call(page, 'PATCH', `/comments/${made[2]!.id}/mark_as_completed`);

    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/comments') && request.method() === 'GET') asked.push(url.search);
    });
    await page.goto(`/projects/${project.id}/assets/${asset.id}`);
    await pictureShown(page);
    const card = (text: string) => page.getByTestId('comment').filter({ hasText: text });
    await card('Note 1 of the long review').waitFor();
    // The last comment, on page 2, with the reply to note 120 (on page 2 as well).
    const last = card(`Note ${THREADS} of the long review`);
    await last.waitFor();
    await card('Note 120 of the long review').getByText('Answer to note 120').waitFor();
    await expect
      .poll(() => page.getByTestId('comment').filter({ hasText: 'of the long review' }).count())
      .toBe(THREADS);
    await expect.poll(() => page.getByTestId('unresolved-count').innerText()).toBe(String(THREADS - 1));
    // Three-digit counts are shown whole: neither filter's label is cut off.
    const cut = await page
      .getByTestId('comment-filter')
      .evaluate((root) =>
        [root, ...root.querySelectorAll('label')]
          .filter((box) => box.scrollWidth > box.clientWidth)
          .map((box) => box.textContent),
      );
    expect(cut).toEqual([]);
    const panel = (await page.getByTestId('comments-panel').boundingBox())!;
    const exportMenu = (await page
      .getByRole('button', { name: /export/i })
      .first()
      .boundingBox())!;
    expect(exportMenu.x + exportMenu.width).toBeLessThanOrEqual(panel.x + panel.width);
    expect(asked).toEqual(['?page=1', '?page=2']);
    await last.scrollIntoViewIfNeeded();
    await shot(page, 'comments-second-page');

    // A new comment goes after all of them.
    await page.getByTestId('comment-input').fill('One more after the long review');
    await page.keyboard.press('Enter');
    await card('One more after the long review').waitFor();
    await expect.poll(() => page.getByTestId('unresolved-count').innerText()).toBe(String(THREADS));
    const texts = await page.getByTestId('comment').allInnerTexts();
    const roots = texts.filter((t) => / of the long review|after the long review/.test(t));
    expect(roots.at(-1)).toContain('One more after the long review');
  });
});
