import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIME_ZONE_INVALID } from '@common/api/users';
import { mentionToken } from '@common/api/comments';
import { buildAsset } from './assetFactories';
import { buildComment } from './commentFactories';
import { buildProjectMember } from './projectFactories';
import {
  buildDigestOwner,
  buildDigestProject,
  digestMailsTo,
  headersOf,
  notify,
  runDigestsAt,
  setDigestPreferences,
} from './digestFactories';
import { ApiClient, startTestApp, type TestApp } from './harness';
import { startSmtpServer, type SmtpTestServer } from './smtpServer';

/**
 * What a digest e-mail holds and does (issue 24 item 4): one message per project, threaded per
 * project, in text and HTML with absolute links and thumbnails; the signed one-click unsubscribe;
 * a real SMTP server receiving one; and the time zone the browser reports.
 */
const APP_URL = 'http://proofroom.test:8080';
let t: TestApp;
let smtp: SmtpTestServer;
let viaSmtp: TestApp;
beforeAll(async () => {
  t = await startTestApp({ APP_URL });
  smtp = await startSmtpServer();
  viaSmtp = await startTestApp({ APP_URL, SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` });
});
afterAll(async () => {
  await t.close();
  await viaSmtp.close();
  await smtp.close();
});

/** Quoted-printable soft breaks and escapes undone, so links can be matched whole. */
const decoded = (raw: string) =>
  raw
    .replace(/\r\n/g, '\n')
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('a digest e-mail', () => {
  it('one message per project, grouped by asset, in text and HTML, with absolute links and thumbnails', async () => {
    await runDigestsAt(t, '2026-02-01T10:00:30Z');
    const owner = await buildDigestOwner(t);
    const first = await buildDigestProject(t, owner, { name: 'Spring Campaign' });
    const second = await buildDigestProject(t, owner, { name: 'Brand Book', recipient: first.recipient });
    const { recipient } = first;
    await setDigestPreferences(t.ctx, recipient.id, { every: 'every_quarter_hour' });
    const asset = await buildAsset(owner.client, first.project.id, { name: 'hero.png' });
    await t.ctx.jobs.idle();
    await notify(t.ctx, recipient.id, first.project.id, [
      {
        kind: 'comments',
        title: 'Ann commented',
        message: 'Ann commented on |hero.png|',
        assetId: asset.id,
        quoted: 'Make the logo <bigger>',
      },
      { kind: 'markups', title: 'Ann drew', message: 'Ann added markup on |hero.png|', assetId: asset.id },
    ]);
    await notify(t.ctx, recipient.id, second.project.id, [
      { kind: 'approved_assets', title: 'Cover approved' },
    ]);

    await runDigestsAt(t, '2026-02-01T10:15:00Z');
    const mails = await digestMailsTo(t, recipient.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'New activity in Brand Book',
      'New activity in Spring Campaign',
    ]);
    const campaign = mails.find((m) => m.subject === 'New activity in Spring Campaign')!;
    const brand = mails.find((m) => m.subject === 'New activity in Brand Book')!;

    // Text: the project and its link, the asset, each item with its link; nothing of the other project.
    const text = campaign.text_body;
    expect(text).toContain(`Spring Campaign: ${APP_URL}/projects/${first.project.id}`);
    expect(text).toContain('== hero.png ==');
    expect(text).toContain('Ann commented on hero.png');
    expect(text).toContain('“Make the logo <bigger>”');
    expect(text).toContain(`${APP_URL}/projects/${first.project.id}/assets/${asset.id}`);
    expect(text).not.toContain('Cover approved');
    expect(brand.text_body).toContain('Cover approved');
    expect(brand.text_body).not.toContain('Ann commented');

    // HTML: the same, escaped, the highlighted segment bold, one thumbnail for the asset's two items.
    const html = campaign.html_body!;
    expect(html).toContain('<strong>hero.png</strong>');
    expect(html).toContain('Make the logo &lt;bigger&gt;');
    expect(html).toContain(`href="${APP_URL}/projects/${first.project.id}/assets/${asset.id}"`);
    const thumbnails = [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!);
    expect(thumbnails).toHaveLength(1);
    expect(thumbnails[0]).toMatch(
      new RegExp(`^${APP_URL}/api/v1/email_thumbnails/${recipient.id}/\\d+/[a-f0-9]+$`),
    );

    // The thumbnail opens without signing in; an altered link does not.
    const path = thumbnails[0]!.slice(APP_URL.length);
    const image = await fetch(`${t.baseUrl}${path}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    const forged = await fetch(`${t.baseUrl}${path.replace(/[a-f0-9]$/, (c) => (c === '0' ? '1' : '0'))}`);
    expect(forged.status).toBe(404);
    const otherUser = await fetch(`${t.baseUrl}${path.replace(`/${recipient.id}/`, `/${owner.user.id}/`)}`);
    expect(otherUser.status).toBe(404);
  });

  it('threads per project: Message-ID of its own, In-Reply-To and References the project’s stable root', async () => {
    await runDigestsAt(t, '2026-02-02T10:00:30Z');
    const owner = await buildDigestOwner(t);
    const first = await buildDigestProject(t, owner);
    const second = await buildDigestProject(t, owner, { recipient: first.recipient });
    const { recipient } = first;
    await setDigestPreferences(t.ctx, recipient.id, { every: 'every_quarter_hour' });
    await notify(t.ctx, recipient.id, first.project.id, [{ kind: 'comments' }]);
    await notify(t.ctx, recipient.id, second.project.id, [{ kind: 'comments' }]);
    await runDigestsAt(t, '2026-02-02T10:15:00Z');
    await notify(t.ctx, recipient.id, first.project.id, [{ kind: 'replies' }]);
    await runDigestsAt(t, '2026-02-02T10:30:00Z');

    const mails = await digestMailsTo(t, recipient.email);
    expect(mails).toHaveLength(3);
    const ofFirst = mails.filter((m) => m.subject === `New activity in ${first.project.name}`);
    const ofSecond = mails.filter((m) => m.subject === `New activity in ${second.project.name}`);
    expect(ofFirst).toHaveLength(2);
    const ids = mails.map((m) => m.headers.get('message-id'));
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^<digest\.\d+\.\d+@proofroom\.test>$/);
    const root = ofFirst[0]!.headers.get('in-reply-to');
    expect(root).toMatch(/^<thread\.\d+\.\d+\.[a-f0-9]+@proofroom\.test>$/);
    expect(ofFirst[1]!.headers.get('in-reply-to')).toBe(root);
    expect(ofFirst[0]!.headers.get('references')).toBe(root);
    expect(ofFirst[1]!.headers.get('references')).toBe(root);
    expect(ofSecond[0]!.headers.get('in-reply-to')).not.toBe(root);
  });
});

