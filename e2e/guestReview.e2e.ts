import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Comment } from '@common/api/comments';
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

describe('a guest of a review link', () => {
  it('joins with a name, draws a rectangle, comments and approves; the team sees it live with the Guest mark', async () => {
    const cast = await ownerAndCollaboratorOnPicture(env, 'Autumn Lookbook', {
      name: 'coat.jpg',
      variant: 2,
      width: 1600,
      height: 1200,
    });
    const { page: member, project, asset } = cast;
    const link = await call<{ id: number; hash: string; url: string }>(
      member,
      'POST',
      `/projects/${project.id}/share_links`,
      { kind: 'review' },
    );

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

    // The decision: Approve, lit and said.
    const decision = review.getByTestId('guest-decision');
    await decision.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => decision.getAttribute('data-decision')).toBe('approved');
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
});
