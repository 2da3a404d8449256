import { describe, expect, it } from 'vitest';
import { newPage, shot, useAppAndBrowser } from './harness';
import { makeUser, signUpInSession } from './journeys';
import { call, createProject, trialWorkspace } from './projectJourneys';

/**
 * An e-mail digest in the outbox (issue 24 item 4): the user's news of a project mailed as one
 * digest, read in /dev/outbox, and its unsubscribe link followed in the browser: the page asks,
 * its button turns the e-mails off.
 */
describe('e-mail digests', () => {
  const env = useAppAndBrowser();

  it('a digest reaches the outbox, and its unsubscribe link turns e-mails off', async () => {
    const user = makeUser();
    const { context, page } = await newPage(env.browser, env.app);
    await signUpInSession(page, user);
    const workspace = await trialWorkspace(page);
    const project = await createProject(page, workspace.id, { name: 'Digest Journey' });
    const me = await call<{ id: number }>(page, 'GET', '/users/me');
    const ctx = env.app.ctx;
    const now = ctx.clock.now().toISOString();
    await ctx.uow.read.notificationDigests.insertNotifications(
      ['comments', 'approved_assets'].map((kind, i) => ({
        user_id: me.id,
        project_id: project.id,
        event_id: 900_000 + i,
        actor_id: null,
        kind,
        title: kind === 'comments' ? 'New comment' : 'Asset approved',
        message: kind === 'comments' ? '|Ann Lee| commented on hero.png' : '|Bo Chen| approved poster.png',
        asset_id: null,
        related_object_type: 'Project',
        related_object_id: project.id,
        related_parent_id: null,
        url: `/projects/${project.id}`,
        quoted_comment: kind === 'comments' ? 'Brighter sky, please.' : null,
        created_at: now,
        seen_at: null,
        opened_at: null,
        pinned_at: null,
        emailed_at: null,
      })),
    );
    await ctx.notificationDigests.deliver(me.id, 'digest');

    await page.goto('/dev/outbox');
    const card = page.getByTestId('outbox-mail').filter({ hasText: 'New activity in Digest Journey' });
    await card.waitFor();
    await card.getByText('Ann Lee commented on hero.png').waitFor();
    await shot(page, 'digest-01-outbox');
    const link = card.locator('a[href*="/api/v1/email_unsubscribe/"]').first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/\/api\/v1\/email_unsubscribe\/\d+\/[a-f0-9]{32}$/);

    await page.goto(href!);
    await page.getByText(`Stop e-mail notifications to ${user.email}?`).waitFor();
    await shot(page, 'digest-02-unsubscribe');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText(`${user.email} will get no more e-mail notifications.`).waitFor();
    await shot(page, 'digest-03-unsubscribed');

    const prefs = await call<{ email_alarms: { value: boolean }[] }>(
      page,
      'GET',
      '/notifications_preferences',
    );
    expect(prefs.email_alarms.every((alarm) => !alarm.value)).toBe(true);
    await context.close();
  });
});