describe('from real actions', () => {
  it('a mention in a posted comment is mailed within a minute; the upload waits for the 09:00 digest', async () => {
    await runDigestsAt(t, '2026-02-03T07:00:00Z');
    const owner = await buildDigestOwner(t);
    const { project, recipient } = await buildDigestProject(t, owner, { name: 'Live Project' });
    await setDigestPreferences(t.ctx, recipient.id, { every: 'once_per_day', zone: 'UTC' });
    const author = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    t.clock.set(new Date('2026-02-03T07:00:05Z'));
    const asset = await buildAsset(owner.client, project.id, { name: 'poster.png' });
    await t.ctx.jobs.idle();
    await buildComment(author.client, asset.id, {
      text: `Please check ${mentionToken(recipient)} the title`,
    });

    await runDigestsAt(t, '2026-02-03T07:01:00Z');
    const [mention, ...rest] = await digestMailsTo(t, recipient.email);
    expect(rest).toEqual([]);
    expect(mention?.subject).toBe('You were mentioned in Live Project');
    expect(mention?.text_body).toContain(`${author.user.name} mentioned you on poster.png`);
    expect(mention?.text_body).toContain(`${APP_URL}/projects/${project.id}/assets/${asset.id}`);
    expect(mention?.text_body).not.toContain('uploaded');

    await runDigestsAt(t, '2026-02-03T09:00:00Z');
    const mails = await digestMailsTo(t, recipient.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('New activity in Live Project');
    expect(mails[1]?.text_body).toContain('poster.png');
    expect(mails[1]?.text_body).not.toContain('mentioned you');
    // The author is told of the upload too, never of their own comment.
    const authorMails = await digestMailsTo(t, author.user.email);
    expect(authorMails.map((m) => m.text_body).join('\n')).not.toContain('mentioned you');
  });
});

describe('the one-click unsubscribe', () => {
  it('headers and link on every digest; GET only asks; a tampered link is refused; POST turns e-mail alarms off', async () => {
    await runDigestsAt(t, '2026-02-04T10:00:30Z');
    const { project, recipient, recipientClient } = await buildDigestProject(t, await buildDigestOwner(t));
    await setDigestPreferences(t.ctx, recipient.id, { every: 'every_quarter_hour' });
    await notify(t.ctx, recipient.id, project.id, [{ kind: 'comments' }]);
    await runDigestsAt(t, '2026-02-04T10:15:00Z');
    const [mail] = await digestMailsTo(t, recipient.email);
    const link = /Unsubscribe from these e-mails: (\S+)/.exec(mail!.text_body)![1]!;
    expect(link).toMatch(new RegExp(`^${APP_URL}/api/v1/email_unsubscribe/${recipient.id}/[a-f0-9]{32}$`));
    expect(mail!.headers.get('list-unsubscribe')).toBe(`<${link}>`);
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(decoded(mail!.html_body!)).toContain(`href="${link}"`);
    const path = link.slice(APP_URL.length);

    const emailAlarmsOn = async () =>
      (
        (await recipientClient.get('/notifications_preferences')).body.response.email_alarms as {
          value: boolean;
        }[]
      ).filter((a) => a.value).length;
    expect(await emailAlarmsOn()).toBe(8);

    // A link scanner's GET changes nothing: it is a page with a button.
    const page = await fetch(`${t.baseUrl}${path}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const body = await page.text();
    expect(body).toContain(`Stop e-mail notifications to ${recipient.email}?`);
    expect(body).toContain('<form method="post">');
    // A browser posts the form with the page's origin only if the page lets it (else `Origin: null`, refused).
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(await emailAlarmsOn()).toBe(8);

    // Another signature, or another user's id with this one: refused, nothing changed.
    const tampered = path.replace(/[a-f0-9]$/, (c) => (c === '0' ? '1' : '0'));
    const oneClick = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(
      (
        await fetch(`${t.baseUrl}${tampered}`, {
          method: 'POST',
          headers: oneClick,
          body: 'List-Unsubscribe=One-Click',
        })
      ).status,
    ).toBe(404);
    expect((await fetch(`${t.baseUrl}${tampered}`)).status).toBe(404);
    const otherId = path.replace(`/${recipient.id}/`, `/${recipient.id + 1}/`);
    expect(
      (
        await fetch(`${t.baseUrl}${otherId}`, {
          method: 'POST',
          headers: oneClick,
          body: 'List-Unsubscribe=One-Click',
        })
      ).status,
    ).toBe(404);
    expect(await emailAlarmsOn()).toBe(8);

    // The mail client's one-click POST (RFC 8058), without a session.
    const done = await fetch(`${t.baseUrl}${path}`, {
      method: 'POST',
      headers: oneClick,
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(`${recipient.email} will get no more e-mail notifications.`);
    expect(await emailAlarmsOn()).toBe(0);

    // No more digests.
    await notify(t.ctx, recipient.id, project.id, [{ kind: 'comments' }, { kind: 'mentions' }]);
    await runDigestsAt(t, '2026-02-04T10:30:00Z');
    expect(await digestMailsTo(t, recipient.email)).toHaveLength(1);
  });

  it('the page’s button posts the same form (no session, the page’s own origin) and works', async () => {
    const user = (await buildDigestProject(t, await buildDigestOwner(t))).recipient;
    const url = t.ctx.notificationDigests.unsubscribeUrl(user.id).slice(APP_URL.length);
    const answer = await fetch(`${t.baseUrl}${url}`, {
      method: 'POST',
      headers: {
        origin: t.baseUrl,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: '',
    });
    expect(answer.status).toBe(200);
    const prefs = await t.ctx.uow.read.users.preferencesOf(user.id);
    expect(
      Object.values(JSON.parse(prefs.email_alarms) as Record<string, boolean>).every((v) => v === false),
    ).toBe(true);
  });
});

describe('through a real SMTP server', () => {
  it('delivers the digest with its headers', async () => {
    await runDigestsAt(viaSmtp, '2026-02-04T10:00:30Z');
    const { project, recipient } = await buildDigestProject(viaSmtp, await buildDigestOwner(viaSmtp), {
      name: 'Over SMTP',
    });
    await setDigestPreferences(viaSmtp.ctx, recipient.id, { every: 'every_quarter_hour' });
    await notify(viaSmtp.ctx, recipient.id, project.id, [{ kind: 'comments', title: 'Sent by SMTP' }]);
    const before = smtp.received.length;
    await runDigestsAt(viaSmtp, '2026-02-04T10:15:00Z');
    const delivered = smtp.received.slice(before).filter((m) => m.to.includes(recipient.email));
    expect(delivered).toHaveLength(1);
    const headers = headersOf(delivered[0]!.raw);
    expect(headers.get('subject')).toBe('New activity in Over SMTP');
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(headers.get('list-unsubscribe')).toMatch(
      /^<http:\/\/proofroom\.test:8080\/api\/v1\/email_unsubscribe\//,
    );
    expect(headers.get('message-id')).toMatch(/^<digest\./);
    expect(headers.get('references')).toMatch(/^<thread\./);
    expect(headers.get('content-type')).toContain('multipart/alternative');
    expect(decoded(delivered[0]!.raw)).toContain('Sent by SMTP');
  });
});

describe('a delivery the mail server refuses', () => {
  it('is retried by its job and arrives once', async () => {
    const refusing = await startSmtpServer({ refuseFirst: 1 });
    const app = await startTestApp({ APP_URL, SMTP_URL: `smtp://127.0.0.1:${refusing.port}?ignoreTLS=true` });
    try {
      await runDigestsAt(app, '2026-02-05T10:00:30Z');
      const { project, recipient } = await buildDigestProject(app, await buildDigestOwner(app));
      await setDigestPreferences(app.ctx, recipient.id, { every: 'every_quarter_hour' });
      await notify(app.ctx, recipient.id, project.id, [{ kind: 'comments', title: 'Refused once' }]);
      const toRecipient = () => refusing.received.filter((m) => m.to.includes(recipient.email));

      await runDigestsAt(app, '2026-02-05T10:15:00Z');
      expect(refusing.refused()).toBe(1);
      expect(toRecipient()).toHaveLength(0);
      // The job's retry, 10 s later.
      app.clock.advance(10_000);
      await app.ctx.jobs.idle();
      expect(toRecipient()).toHaveLength(1);
      expect(decoded(toRecipient()[0]!.raw)).toContain('Refused once');

      await runDigestsAt(app, '2026-02-05T10:17:00Z');
      await runDigestsAt(app, '2026-02-05T10:30:00Z');
      expect(toRecipient()).toHaveLength(1);
    } finally {
      await app.close();
      await refusing.close();
    }
  });
});

describe('the time zone the browser reports', () => {
  it('is kept when it is an IANA name, and refused otherwise', async () => {
    const { recipientClient } = await buildDigestProject(t, await buildDigestOwner(t));
    expect((await recipientClient.get('/notifications_preferences')).body.response.time_zone).toBe('UTC');
    const set = await recipientClient.patch('/notifications_preferences', { time_zone: 'America/Sao_Paulo' });
    expect(set.status).toBe(200);
    expect(set.body.response.time_zone).toBe('America/Sao_Paulo');
    for (const zone of [
      'Mars/Olympus_Mons',
      '+05:00',
      'Europe/Berlin; drop table',
      `Europe/${'x'.repeat(70)}`,
      '',
    ]) {
      const refused = await recipientClient.patch('/notifications_preferences', { time_zone: zone });
      expect(refused.status, zone).toBe(422);
    }
    expect(TIME_ZONE_INVALID).toBeTruthy();
    expect((await recipientClient.get('/notifications_preferences')).body.response.time_zone).toBe(
      'America/Sao_Paulo',
    );
    expect(
      (await new ApiClient(t.baseUrl).patch('/notifications_preferences', { time_zone: 'UTC' })).status,
    ).toBe(401);
  });
});
