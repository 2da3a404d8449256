import type { Logger } from 'pino';
import { ALARM_IDENTIFIERS, type EmailEvery } from '@common/api/notificationAlarms';
import type { Mailer } from '../../adapters/mail/mailer';
import type { JobQueue } from '../../adapters/queue/jobQueue';
import type { Clock } from '../../clock';
import type {
  DigestCandidate,
  DigestItem,
  NotificationDigestRow,
} from '../../db/repositories/notificationDigests';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { digestEmail } from '../../emails/digestEmails';
import { AppError, notFound } from '../../errors';
import { allows } from '../../policies/projects';
import { hmac, safeEqual } from '../../secrets';
import type { RoundFile } from '../assets/assets';
import type { ProjectAccess } from '../projects/projectAccess';
import { slotsBetween } from './digestSlots';

/** The recurring run: every minute (mentions within a minute; digests at their users' slots). */
export const DIGEST_RUN = 'notifications.digest_run';
export const DIGEST_RUN_CRON = '* * * * *';
/** One user's claim and send. */
export const DIGEST_DELIVER = 'notifications.digest_deliver';

/** A digest send holds its lease this long; a sender killed mid-send frees it when it passes. */
export const SEND_LEASE_MS = 2 * 60_000;
/** A digest still unsent this long after its claim is sent by the next run (its job was lost). */
export const STALLED_AFTER_MS = 60_000;
/** A digest unsent for a day is no longer tried (an address the mail server keeps refusing). */
export const GIVE_UP_AFTER_MS = 86_400_000;
/** Users per delivery job. */
export const DELIVER_BATCH = 50;

export type DeliverKind = 'digest' | 'mention' | 'send';

export interface DigestLinks {
  /** The configured public address of the app (config.appUrl), no trailing slash. */
  appUrl: string;
  /** The key the unsubscribe and thumbnail links are signed with (config.sessionSecret). */
  secret: string;
}

export interface DigestRunReport {
  /** Users whose delivery was queued, for each reason. */
  mentionUsers: number;
  digestUsers: number;
  stalledUsers: number;
}

/**
 * E-mail digests (issue 24 item 4). `run` (every minute, one instance per slot) finds the users
 * due: those with an unsent mention (mailed within a minute whatever their frequency), those whose
 * `email_every` slot began since the last run in their own time zone, and those with a digest
 * claimed but not sent (a killed worker's), and queues their deliveries (jobs of 50 users). `deliver`
 * claims the user's mailable notifications into digests (one per project, in one transaction),
 * then sends every unsent digest of the user under a send lease and marks it sent. The claim makes
 * each notification belong to one digest; the lease and the sent mark make each digest go once;
 * the claim and the send live on in the database, so a kill between them delays the mail by a
 * minute and loses nothing (docs/decisions.md).
 */
export class NotificationDigestService {
  constructor(
    private readonly uow: UnitOfWorkOf<'notificationDigests' | 'users' | 'projects'>,
    private readonly projectAccess: ProjectAccess,
    private readonly jobs: JobQueue,
    private readonly delivery: Mailer,
    private readonly clock: Clock,
    private readonly links: DigestLinks,
    private readonly log: Logger,
    /** The asset service's door to a round's files, as the signed-in user would pass it. */
    private readonly roundFile: (userId: number, versionId: number) => Promise<RoundFile>,
  ) {}

  /** The recurring run: queues the deliveries due between the last run and now. */
  async run(now: Date = this.clock.now()): Promise<DigestRunReport> {
    const repo = this.uow.read.notificationDigests;
    const covered = await repo.coveredUntil(DIGEST_RUN);
    // Before the first run, or with a mark ahead of the clock, the last minute.
    const from =
      covered && covered <= now.toISOString() ? new Date(covered) : new Date(now.getTime() - 60_000);

    const mentioned = (await repo.usersWithUnsentMentions())
      .filter((user) => emailAlarmsOf(user).includes('mentions'))
      .map((user) => user.user_id);
    await this.queue(mentioned, 'mention');

    const slotsByZone = new Map<string, Set<EmailEvery>>();
    const due: number[] = [];
    // Every zone of today's tz database is a whole quarter hour off UTC: a window without a UTC
    // quarter hour holds no user's slot, and 14 runs of 15 need not read the users with news.
    const anySlot = slotsBetween('UTC', from, now).size > 0;
    for (const user of anySlot ? await repo.usersWithUnsent() : []) {
      let slots = slotsByZone.get(user.time_zone);
      if (!slots) {
        slots = slotsBetween(user.time_zone, from, now);
        slotsByZone.set(user.time_zone, slots);
      }
      if (slots.has(user.email_every as EmailEvery)) due.push(user.user_id);
    }
    await this.queue(due, 'digest');

    const stalled = await repo.usersWithStalledDigests({
      createdBefore: new Date(now.getTime() - STALLED_AFTER_MS).toISOString(),
      createdAfter: new Date(now.getTime() - GIVE_UP_AFTER_MS).toISOString(),
      now: now.toISOString(),
    });
    await this.queue(stalled, 'send');

    await repo.cover(DIGEST_RUN, now.toISOString());
    return { mentionUsers: mentioned.length, digestUsers: due.length, stalledUsers: stalled.length };
  }

