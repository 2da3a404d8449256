import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, settled, shot, useAppAndBrowser } from './harness';
import { makeUser, signUpInSession } from './journeys';
import { addMember } from './projectJourneys';
import { ownerAndCollaboratorOnPicture, pictureShown, uploadPicture } from './reviewJourneys';

const env = useAppAndBrowser();

/** Where the screenshots are kept for a human to look at (1440×900, the viewport). */
const SCREENS = '/work/screens';
async function screen(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: `${SCREENS}/${name}.png` });
}

const faces = (page: Page) => page.getByTestId('asset-decision');
const decisionsOf = (page: Page) =>
  faces(page).evaluateAll((all) => all.map((f) => [f.getAttribute('aria-label'), f.dataset.decision]));

describe('decisions per reviewer', () => {
  it('a member requests changes from the header, another sees the face with its cross live, and the grid filters on it', async () => {
    const { page, project, asset, collabSide } = await ownerAndCollaboratorOnPicture(env, 'Autumn campaign', {
      name: 'autumn-hero.jpg',
      variant: 2,
      width: 2400,
      height: 1600,
    });
    const other = await uploadPicture(page, project.id, {
      name: 'autumn-detail.jpg',
      variant: 5,
      width: 1600,
      height: 1200,
    });
    // More reviewers: two collaborators who decided already, and a client through a review link.
    const ctx = env.app.ctx;
    for (const [name, decision] of [
      ['Rita Retoucher', 'approved'],
      ['Arturo Art Director', 'approved'],
    ] as const) {
      const reviewer = makeUser({ name });
      const side = await newPage(env.browser, env.app);
      await signUpInSession(side.page, reviewer);
      await addMember(env.app, project, reviewer, 'collaborator');
      const { id } = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', reviewer.email.toLowerCase())
        .executeTakeFirstOrThrow();
      await ctx.assetDecisions.decideAsMember(id, asset.id, decision);
      await side.context.close();
    }
    const now = new Date().toISOString();
    const guest = await ctx.db
      .insertInto('guests')
      .values({
        project_id: project.id,
        link_id: null,
        name: 'Clara Client',
        email: 'clara@client.test',
        token_hash: `e2e-${Date.now()}`,
        created_at: now,
        last_seen_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.assetDecisions.decide({ guestId: guest.id }, asset, 'approved');

    // The collaborator has the asset open; the owner opens it too.
    const collab = collabSide.page;
    await collab.goto(`/projects/${project.id}/assets/${asset.id}`);
    await pictureShown(collab);
    await page.goto(`/projects/${project.id}/assets/${asset.id}`);
    await pictureShown(page);
    expect(await decisionsOf(page)).toEqual([
      ['Rita Retoucher: Approved', 'approved'],
      ['Arturo Art Director: Approved', 'approved'],
      ['Clara Client (Guest): Approved', 'approved'],
    ]);
    // The caller's own decision is a menu beside the approval, which it leaves alone.
    const mine = page.getByTestId('my-decision');
    expect(await mine.getAttribute('aria-label')).toBe('Your decision');
    await mine.click();
    await page.getByTestId('decide-changes_requested').click();
    await expect.poll(() => mine.getAttribute('data-decision')).toBe('changes_requested');
    expect(await mine.getAttribute('aria-label')).toBe('Your decision: Changes requested');
    expect(await page.getByTestId('approval-toggle').getAttribute('aria-pressed')).toBe('false');
    await expect
      .poll(() => decisionsOf(page))
      .toContainEqual(['Olga Owner: Changes requested', 'changes_requested']);

    // The collaborator sees the owner's face with its cross without a reload, and decides by keyboard.
    await expect
      .poll(() => decisionsOf(collab))
      .toContainEqual(['Olga Owner: Changes requested', 'changes_requested']);
    const theirs = collab.getByTestId('my-decision');
    await theirs.focus();
    await collab.keyboard.press('Enter');
    await collab.getByTestId('my-decision-menu').waitFor();
    const focused = () => collab.evaluate(() => document.activeElement?.textContent ?? '');
    for (let i = 0; i < 3 && !(await focused()).startsWith('Approve'); i++)
      await collab.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Approve');
    await collab.keyboard.press('Enter');
    await expect.poll(() => theirs.getAttribute('data-decision')).toBe('approved');
    await expect.poll(() => faces(page).count()).toBe(5);
    // A name and decision show on focus too (the faces are reached with Tab).
    await page.getByTestId('my-decision').focus();
    await page.keyboard.press('Tab');
    await page.getByRole('tooltip').filter({ hasText: 'Rita Retoucher: Approved' }).waitFor();
    await screen(page, 'decisions-asset-view');
    await shot(page, 'decisions-asset-view');

    // Picking the same decision again takes it back.
    await theirs.click();
    await collab.getByTestId('my-decision-menu').waitFor();
    expect(await collab.getByTestId('decide-approved').innerText()).toContain('Approve');
    await collab.getByTestId('decide-approved').click();
    await expect.poll(() => theirs.getAttribute('data-decision')).toBe('none');
    await expect.poll(() => faces(page).count()).toBe(4);

    // The grid: the tile counts the decisions, and the filter keeps the assets where changes were requested.
    await page.goto(`/projects/${project.id}`);
    const tiles = page.getByTestId('asset-tile');
    await expect.poll(() => tiles.count()).toBe(2);
    await page.getByTestId('asset-filters-button').click();
    const filters = page.getByTestId('asset-filters');
    await filters.getByLabel('Changes requested').check();
    await expect.poll(() => tiles.count()).toBe(1);
    expect(await tiles.first().getAttribute('aria-label')).toContain('autumn-hero.jpg');
    expect(await tiles.first().getAttribute('aria-label')).toContain(
      '3 reviewers approved, 1 asked for changes',
    );
    await page.getByTestId('asset-filter-chips').getByText('Changes requested').waitFor();
    await screen(page, 'decisions-grid-filter');
    await shot(page, 'decisions-grid-filter');
    expect(other.id).not.toBe(asset.id);
  });
});
