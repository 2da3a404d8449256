import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail, Mailer } from '@server/adapters/mail/mailer';
import { NotificationDigestService, SEND_LEASE_MS } from '@server/services/notifications/notificationDigests';
import {
  buildDigestOwner,
  buildDigestProject,
  digestMailsTo,
  mailState,
  notify,
  runDigests,
  runDigestsAt,
  setDigestPreferences,
} from './digestFactories';
import { startTestApp, type TestApp } from './harness';

/**
 * E-mail digests (issue 24 item 4) on a controlled clock: each frequency at its slot in the
 * user's own zone, the e-mail alarms, seen notifications, mentions within a minute, and exactly
 * one e-mail per notification with two workers or a worker killed mid-run.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ APP_URL: 'http://proofroom.test:8080' });
});
afterAll(() => t.close());

async function recipientAt(every: 'every_quarter_hour' | 'once_per_hour' | 'once_per_day', zone = 'UTC') {
  // An owner per project: a trial workspace holds three projects.
  const built = await buildDigestProject(t, await buildDigestOwner(t));
  await setDigestPreferences(t.ctx, built.recipient.id, { every, zone });
  return built;
}

const subjects = async (email: string) => (await digestMailsTo(t, email)).map((m) => m.subject);

describe('each frequency at its slot', () => {
  it('every 15 minutes: at :00, :15, :30, :45, each notification once', async () => {
    await runDigestsAt(t, '2026-01-10T10:00:30Z');
    const { project, recipient } = await recipientAt('every_quarter_hour');
    const first = await notify(t.ctx, recipient.id, project.id, [{ kind: 'comments' }, { kind: 'replies' }]);

    await runDigestsAt(t, '2026-01-10T10:07:00Z');
    expect(await subjects(recipient.email)).toEqual([]);

    await runDigestsAt(t, '2026-01-10T10:15:00Z');
    const [mail] = await digestMailsTo(t, recipient.email);
    expect(mail?.subject).toBe(`New activity in ${project.name}`);
    expect(mail?.text_body).toContain('2 new updates');
    expect((await mailState(t.ctx, first)).every((n) => n.emailed && n.digest !== null)).toBe(true);

    const second = await notify(t.ctx, recipient.id, project.id, [{ kind: 'markups' }]);
    await runDigestsAt(t, '2026-01-10T10:20:00Z');
    expect(await digestMailsTo(t, recipient.email)).toHaveLength(1);
    await runDigestsAt(t, '2026-01-10T10:30:00Z');
    const mails = await digestMailsTo(t, recipient.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text_body).toContain('1 new update in');
    const [state] = await mailState(t.ctx, second);
    expect(state?.digest).not.toBe((await mailState(t.ctx, first))[0]?.digest);

    // Nothing new: the next slots send nothing.
    await runDigestsAt(t, '2026-01-10T10:45:00Z');
    expect(await digestMailsTo(t, recipient.email)).toHaveLength(2);
  });

  it('hourly: at the top of the local hour (UTC, and a zone half an hour off)', async () => {
    await runDigestsAt(t, '2026-01-11T11:00:30Z');
    const utc = await recipientAt('once_per_hour', 'UTC');
    const kolkata = await recipientAt('once_per_hour', 'Asia/Kolkata');
    await notify(t.ctx, utc.recipient.id, utc.project.id, [{ kind: 'comments' }]);
    await notify(t.ctx, kolkata.recipient.id, kolkata.project.id, [{ kind: 'comments' }]);

    await runDigestsAt(t, '2026-01-11T11:15:00Z');
    expect(await subjects(utc.recipient.email)).toEqual([]);
    // 11:30 UTC is 17:00 in Kolkata (UTC+5:30).
    await runDigestsAt(t, '2026-01-11T11:30:00Z');
    expect(await subjects(utc.recipient.email)).toEqual([]);
    expect(await subjects(kolkata.recipient.email)).toHaveLength(1);
    await runDigestsAt(t, '2026-01-11T12:00:00Z');
    expect(await subjects(utc.recipient.email)).toHaveLength(1);
    expect(await subjects(kolkata.recipient.email)).toHaveLength(1);
  });

  it('daily: at 09:00 in each user’s zone, following summer time (Berlin and New York)', async () => {
    await runDigestsAt(t, '2026-03-28T06:00:00Z');
    const berlin = await recipientAt('once_per_day', 'Europe/Berlin');
    const newYork = await recipientAt('once_per_day', 'America/New_York');
    await notify(t.ctx, berlin.recipient.id, berlin.project.id, [{ kind: 'comments' }]);
    await notify(t.ctx, newYork.recipient.id, newYork.project.id, [{ kind: 'comments' }]);

    // 28 March: Berlin is on winter time (UTC+1), New York on summer time (UTC−4).
    await runDigestsAt(t, '2026-03-28T07:59:00Z');
    expect(await subjects(berlin.recipient.email)).toEqual([]);
    await runDigestsAt(t, '2026-03-28T08:00:00Z');
    expect(await subjects(berlin.recipient.email)).toHaveLength(1);
    expect(await subjects(newYork.recipient.email)).toEqual([]);
    await runDigestsAt(t, '2026-03-28T12:59:00Z');
    expect(await subjects(newYork.recipient.email)).toEqual([]);
    await runDigestsAt(t, '2026-03-28T13:00:00Z');
    expect(await subjects(newYork.recipient.email)).toHaveLength(1);

    // Berlin moved to summer time on 29 March: on the 30th its 09:00 is 07:00 UTC.
    await runDigestsAt(t, '2026-03-30T06:00:00Z');
    await notify(t.ctx, berlin.recipient.id, berlin.project.id, [{ kind: 'replies' }]);
    await runDigestsAt(t, '2026-03-30T06:59:00Z');
    expect(await subjects(berlin.recipient.email)).toHaveLength(1);
    await runDigestsAt(t, '2026-03-30T07:00:00Z');
    expect(await subjects(berlin.recipient.email)).toHaveLength(2);
  });

  it('a run that missed the 09:00 minute (no process up) sends the daily digest on the next run', async () => {
    await runDigestsAt(t, '2026-04-02T06:00:00Z');
    const { project, recipient } = await recipientAt('once_per_day', 'UTC');
    await notify(t.ctx, recipient.id, project.id, [{ kind: 'comments' }]);
    await runDigestsAt(t, '2026-04-02T08:58:00Z');
    expect(await subjects(recipient.email)).toEqual([]);
    // Nothing ran from 08:58 to 09:03.
    await runDigestsAt(t, '2026-04-02T09:03:00Z');
    expect(await subjects(recipient.email)).toHaveLength(1);
  });
});

describe('what is mailed', () => {
  it('only the kinds whose e-mail alarm is on; the others are settled and never mailed later', async () => {
    await runDigestsAt(t, '2026-05-01T10:00:30Z');
    const { project, recipient } = await recipientAt('every_quarter_hour');
    await setDigestPreferences(t.ctx, recipient.id, { alarms: { comments: false } });
    const [comment, reply] = await notify(t.ctx, recipient.id, project.id, [
      { kind: 'comments', title: 'A comment, alarm off' },
      { kind: 'replies', title: 'A reply, alarm on' },
    ]);
    await runDigestsAt(t, '2026-05-01T10:15:00Z');
    const [mail] = await digestMailsTo(t, recipient.email);
    expect(mail?.text_body).toContain('A reply, alarm on');
    expect(mail?.text_body).not.toContain('A comment, alarm off');
    const states = await mailState(t.ctx, [comment!, reply!]);
    expect(states[0]).toMatchObject({ emailed: true, digest: null });
    expect(states[1]?.digest).not.toBeNull();

    // Turning the alarm on again does not mail the old news.
    await setDigestPreferences(t.ctx, recipient.id, { alarms: { comments: true } });
    await runDigestsAt(t, '2026-05-01T10:30:00Z');
    expect(await digestMailsTo(t, recipient.email)).toHaveLength(1);
  });

  it('not what was seen in the app; nothing at all when everything was seen', async () => {
    await runDigestsAt(t, '2026-05-02T10:00:30Z');
    const { project, recipient } = await recipientAt('every_quarter_hour');
    await notify(t.ctx, recipient.id, project.id, [
      { kind: 'comments', title: 'Seen already', seen: true },
      { kind: 'comments', title: 'Not seen yet' },
    ]);
    await runDigestsAt(t, '2026-05-02T10:15:00Z');
    const mails = await digestMailsTo(t, recipient.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text_body).toContain('Not seen yet');
    expect(mails[0]?.text_body).not.toContain('Seen already');

    // Seen between its creation and the slot: no mail.
    const [later] = await notify(t.ctx, recipient.id, project.id, [{ kind: 'comments' }]);
    await t.ctx.db
      .updateTable('notifications')
      .set({ seen_at: t.clock.now().toISOString() })
      .where('id', '=', later!)
      .execute();
    await runDigestsAt(t, '2026-05-02T10:30:00Z');
    expect(await digestMailsTo(t, recipient.email)).toHaveLength(1);
  });

  it('not the news of a project the user muted, but its mentions', async () => {
    await runDigestsAt(t, '2026-05-03T10:00:30Z');
    const { project, recipient } = await recipientAt('every_quarter_hour');
    await t.ctx.uow.read.projectUserStates.set(
      [project.id],
      recipient.id,
      'notifications_muted_at',
      t.clock.now().toISOString(),
    );
    await notify(t.ctx, recipient.id, project.id, [
      { kind: 'comments', title: 'Muted comment' },
      { kind: 'mentions', title: 'Mention in a muted project' },
    ]);
    await runDigestsAt(t, '2026-05-03T10:15:00Z');
    const mails = await digestMailsTo(t, recipient.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text_body).toContain('Mention in a muted project');
    expect(mails[0]?.text_body).not.toContain('Muted comment');
  });

  it('nothing of a project the user has left', async () => {
    await runDigestsAt(t, '2026-05-04T10:00:30Z');
    const { project, recipient } = await recipientAt('every_quarter_hour');
    await notify(t.ctx, recipient.id, project.id, [{ kind: 'comments' }]);
    await t.ctx.db
      .deleteFrom('project_members')
      .where('project_id', '=', project.id)
      .where('user_id', '=', recipient.id)
      .execute();
    await runDigestsAt(t, '2026-05-04T10:15:00Z');
    expect(await digestMailsTo(t, recipient.email)).toEqual([]);
  });
});

describe('mentions', () => {
  it('are mailed within a minute, whatever the frequency, and not again in the digest', async () => {
    await runDigestsAt(t, '2026-06-01T07:00:00Z');
    const { project, recipient } = await recipientAt('once_per_day', 'UTC');
    t.clock.set(new Date('2026-06-01T07:00:10Z'));
    await notify(t.ctx, recipient.id, project.id, [
      { kind: 'mentions', title: 'Ann mentioned you', quoted: '@Bob look at this' },
      { kind: 'comments', title: 'A plain comment' },
    ]);
    await runDigestsAt(t, '2026-06-01T07:01:00Z');
    const mails = await digestMailsTo(t, recipient.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`You were mentioned in ${project.name}`);
    expect(mails[0]?.text_body).toContain('Ann mentioned you');
    expect(mails[0]?.text_body).not.toContain('A plain comment');

    await runDigestsAt(t, '2026-06-01T09:00:00Z');
    const after = await digestMailsTo(t, recipient.email);
    expect(after).toHaveLength(2);
    expect(after[1]?.text_body).toContain('A plain comment');
    expect(after[1]?.text_body).not.toContain('Ann mentioned you');
  });

  it('wait for the digest when the mention e-mail alarm is off, and are then left out', async () => {
    await runDigestsAt(t, '2026-06-02T07:00:00Z');
    const { project, recipient } = await recipientAt('once_per_day', 'UTC');
    await setDigestPreferences(t.ctx, recipient.id, { alarms: { mentions: false } });
    await notify(t.ctx, recipient.id, project.id, [{ kind: 'mentions' }]);
    await runDigestsAt(t, '2026-06-02T07:01:00Z');
    await runDigestsAt(t, '2026-06-02T09:00:00Z');
    expect(await digestMailsTo(t, recipient.email)).toEqual([]);
  });
});

describe('exactly once', () => {
  it('two workers running the same slot at once send each notification once', async () => {
    await runDigestsAt(t, '2026-07-01T10:00:30Z');
    const owner = await buildDigestOwner(t);
    const { project, recipient } = await buildDigestProject(t, owner);
    await setDigestPreferences(t.ctx, recipient.id, { every: 'every_quarter_hour' });
    const other = await buildDigestProject(t, owner, { recipient });
    const ids = [
      ...(await notify(t.ctx, recipient.id, project.id, [{ kind: 'comments' }, { kind: 'replies' }])),
      ...(await notify(t.ctx, recipient.id, other.project.id, [{ kind: 'markups' }])),
    ];
    t.clock.set(new Date('2026-07-01T10:15:00Z'));
    // Two runs of the slot, and two deliveries of the user, side by side (PostgreSQL: on separate connections).
    await Promise.all([t.ctx.notificationDigests.run(), t.ctx.notificationDigests.run()]);
    await Promise.all([
      t.ctx.notificationDigests.deliver(recipient.id, 'digest'),
      t.ctx.notificationDigests.deliver(recipient.id, 'digest'),
      t.ctx.notificationDigests.deliver(recipient.id, 'digest'),
    ]);
    await t.ctx.jobs.idle();
    const mails = await digestMailsTo(t, recipient.email);
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [`New activity in ${project.name}`, `New activity in ${other.project.name}`].sort(),
    );
    const digests = new Set((await mailState(t.ctx, ids)).map((n) => n.digest));
    expect(digests.size).toBe(2);
    expect(digests.has(null)).toBe(false);
  });

  it('a refused send is retried and delivered once, the claim kept', async () => {
    await runDigestsAt(t, '2026-07-02T10:00:30Z');
    const { project, recipient } = await recipientAt('every_quarter_hour');
    const ids = await notify(t.ctx, recipient.id, project.id, [{ kind: 'comments' }, { kind: 'tasks' }]);
    let refusals = 1;
    const refusing: Mailer = {
      send: (mail: Mail) => {
        if (refusals > 0) {
          refusals -= 1;
          return Promise.reject(new Error('451 try again later'));
        }
        return t.ctx.mailDelivery.send(mail);
      },
      close: () => Promise.resolve(),
    };
    const worker = workerWith(refusing);
    t.clock.set(new Date('2026-07-02T10:15:00Z'));
    await expect(worker.deliver(recipient.id, 'digest')).rejects.toThrow('451');
    expect(await digestMailsTo(t, recipient.email)).toEqual([]);
    const claimed = await mailState(t.ctx, ids);
    expect(claimed.every((n) => n.emailed && n.digest === claimed[0]?.digest)).toBe(true);

    // The retry (the job's, or the next run's for a digest left unsent) sends it once.
    await worker.deliver(recipient.id, 'send');
    await runDigestsAt(t, '2026-07-02T10:17:00Z');
    const mails = await digestMailsTo(t, recipient.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text_body).toContain('2 new updates');
  });

  it('a worker killed between the claim and the send: the next run sends the digest once', async () => {
    await runDigestsAt(t, '2026-07-03T10:00:30Z');
    const { project, recipient } = await recipientAt('every_quarter_hour');
    const ids = await notify(t.ctx, recipient.id, project.id, [{ kind: 'comments' }]);
    t.clock.set(new Date('2026-07-03T10:15:00Z'));
    // The claim of a delivery whose process then died: committed, nothing sent, no job left.
    await t.ctx.uow.transaction((tx) =>
      tx.notificationDigests.claim({
        userId: recipient.id,
        kind: 'digest',
        kinds: ['comments'],
        now: t.clock.now().toISOString(),
      }),
    );
    expect((await mailState(t.ctx, ids))[0]?.emailed).toBe(true);

    await runDigestsAt(t, '2026-07-03T10:16:30Z');
    await runDigestsAt(t, '2026-07-03T10:18:00Z');
    expect(await digestMailsTo(t, recipient.email)).toHaveLength(1);
  });

  it('a worker killed while sending: its lease holds others off, then the digest goes once', async () => {
    await runDigestsAt(t, '2026-07-04T10:00:30Z');
    const { project, recipient } = await recipientAt('every_quarter_hour');
    await notify(t.ctx, recipient.id, project.id, [{ kind: 'comments' }]);
    const hanging: Mailer = { send: () => new Promise<void>(() => {}), close: () => Promise.resolve() };
    t.clock.set(new Date('2026-07-04T10:15:00Z'));
    // This worker claims, takes the send lease, and never comes back.
    void workerWith(hanging).deliver(recipient.id, 'digest');
    await waitFor(async () => {
      const digest = await t.ctx.db
        .selectFrom('notification_digests')
        .select('sending_until')
        .where('user_id', '=', recipient.id)
        .executeTakeFirst();
      return Boolean(digest?.sending_until);
    });

    await runDigestsAt(t, '2026-07-04T10:16:30Z');
    await t.ctx.notificationDigests.deliver(recipient.id, 'send');
    expect(await digestMailsTo(t, recipient.email)).toEqual([]);

    t.clock.set(new Date(new Date('2026-07-04T10:15:00Z').getTime() + SEND_LEASE_MS));
    await runDigestsAt(t, t.clock.now().toISOString());
    await runDigestsAt(t, new Date(t.clock.now().getTime() + 60_000).toISOString());
    expect(await digestMailsTo(t, recipient.email)).toHaveLength(1);
  });
});

describe('a digest left unsent', () => {
  it('is no longer tried a day after its claim', async () => {
    await runDigestsAt(t, '2026-07-05T10:00:30Z');
    const { project, recipient } = await recipientAt('every_quarter_hour');
    await notify(t.ctx, recipient.id, project.id, [{ kind: 'comments' }]);
    t.clock.set(new Date('2026-07-05T10:15:00Z'));
    await t.ctx.uow.transaction((tx) =>
      tx.notificationDigests.claim({
        userId: recipient.id,
        kind: 'digest',
        kinds: ['comments'],
        now: t.clock.now().toISOString(),
      }),
    );
    t.clock.set(new Date('2026-07-06T10:15:01Z'));
    const report = await t.ctx.notificationDigests.run();
    expect(report.stalledUsers).toBe(0);
    await t.ctx.jobs.idle();
    expect(await digestMailsTo(t, recipient.email)).toEqual([]);
  });
});

/** Another worker process's digest service over the same database, sending through `mailer`. */
function workerWith(mailer: Mailer) {
  return new NotificationDigestService(
    t.ctx.uow,
    t.ctx.projectAccess,
    t.ctx.jobs,
    mailer,
    t.ctx.clock,
    { appUrl: t.ctx.config.appUrl, secret: t.ctx.config.sessionSecret },
    t.ctx.log,
    (userId, versionId) => t.ctx.assets.roundFile(userId, versionId),
  );
}

/** Waits on real state (the database), never on time. */
async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 1000; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('state never reached');
}

describe('the run itself', () => {
  it('queues nothing when no one has news', async () => {
    t.clock.set(new Date('2026-08-01T10:00:00Z'));
    await runDigests(t.ctx);
    const report = await t.ctx.notificationDigests.run();
    expect(report).toEqual({ mentionUsers: 0, digestUsers: 0, stalledUsers: 0 });
  });
});
