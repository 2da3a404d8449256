import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Comment } from '@common/api/comments';
import { GUEST_COMMENTS_PER_MINUTE } from '@common/api/guests';
import { GUEST_MARK_TEXTS } from '@web/components/GuestMark/GuestMark';
import { newPage, settled, shot, useAppAndBrowser } from './harness';
import { call } from './projectJourneys';
import { ownerAndCollaboratorOnPicture, pictureShown } from './reviewJourneys';

const env = useAppAndBrowser();

/** Where the screenshots of the guest's screens go, at the desktop size (1440×900). */
const SCREENS = '/work/screens';

async function screen(page: Page, name: string) {
  mkdirSync(SCREENS, { recursive: true });
  await settled(page);
  await page.screenshot({ path: `${SCREENS}/guest-${name}.png` });
}

/** A drag across the stage from `from` to `to` (shares of the stage box), in a few pointer moves. */
async function dragOnStage(page: Page, from: [number, number], to: [number, number]) {
  const box = (await page.getByTestId('viewer-stage').boundingBox())!;
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  await page.mouse.move(...at(...from));
  await page.mouse.down();
  for (let i = 1; i <= 8; i++)
    await page.mouse.move(
      ...at(from[0] + ((to[0] - from[0]) * i) / 8, from[1] + ((to[1] - from[1]) * i) / 8),
    );
  await page.mouse.up();
}

/** A project with one picture, its owner and a collaborator, and a review link to the whole project. */
async function reviewLinkOnPicture(
  projectName: string,
  picture: Parameters<typeof ownerAndCollaboratorOnPicture>[2],
) {
  const cast = await ownerAndCollaboratorOnPicture(env, projectName, picture);
  const { page: member, project, asset } = cast;
  const link = await call<{ id: number; hash: string; url: string }>(
    member,
    'POST',
    `/projects/${project.id}/share_links`,
    { kind: 'review' },
  );
  return { member, project, asset, link };
}