  /**
   * One delivery job per DELIVER_BATCH users: a queue holding ten thousand jobs at once sorts them
   * on every claim, and a user's claim is what keeps their notifications single, not the job.
   */
  private async queue(userIds: number[], kind: DeliverKind): Promise<void> {
    for (let start = 0; start < userIds.length; start += DELIVER_BATCH)
      await this.jobs.send(DIGEST_DELIVER, { userIds: userIds.slice(start, start + DELIVER_BATCH), kind });
  }

  /**
   * The deliveries of a batch of users, one after the other; a user whose send failed does not
   * hold the others up. Throws at the end when any failed, so the job is retried (the users done
   * have nothing left to send); their digests also stay for the run's sweep.
   */
  async deliverAll(userIds: readonly number[], kind: DeliverKind): Promise<number> {
    let sent = 0;
    const failed: number[] = [];
    for (const userId of userIds) {
      try {
        sent += await this.deliver(userId, kind);
      } catch {
        failed.push(userId);
      }
    }
    if (failed.length > 0) throw new Error(`digests not sent to users ${failed.join(', ')}`);
    return sent;
  }

  /**
   * One user's delivery: claims what is due (`digest`: every mailable kind of their e-mail alarms;
   * `mention`: their mentions; `send`: nothing new), then sends their unsent digests. Answers the
   * messages sent. A failed send frees its lease and fails the job, which is retried.
   */
  async deliver(userId: number, kind: DeliverKind): Promise<number> {
    const preferences = await this.uow.read.users.preferencesOf(userId).catch(() => undefined);
    if (!preferences) return 0;
    const alarms = emailAlarmsOf(preferences);
    if (kind !== 'send') {
      const kinds = kind === 'mention' ? alarms.filter((k) => k === 'mentions') : alarms;
      const now = this.clock.now().toISOString();
      await this.uow.transaction(async (tx) => {
        await tx.notificationDigests.claim({ userId, kind, kinds, now });
        if (kind === 'digest') await tx.notificationDigests.settleUnmailable(userId, alarms, now);
      });
    }
    let sent = 0;
    for (const digest of await this.uow.read.notificationDigests.unsentFor(userId)) {
      if (await this.send(digest)) sent += 1;
    }
    return sent;
  }

  /** Sends one digest under its lease; false when another sender holds it or it went already. */
  private async send(digest: NotificationDigestRow): Promise<boolean> {
    const repo = this.uow.read.notificationDigests;
    const now = this.clock.now();
    const until = new Date(now.getTime() + SEND_LEASE_MS).toISOString();
    if (!(await repo.lease(digest.id, now.toISOString(), until))) return false;
    try {
      const mail = await this.compose(digest);
      // A project the user no longer sees is not told about: the digest is closed unsent.
      if (mail) await this.delivery.send(mail);
      await repo.markSent(digest.id, this.clock.now().toISOString());
      return mail !== null;
    } catch (error) {
      await repo.release(digest.id).catch(() => undefined);
      this.log.warn({ err: error, digestId: digest.id }, 'digest not sent; retried');
      throw error;
    }
  }

