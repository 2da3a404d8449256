import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Comment } from '@common/api/comments';
import { mentionToken } from '@common/api/comments';
import { NOTIFICATION_TEXTS, type Notification } from '@common/api/notifications';
import { stripCapacity } from '@web/features/notifications/stripLayout';
import { DESKTOP, newPage, shot, useAppAndBrowser } from './harness';
import { makeUser, signUpInSession } from './journeys';
import { addMember, call, createProject, teamWorkspace } from './projectJourneys';
import { uploadPicture } from './reviewJourneys';

const env = useAppAndBrowser();

/**
 * The cast: Olga Owner with a Team workspace, the project 'Spring Campaign' with a picture in it
 * and the empty project 'Autumn Lookbook'; Cole Collaborator, a member of Spring Campaign, in a
 * browser of his own. Cole's comments are real actions that notify Olga.
 */
async function cast() {
  const owner = await newPage(env.browser, env.app);
  const olga = makeUser({ name: 'Olga Owner' });
  await signUpInSession(owner.page, olga);
  const workspace = await teamWorkspace(owner.page);
  const quiet = await createProject(owner.page, workspace.id, { name: 'Autumn Lookbook' });
  const project = await createProject(owner.page, workspace.id, { name: 'Spring Campaign' });
  const asset = await uploadPicture(owner.page, project.id, {
    name: 'hero.jpg',
    variant: 1,
    width: 900,
    height: 600,
  });
  await env.app.ctx.jobs.idle();
  const collab = await newPage(env.browser, env.app);
  const cole = makeUser({ name: 'Cole Collaborator' });
  await signUpInSession(collab.page, cole);
  await addMember(env.app, project, cole, 'collaborator');
  const olgaId = (await call<{ id: number }>(owner.page, 'GET', '/users/me')).id;
  const comment = (text: string) =>
    call<Comment>(collab.page, 'POST', '/comments', { asset_id: asset.id, text });
  return { owner, collab, page: owner.page, workspace, project, quiet, asset, olgaId, comment };
}

/** Olga's notifications of the project as the API answers them (for what the screen cannot show). */
const notificationsOf = (page: Page, projectId: number, query = '') =>
  call<Notification[]>(page, 'GET', `/projects/${projectId}/notifications${query}`);

const panel = (page: Page) => page.getByTestId('notifications-panel');
const title = (page: Page) => page.getByTestId('notifications-title');
const list = (page: Page) => page.getByTestId('notification-list');

async function openPanel(page: Page): Promise<Locator> {
  await page.getByTestId('notifications-bell').click();
  await panel(page).waitFor();
  return panel(page);
}

/** Gone from the page: the closing slide has ended and the panel was removed. */
const closed = (page: Page) => panel(page).waitFor({ state: 'detached' });

async function bellLit(page: Page): Promise<boolean> {
  return (await page.getByTestId('notifications-dot').getAttribute('data-lit')) !== null;
}

/** The strip's project named `name`. */
const stripProject = (page: Page, name: string) =>
  page.getByTestId('strip-project').filter({ hasText: name });