describe('a guest of a review link', () => {
  it('joins with a name, draws a rectangle, comments and approves; the team sees it live with the Guest mark', async () => {
    const { member, project, asset, link } = await reviewLinkOnPicture('Autumn Lookbook', {
      name: 'coat.jpg',
      variant: 2,
      width: 1600,
      height: 1200,
    });

    // The member has the asset open; the guest's comment must arrive on this page as it is.
    await member.goto(`/projects/${project.id}/assets/${asset.id}`);
    await member.getByTestId('comments-panel').waitFor();
    await member.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    // A fresh browser without a session: the link asks who they are before anything else.
    const { page: guest } = await newPage(env.browser, env.app);
    await guest.goto(link.url);
    const join = guest.getByTestId('join-review');
    await join.waitFor();
    expect(await guest.getByTestId('shared-view').count()).toBe(0);
    // The name is required, in the house's words; the e-mail is optional.
    await join.getByRole('button', { name: 'Join the review' }).click();
    await join.getByText('Name must not be empty.').waitFor();
    await join.getByLabel('E-mail').fill('not-an-address');
    await join.getByRole('button', { name: 'Join the review' }).click();
    await join.getByText('Email is invalid.').waitFor();
    await join.getByLabel('E-mail').fill('');
    await join.getByLabel(/Your name/).fill('Maria Lopez');
    await screen(guest, 'join');
    await shot(guest, 'guest-join');
    await join.getByRole('button', { name: 'Join the review' }).click();

    // Joined: the project, the guest's own name with the Guest mark in the bar.
    await guest.getByTestId('shared-view').waitFor();
    const identity = guest.getByTestId('guest-identity');
    await identity.getByText('Maria Lopez').waitFor();
    expect(await identity.getByTestId('guest-mark').innerText()).toBe(GUEST_MARK_TEXTS.label);
    await guest.getByTestId('shared-review-badge').waitFor();
    await screen(guest, 'project');
    await guest.getByTestId('shared-asset-tile').first().click();
    const review = guest.getByTestId('guest-review');
    await review.waitFor();
    await pictureShown(guest);
    await review.getByTestId('guest-comments-empty').waitFor();

    // A rectangle drawn with the members' toolbar, then the comment, sent.
    await guest.getByRole('button', { name: 'Rectangle', exact: true }).click();
    await dragOnStage(guest, [0.3, 0.3], [0.6, 0.62]);
    await review.getByTestId('composer-drawings').waitFor();
    await review.getByTestId('comment-input').fill('The hem reads too dark here.');
    await review.getByTestId('comment-send').click();
    const mine = review.getByTestId('comment').filter({ hasText: 'The hem reads too dark here.' });
    await mine.waitFor();
    await expect.poll(() => mine.getAttribute('data-pending')).toBeNull();
    await mine.getByTestId('comment-number').waitFor();
    expect(await mine.getByTestId('guest-mark').count()).toBe(1);

    // A member asks for changes first; the guest's answer then shows both faces with their decisions.
    await call(member, 'PUT', `/assets/${asset.id}/decision`, { decision: 'changes_requested' });
    // The decision: Approve, lit and said.
    const decision = review.getByTestId('guest-decision');
    await decision.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => decision.getAttribute('data-decision')).toBe('approved');
    const faces = decision.getByTestId('guest-decisions').getByTestId('asset-decision');
    await expect.poll(() => faces.count()).toBe(2);
    const olgaFace = decision.getByRole('listitem', { name: 'Olga Owner: Changes requested' });
    expect(await olgaFace.getAttribute('data-decision')).toBe('changes_requested');
    await decision.getByRole('listitem', { name: 'Maria Lopez (Guest): Approved' }).waitFor();
    // The name and decision show on hover (and on focus, as the members' strip does).
    await olgaFace.hover();
    await guest.getByRole('tooltip').filter({ hasText: 'Olga Owner: Changes requested' }).waitFor();
    await screen(guest, 'decisions');
    await guest.mouse.move(5, 5);
    await guest.getByRole('tooltip').waitFor({ state: 'hidden' });
    await screen(guest, 'review');
    await shot(guest, 'guest-review');
    await decision.screenshot({ path: `${SCREENS}/guest-decision.png` });

    // Stored as drawn: a rectangle of two points, the guest as its author.
    const stored = await call<Comment[]>(
      member,
      'GET',
      `/assets/${asset.id}/versions/${asset.current_version.number}/comments`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]!.markup.map((shape) => ('type' in shape ? shape.type : 'line'))).toEqual(['rectangle']);
    expect(stored[0]!.user).toMatchObject({ id: null, name: 'Maria Lopez', avatar: null, is_guest: true });

    // The member's page shows it without a reload: the guest's name and the Guest mark.
    const card = member.getByTestId('comment').filter({ hasText: 'The hem reads too dark here.' });
    await card.waitFor({ timeout: 15_000 });
    expect(await card.getByTestId('comment-author').innerText()).toBe('Maria Lopez');
    expect(await card.getByTestId('guest-mark').innerText()).toBe(GUEST_MARK_TEXTS.label);
    expect(await member.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await card.hover();
    await screen(member, 'member-view');
    await shot(member, 'guest-member-view');

    // The team answers in the guest's thread: the guest's page shows it without a reload, though the
    // link shows no one else's comments ('Show comments' off). Its stream opened before the guest
    // joined, and came back with the guest's cookie.
    await guest.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await call(member, 'POST', '/comments', {
      asset_id: asset.id,
      parent_id: stored[0]!.id,
      text: 'We will lift the hem.',
    });
    await mine.getByTestId('reply').filter({ hasText: 'We will lift the hem.' }).waitFor({ timeout: 15_000 });
    expect(await guest.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await screen(guest, 'reply-live');

    // The project's activity and the member's notifications name the guest with the mark too.
    await member.goto(`/projects/${project.id}`);
    await member.getByRole('button', { name: 'Activity', exact: true }).click();
    const entry = member
      .getByTestId('activity-panel')
      .getByTestId('activity-entry')
      .filter({ hasText: 'The hem reads too dark here.' })
      .first();
    await entry.getByTestId('guest-mark').waitFor();
    expect(await entry.innerText()).toContain('Maria Lopez');
    expect(await entry.innerText()).not.toContain('(Guest)');
    await screen(member, 'member-activity');
    await member.keyboard.press('Escape');
    await member.getByTestId('activity-panel').waitFor({ state: 'detached' });
    await member.getByTestId('notifications-bell').click();
    const notification = member
      .getByTestId('notifications-panel')
      .getByTestId('notification')
      .filter({ hasText: 'Maria Lopez' })
      .first();
    await notification.getByTestId('guest-mark').waitFor();
    expect(await notification.getByTestId('notification-highlight').innerText()).not.toContain('(Guest)');
    await screen(member, 'member-notifications');

    // Revoked: the guest's next call is refused, and the page says the link is gone.
    await call(member, 'DELETE', `/share_links/${link.id}`);
    await review.getByTestId('comment-input').fill('One more thing.');
    await review.getByTestId('comment-send').click();
    await guest.getByTestId('shared-not-found').waitFor();
    await screen(guest, 'revoked');
  });

  it('is told to wait when sending too fast, and sees an expired link as expired', async () => {
    const { member, asset, link } = await reviewLinkOnPicture('Winter Knits', {
      name: 'scarf.jpg',
      variant: 3,
      width: 1200,
      height: 900,
    });
    const { page: guest } = await newPage(env.browser, env.app);
    await guest.goto(`${link.url}/assets/${asset.id}`);
    await guest
      .getByTestId('join-review')
      .getByLabel(/Your name/)
      .fill('Tom Reviewer');
    await guest.getByRole('button', { name: 'Join the review' }).click();
    const review = guest.getByTestId('guest-review');
    await review.waitFor();
    await pictureShown(guest);

    // The minute's comments spent through the same browser's guest (its cookie), then one more here.
    for (let n = 1; n <= GUEST_COMMENTS_PER_MINUTE; n++) {
      const answer = await guest.request.post(`/api/v1/shared/${link.hash}/comments`, {
        data: { asset_id: asset.id, text: `Note ${n}` },
      });
      expect(answer.status()).toBe(201);
    }
    await guest.reload();
    await expect.poll(() => review.getByTestId('comment').count()).toBe(GUEST_COMMENTS_PER_MINUTE);
    await review.getByTestId('comment-input').fill('Softer light on the fringe.');
    await review.getByTestId('comment-send').click();
    const problem = review.getByTestId('guest-error');
    await problem.getByText(/You are sending comments too fast\. Wait \d+ seconds?/).waitFor();
    // Nothing typed is lost: the text is back in the box, and the refused comment is not listed.
    await expect
      .poll(() => review.getByTestId('comment-input').inputValue())
      .toBe('Softer light on the fringe.');
    expect(await review.getByTestId('comment').filter({ hasText: 'Softer light' }).count()).toBe(0);
    await screen(guest, 'rate-limited');
    await shot(guest, 'guest-rate-limited');

    // Their own comments they edit and delete (no files, no mentions), as members do theirs.
    const first = review.getByTestId('comment').filter({ hasText: 'Note 1' }).first();
    await first.getByTestId('comment-edit').click();
    expect(await review.getByTestId('comment-edit-attach').count()).toBe(0);
    await review.getByTestId('comment-edit-input').fill('Note 1, a touch softer');
    await review.getByTestId('comment-edit-input').press('Enter');
    await review
      .getByTestId('comment')
      .filter({ hasText: 'Note 1, a touch softer' })
      .getByTestId('comment-edited')
      .waitFor();
    await review.getByTestId('comment').filter({ hasText: 'Note 2' }).getByTestId('comment-delete').click();
    await guest.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => review.getByTestId('comment').filter({ hasText: 'Note 2' }).count()).toBe(0);
    const stored = await call<Comment[]>(
      member,
      'GET',
      `/assets/${asset.id}/versions/${asset.current_version.number}/comments`,
    );
    expect(stored.map((c) => c.text)).toContain('Note 1, a touch softer');
    expect(stored.map((c) => c.text)).not.toContain('Note 2');

    // The link expires while the guest looks: the next news on their stream (the team's answer in
    // their thread) reads the page again, and the whole view says so, the bar's guest gone too.
    // (The members' API takes future expiries only: the clock of the link is moved on in its row.)
    const expireLink = (at: string | null) =>
      env.app.ctx.db.updateTable('share_links').set({ expires_at: at }).where('id', '=', link.id).execute();
    await expireLink(new Date(Date.now() - 60_000).toISOString());
    const note1 = stored.find((c) => c.text === 'Note 1, a touch softer')!;
    await call(member, 'POST', '/comments', { asset_id: asset.id, parent_id: note1.id, text: 'Noted.' });
    await guest.getByTestId('shared-expired').waitFor({ timeout: 15_000 });
    await expect.poll(() => guest.getByTestId('guest-identity').count()).toBe(0);
    await screen(guest, 'expired');

    // Open again, then expired once more: the guest's next call turns the page into the expired
    // link's screen. (Their stream is held off here, so that no news reads the page first.)
    await expireLink(null);
    await guest.route('**/api/v1/events**', (route) => route.abort());
    await guest.reload();
    await review.getByTestId('comment').filter({ hasText: 'Note 1, a touch softer' }).waitFor();
    await expireLink(new Date(Date.now() - 60_000).toISOString());
    await review.getByTestId('guest-decision').getByRole('button', { name: 'Request changes' }).click();
    await guest.getByTestId('shared-expired').waitFor();
    expect(await guest.getByTestId('guest-identity').count()).toBe(0);
  });
});