  private async compose(digest: NotificationDigestRow) {
    const view = await this.projectAccess
      .forUser(digest.project_id, digest.user_id)
      .catch((error: unknown) => {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      });
    if (!view || !allows(view, 'projects.see')) return null;
    const user = await this.uow.read.users.findById(digest.user_id);
    if (!user) return null;
    const items = await this.uow.read.notificationDigests.items(digest.id);
    if (items.length === 0) return null;
    const { appUrl } = this.links;
    return digestEmail({
      to: user.email,
      userName: user.name,
      kind: digest.kind === 'mention' ? 'mention' : 'digest',
      project: { name: view.project.name, url: `${appUrl}/projects/${digest.project_id}` },
      entries: items.map((item) => this.entry(digest.user_id, item)),
      settingsUrl: `${appUrl}/user/profile/notifications`,
      unsubscribeUrl: this.unsubscribeUrl(digest.user_id),
      messageId: `<digest.${digest.id}.${digest.user_id}@${this.mailDomain()}>`,
      threadId: this.threadId(digest.user_id, digest.project_id),
    });
  }

  private entry(userId: number, item: DigestItem) {
    const { appUrl } = this.links;
    const url = /^https?:\/\//.test(item.url)
      ? item.url
      : `${appUrl}${item.url.startsWith('/') ? '' : '/'}${item.url}`;
    return {
      title: item.title,
      message: item.message,
      quotedComment: item.quoted_comment,
      url,
      assetName: item.asset_name,
      assetId: item.asset_id,
      thumbnailUrl:
        item.version_id !== null && item.thumbnail_key !== null
          ? this.thumbnailUrl(userId, item.version_id)
          : null,
    };
  }

  /** The id every digest of one project for one user refers to: one thread per project. */
  threadId(userId: number, projectId: number): string {
    const tag = hmac(this.links.secret, `digest-thread:${userId}:${projectId}`).slice(0, 16);
    return `<thread.${projectId}.${userId}.${tag}@${this.mailDomain()}>`;
  }

  private mailDomain(): string {
    return new URL(this.links.appUrl).hostname;
  }

  /** The one-click unsubscribe address: the user's id signed, so no one else's can be made. */
  unsubscribeUrl(userId: number): string {
    return `${this.links.appUrl}/api/v1/email_unsubscribe/${userId}/${this.sign('unsubscribe', userId)}`;
  }

  /** A round's thumbnail for an e-mail: the user's id and the round signed (the route checks access as them). */
  thumbnailUrl(userId: number, versionId: number): string {
    return `${this.links.appUrl}/api/v1/email_thumbnails/${userId}/${versionId}/${this.sign(`thumbnail:${versionId}`, userId)}`;
  }

  private sign(purpose: string, userId: number): string {
    return hmac(this.links.secret, `email-${purpose}:${userId}`).slice(0, 32);
  }

  /** The user an unsubscribe or thumbnail link was signed for; 404 for a forged or altered one. */
  verify(purpose: string, userId: number, signature: string): void {
    if (!safeEqual(this.sign(purpose, userId), signature)) throw notFound();
  }

  /** The round an e-mail's thumbnail link names, if the link is genuine and its user still sees it. */
  async thumbnail(userId: number, versionId: number, signature: string): Promise<RoundFile> {
    this.verify(`thumbnail:${versionId}`, userId, signature);
    return this.roundFile(userId, versionId);
  }

  /** GET of the unsubscribe link: only checks it (a link scanner's visit changes nothing). */
  async unsubscribeTarget(userId: number, signature: string): Promise<{ email: string }> {
    this.verify('unsubscribe', userId, signature);
    const user = await this.uow.read.users.findById(userId);
    if (!user) throw notFound();
    return { email: user.email };
  }

  /** POST of the unsubscribe link (the button, or the mail client's one-click): every e-mail alarm off. */
  async unsubscribe(userId: number, signature: string): Promise<{ email: string }> {
    const target = await this.unsubscribeTarget(userId, signature);
    const off = JSON.stringify(
      Object.fromEntries(ALARM_IDENTIFIERS.map((identifier) => [identifier, false])),
    );
    await this.uow.transaction(async (tx) => {
      await tx.users.updatePreferences(userId, { email_alarms: off });
      await tx.record({
        type: 'user.preferences_updated',
        actorId: userId,
        subject: { type: 'User', id: userId },
        data: { changed: ['email_alarms'], via: 'unsubscribe_link' },
      });
    });
    return target;
  }
}

/** The kinds a user keeps e-mail alarms for: every alarm is on unless they turned it off. */
export function emailAlarmsOf(preferences: Pick<DigestCandidate, 'email_alarms'>): string[] {
  let values: Record<string, unknown> = {};
  try {
    values = JSON.parse(preferences.email_alarms) as Record<string, unknown>;
  } catch {
    values = {};
  }
  return ALARM_IDENTIFIERS.filter((identifier) => values[identifier] !== false);
}