async function pickFilter(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Filter notifications' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

describe('notifications panel', () => {
  it('lights the bell, opens and closes (Escape, backdrop, close icon), marks the project seen on leaving, empty texts, settings', async () => {
    const { page, project, comment } = await cast();
    await page.goto('/projects');
    await page.getByTestId('notifications-bell').waitFor();
    expect(await bellLit(page)).toBe(false);
    expect(await page.getByTestId('notifications-bell').getAttribute('aria-label')).toBe('Notifications');

    // Cole comments: Olga's bell lights.
    await comment('Please brighten the sky.');
    await expect.poll(async () => (await notificationsOf(page, project.id)).length).toBe(1);
    await page.reload();
    await expect.poll(() => bellLit(page)).toBe(true);
    expect(await page.getByTestId('notifications-bell').getAttribute('aria-label')).toBe(
      'Notifications: new activity',
    );
    await shot(page, 'notifications-01-bell-dot');

    // The panel opens on the project with news, locks the page's scroll and holds the focus.
    await openPanel(page);
    await expect.poll(() => title(page).innerText()).toBe('Notifications for Spring Campaign');
    const item = page.getByTestId('notification').first();
    await item.waitFor();
    expect(await item.getByTestId('notification-title').innerText()).toBe('hero.jpg');
    expect(await item.getByTestId('notification-highlight').innerText()).toBe('Cole Collaborator');
    expect(await item.getByTestId('notification-quote').innerText()).toBe('Please brighten the sky.');
    expect(await item.getAttribute('data-unread')).not.toBeNull();
    expect(await stripProject(page, 'Spring Campaign').getByTestId('strip-badge').innerText()).toBe('1');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    expect(
      await page.evaluate(() =>
        document.querySelector('[data-testid=notifications-panel]')?.contains(document.activeElement),
      ),
    ).toBe(true);

    // Escape closes it; leaving marks the project seen: the badge and the bell go dark.
    await page.keyboard.press('Escape');
    await closed(page);
    await expect.poll(() => bellLit(page)).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    expect((await notificationsOf(page, project.id))[0]?.was_read).toBe(true);
    await openPanel(page);
    await page.getByTestId('notification').first().waitFor();
    expect(await stripProject(page, 'Spring Campaign').getByTestId('strip-badge').count()).toBe(0);
    expect(await page.getByTestId('notification').first().getAttribute('data-unread')).toBeNull();

    // A click on the backdrop closes it, and so does its close icon.
    await page.mouse.click(200, 450);
    await closed(page);
    await openPanel(page);
    await page.getByRole('button', { name: 'Close notifications' }).click();
    await closed(page);

    // A filter that matches nothing, then a project with nothing at all.
    await openPanel(page);
    await page.getByTestId('notification').first().waitFor();
    await pickFilter(page, 'Mentions');
    await page.getByTestId('notifications-empty').waitFor();
    expect(await page.getByTestId('notifications-empty').innerText()).toBe(NOTIFICATION_TEXTS.emptyFiltered);
    await stripProject(page, 'Autumn Lookbook').click();
    await expect.poll(() => title(page).innerText()).toBe('Notifications for Autumn Lookbook');
    await page.getByTestId('notifications-empty').waitFor();
    expect(await page.getByTestId('notifications-empty').innerText()).toBe(NOTIFICATION_TEXTS.empty);
    await shot(page, 'notifications-03-empty');

    // The arrow keys move between the strip's projects as between tabs.
    await stripProject(page, 'Autumn Lookbook').focus();
    const order = await page.getByTestId('strip-project').allInnerTexts();
    const autumnAt = order.findIndex((text) => text.startsWith('Autumn Lookbook'));
    await page.keyboard.press(autumnAt === 0 ? 'ArrowDown' : 'ArrowUp');
    await expect.poll(() => title(page).innerText()).toBe('Notifications for Spring Campaign');
    expect(
      await page.evaluate(() =>
        (document.activeElement as HTMLElement | null)?.getAttribute('aria-selected'),
      ),
    ).toBe('true');

    // Settings mode shows the notification settings; picking a project leaves it.
    await page.getByTestId('notifications-settings').click();
    await expect.poll(() => title(page).innerText()).toBe(NOTIFICATION_TEXTS.settingsTitle);
    await page.getByTestId('notifications-form').waitFor();
    expect(await page.getByTestId('notifications-settings').getAttribute('aria-pressed')).toBe('true');
    // The settings are the account's own: a change saved here is the user's preference.
    await page.getByRole('switch', { name: 'Someone mentions me: e-mail' }).click({ force: true });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(async () => {
        const prefs = await call<{ email_alarms: { identifier: string; value: boolean }[] }>(
          page,
          'GET',
          '/notifications_preferences',
        );
        return prefs.email_alarms.find((a) => a.identifier === 'mentions')?.value;
      })
      .toBe(false);
    await page.mouse.move(1000, 850);
    await shot(page, 'notifications-04-settings');
    await stripProject(page, 'Spring Campaign').click();
    await expect.poll(() => title(page).innerText()).toBe('Notifications for Spring Campaign');
    await page.getByTestId('notification').first().waitFor();
    expect(await page.getByTestId('notifications-form').count()).toBe(0);
  });

  it('scrolls to the end page after page, filters, sorts pinned first, mutes, marks all read, opens a comment’s thread', async () => {
    const { page, project, comment, olgaId } = await cast();
    // 25 comments from Cole, the 3rd mentioning Olga: 26 notifications with the upload's none.
    const comments: Comment[] = [];
    for (let n = 1; n <= 25; n++)
      comments.push(
        await comment(
          n === 3 ? `${mentionToken({ id: olgaId, name: 'Olga Owner' })} look at the crop` : `Note ${n}`,
        ),
      );
    await expect.poll(async () => (await notificationsOf(page, project.id, '?per_page=100')).length).toBe(25);

    await page.goto('/projects');
    await openPanel(page);
    await expect.poll(() => title(page).innerText()).toBe('Notifications for Spring Campaign');
    await page.getByTestId('notification').first().waitFor();
    expect(await list(page).getAttribute('data-loaded')).toBe('20');
    await page.mouse.move(1000, 850);
    await shot(page, 'notifications-02-panel-items');

    // Scrolled to the end, the next page comes: all 25, and nothing more to ask for.
    const scroller = page.getByTestId('notifications-scroll');
    await expect
      .poll(async () => {
        await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
        return list(page).getAttribute('data-complete');
      })
      .not.toBeNull();
    expect(await list(page).getAttribute('data-loaded')).toBe('25');
    const oldest = page.getByTestId('notification').last();
    expect(await oldest.getByTestId('notification-quote').innerText()).toBe('Note 1');

    // Pin the oldest; sorted pinned first, it leads the list.
    await oldest.hover();
    await oldest.getByTestId('notification-pin').click();
    await expect.poll(() => oldest.getAttribute('data-pinned')).not.toBeNull();
    await page.getByRole('switch', { name: NOTIFICATION_TEXTS.sortByPinned }).click({ force: true });
    await expect
      .poll(() => page.getByTestId('notification').first().getByTestId('notification-quote').innerText())
      .toBe('Note 1');
    expect(await page.getByTestId('notification').first().getAttribute('data-pinned')).not.toBeNull();
    expect((await notificationsOf(page, project.id, '?sorted=pinned'))[0]?.is_pinned).toBe(true);
    await page.getByRole('switch', { name: NOTIFICATION_TEXTS.sortByPinned }).click({ force: true });

    // The Mentions filter keeps the one mention.
    await pickFilter(page, 'Mentions');
    await expect.poll(() => page.getByTestId('notification').count()).toBe(1);
    expect(await page.getByTestId('notification-message').innerText()).toContain('mentioned');
    await pickFilter(page, 'All notifications');
    await expect.poll(() => page.getByTestId('notification').count()).toBeGreaterThan(1);

    // Muting the project: the toggle says so, the strip marks it, the project answer agrees.
    await page.getByTestId('notifications-mute').click();
    await expect.poll(() => page.getByTestId('notifications-mute').getAttribute('aria-pressed')).toBe('true');
    await stripProject(page, 'Spring Campaign').getByTestId('strip-muted').waitFor();
    await page.getByTestId('notifications-muted-note').waitFor();
    await expect
      .poll(
        async () =>
          (await call<{ notifications_muted: boolean }>(page, 'GET', `/projects/${project.id}`))
            .notifications_muted,
      )
      .toBe(true);
    await page.getByTestId('notifications-mute').click();
    await expect
      .poll(() => page.getByTestId('notifications-mute').getAttribute('aria-pressed'))
      .toBe('false');

    // Mark all as read: every item reads as seen, on screen and in the API.
    expect(await page.locator('[data-testid=notification][data-unread]').count()).toBeGreaterThan(0);
    await page.getByTestId('notifications-mark-all').click();
    await expect.poll(() => page.locator('[data-testid=notification][data-unread]').count()).toBe(0);
    expect((await notificationsOf(page, project.id, '?per_page=100')).every((n) => n.was_read)).toBe(true);

    // A click on the newest: its open is recorded, the panel closes, the asset page opens with
    // the comment's thread active.
    const newest = comments[comments.length - 1]!;
    await page
      .getByTestId('notification')
      .first()
      .getByRole('button', { name: /Note 25/ })
      .click();
    await closed(page);
    await page.waitForURL(`**/projects/${project.id}/assets/**?comment_id=${newest.id}`);
    const card = page.locator(`[data-testid=comment][data-comment-id="${newest.id}"]`);
    await card.waitFor();
    await expect.poll(() => card.getAttribute('data-active')).not.toBeNull();
    expect(await card.getAttribute('aria-current')).toBe('true');
    await expect.poll(async () => (await notificationsOf(page, project.id))[0]?.was_opened).toBe(true);
  });

  it('a reply opens its root comment’s thread', async () => {
    const { page, collab, project, asset } = await cast();
    const root = await call<Comment>(page, 'POST', '/comments', { asset_id: asset.id, text: 'Warmer sky?' });
    const reply = await call<Comment>(collab.page, 'POST', '/comments', {
      asset_id: asset.id,
      text: 'Done, have a look.',
      parent_id: root.id,
    });
    await expect
      .poll(
        async () =>
          (await notificationsOf(page, project.id)).find((n) => n.kind === 'replies')?.related_object,
      )
      .toEqual({ id: reply.id, parentID: root.id });
    await page.goto(`/projects/${project.id}`);
    await openPanel(page);
    await page.getByTestId('notification').first().getByRole('button').first().click();
    await closed(page);
    await page.waitForURL(`**/assets/${asset.id}?comment_id=${root.id}`);
    const card = page.locator(`[data-testid=comment][data-comment-id="${root.id}"]`);
    await expect.poll(() => card.getAttribute('data-active')).not.toBeNull();
  });

  it('pages the strip, fits it to the height after a resize, caps a badge at 99+', async () => {
    const { page, project, comment, workspace } = await cast();
    for (let n = 1; n <= 10; n++) await createProject(page, workspace.id, { name: `Extra ${n}` });
    // 100 comments: Spring Campaign's badge reads 99+.
    for (let n = 1; n <= 100; n++) await comment(`Note ${n}`);
    await expect
      .poll(
        async () =>
          (await call<{ unseen_notifications_count: number }>(page, 'GET', `/projects/${project.id}`))
            .unseen_notifications_count,
      )
      .toBe(100);
    await page.goto('/projects');
    await openPanel(page);
    await expect.poll(() => title(page).innerText()).toBe('Notifications for Spring Campaign');
    expect(await stripProject(page, 'Spring Campaign').getByTestId('strip-badge').innerText()).toBe('99+');

    // As many 71 px items as the strip's height holds (12 projects do not fit in 900 px).
    const strip = page.getByTestId('strip-projects');
    const fits = async () => {
      const height = await strip.evaluate((el) => el.clientHeight);
      return { capacity: Number(await strip.getAttribute('data-capacity')), expected: stripCapacity(height) };
    };
    await expect
      .poll(async () => {
        const f = await fits();
        return f.capacity === f.expected;
      })
      .toBe(true);
    const tall = Number(await strip.getAttribute('data-capacity'));
    expect(await page.getByTestId('strip-project').count()).toBe(tall);
    expect(tall).toBeLessThan(12);

    // Down shows the next projects, up is back at the start and then disabled.
    const up = page.getByTestId('strip-up');
    const down = page.getByTestId('strip-down');
    expect(await up.isDisabled()).toBe(true);
    const first = await page.getByTestId('strip-project').first().getAttribute('data-project-id');
    await down.click();
    await expect
      .poll(() => page.getByTestId('strip-project').first().getAttribute('data-project-id'))
      .not.toBe(first);
    expect(await up.isDisabled()).toBe(false);
    await expect.poll(() => down.isDisabled()).toBe(true);
    await up.click();
    await expect
      .poll(() => page.getByTestId('strip-project').first().getAttribute('data-project-id'))
      .toBe(first);

    // A shorter window: once the resize has settled, fewer projects show.
    await page.setViewportSize({ width: 1440, height: 560 });
    await expect
      .poll(async () => {
        const f = await fits();
        return f.capacity === f.expected && f.capacity < tall;
      })
      .toBe(true);
    await expect
      .poll(async () => page.getByTestId('strip-project').count())
      .toBe(Number(await strip.getAttribute('data-capacity')));
  });

  it('plays the closing slide before removing the panel', async () => {
    const { page, comment, project } = await cast();
    await comment('Please brighten the sky.');
    await expect.poll(async () => (await notificationsOf(page, project.id)).length).toBe(1);
    // Motion on: the slide runs (the other journeys turn it off).
    const moving = await newPage(env.browser, env.app, { ...DESKTOP, reducedMotion: 'no-preference' });
    await moving.context.addCookies(await page.context().cookies());
    await moving.page.goto('/projects');
    await openPanel(moving.page);
    await moving.page.getByTestId('notification').first().waitFor();
    // When Escape went down, and when the panel left the page: at least the slide apart.
    await moving.page.evaluate(() => {
      const state = window as unknown as { escapedAt?: number; removedAt?: number };
      window.addEventListener(
        'keydown',
        (event) => {
          if (event.key === 'Escape') state.escapedAt ??= performance.now();
        },
        true,
      );
      new MutationObserver((_records, observer) => {
        if (!document.querySelector('[data-testid=notifications-panel]')) {
          state.removedAt = performance.now();
          observer.disconnect();
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await moving.page.keyboard.press('Escape');
    await closed(moving.page);
    const times = await moving.page.evaluate(() => {
      const state = window as unknown as { escapedAt: number; removedAt: number };
      return { escapedAt: state.escapedAt, removedAt: state.removedAt };
    });
    expect(times.removedAt - times.escapedAt).toBeGreaterThanOrEqual(200);
  });

  it('veils a suspended workspace’s project: the owner’s and the member’s words, no filtering', async () => {
    const { page, collab, project, workspace, comment } = await cast();
    await comment('Please brighten the sky.');
    await expect.poll(async () => (await notificationsOf(page, project.id)).length).toBe(1);
    await env.app.ctx.db
      .updateTable('subscriptions')
      .set({ active: 0 })
      .where('workspace_id', '=', workspace.id)
      .execute();

    // Cole is a member: the workspace that owns the project is suspended.
    await collab.page.goto('/projects');
    await openPanel(collab.page);
    const veil = collab.page.getByTestId('notifications-suspended');
    await veil.waitFor();
    expect(await veil.innerText()).toBe(NOTIFICATION_TEXTS.suspendedOwnerWorkspace);
    expect(await collab.page.getByRole('combobox', { name: 'Filter notifications' }).isDisabled()).toBe(true);
    expect(
      await collab.page.getByRole('switch', { name: NOTIFICATION_TEXTS.sortByPinned }).isDisabled(),
    ).toBe(true);

    // Olga owns the workspace: it has been suspended.
    await page.goto('/projects');
    await openPanel(page);
    await expect.poll(() => title(page).innerText()).toBe('Notifications for Spring Campaign');
    await page.getByTestId('notifications-suspended').waitFor();
    expect(await page.getByTestId('notifications-suspended').innerText()).toBe(
      NOTIFICATION_TEXTS.suspendedOwnWorkspace,
    );
    await page.mouse.move(1000, 850);
    await shot(page, 'notifications-05-suspended');
  });
});
