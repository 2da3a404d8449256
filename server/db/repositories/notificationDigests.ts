import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../database';
import type { NotificationDigestsTable, NotificationsTable } from '../schema';

export type NotificationDigestRow = Selectable<NotificationDigestsTable>;

/** A user the digest run looks at: their settings for when and what to mail. */
export interface DigestCandidate {
  user_id: number;
  email_every: string;
  time_zone: string;
  email_alarms: string;
}

/** One notification of a digest, with what its e-mail shows. */
export interface DigestItem {
  id: number;
  kind: string;
  title: string;
  message: string;
  url: string;
  quoted_comment: string | null;
  created_at: string;
  asset_id: number | null;
  asset_name: string | null;
  /** The asset's current round and its thumbnail, when it has one. */
  version_id: number | null;
  thumbnail_key: string | null;
}

export interface ClaimInput {
  userId: number;
  kind: 'digest' | 'mention';
  /** The notification kinds mailed (the user's e-mail alarms that are on, or mentions only). */
  kinds: readonly string[];
  now: string;
}

/**
 * E-mail digests (issue 24 item 4): which users have news to mail, the atomic claim of their
 * notifications into digests (one per project), the send lease and the sent mark, and how far the
 * recurring run has looked. The notifications themselves are written by the notifications
 * repository; `insertNotification` is here for tests and benchmarks that make them directly.
 */
export class NotificationDigestsRepository {
  constructor(private readonly db: Db) {}

  /** Users with notifications not yet mailed nor settled, and their digest settings. */
  usersWithUnsent(): Promise<DigestCandidate[]> {
    return this.db
      .selectFrom('user_preferences as p')
      .select(['p.user_id', 'p.email_every', 'p.time_zone', 'p.email_alarms'])
      .where('p.user_id', 'in', (eb) =>
        eb.selectFrom('notifications').select('user_id').where('emailed_at', 'is', null).distinct(),
      )
      .execute();
  }

  /** Users with a mention neither mailed nor seen (read through the partial index of unsent mentions). */
  usersWithUnsentMentions(): Promise<DigestCandidate[]> {
    return this.db
      .selectFrom('user_preferences as p')
      .select(['p.user_id', 'p.email_every', 'p.time_zone', 'p.email_alarms'])
      .where('p.user_id', 'in', (eb) =>
        eb
          .selectFrom('notifications')
          .select('user_id')
          .where('emailed_at', 'is', null)
          .where('kind', '=', 'mentions')
          .where('seen_at', 'is', null)
          .distinct(),
      )
      .execute();
  }

  /** Users with a digest claimed between the two times and still unsent, whose send lease is free. */
  async usersWithStalledDigests(at: {
    createdBefore: string;
    createdAfter: string;
    now: string;
  }): Promise<number[]> {
    const { createdBefore, createdAfter, now } = at;
    const rows = await this.db
      .selectFrom('notification_digests')
      .select('user_id')
      .distinct()
      .where('sent_at', 'is', null)
      .where('created_at', '<', createdBefore)
      .where('created_at', '>', createdAfter)
      .where((eb) => eb.or([eb('sending_until', 'is', null), eb('sending_until', '<=', now)]))
      .execute();
    return rows.map((r) => r.user_id);
  }

  /**
   * Claims the user's mailable notifications: per project, a digest row and its notifications
   * marked `emailed_at` and pointed at it, in the caller's transaction. A notification is claimed
   * only while `emailed_at` is null, so of two claims running at once (two workers) each
   * notification goes to one: PostgreSQL re-checks the condition on a row another transaction
   * just claimed, SQLite runs writers one at a time. A digest that got nothing is removed.
   * Mailable: not seen in the app, of `kinds`, and of a project the user has not muted (mentions
   * come from muted projects too). Answers the digests made.
   */
  async claim({ userId, kind, kinds, now }: ClaimInput): Promise<NotificationDigestRow[]> {
    if (kinds.length === 0) return [];
    const mailable = this.db
      .selectFrom('notifications as n')
      .where('n.user_id', '=', userId)
      .where('n.emailed_at', 'is', null)
      .where('n.seen_at', 'is', null)
      .where('n.kind', 'in', kinds)
      .where((eb) =>
        eb.or([eb('n.kind', '=', 'mentions'), eb.not(eb.exists(this.muted(userId, 'n.project_id')))]),
      );
    const projects = await mailable.select('n.project_id').distinct().orderBy('n.project_id').execute();
    const made: NotificationDigestRow[] = [];
    for (const { project_id: projectId } of projects) {
      const digest = await this.db
        .insertInto('notification_digests')
        .values({
          user_id: userId,
          project_id: projectId,
          kind,
          created_at: now,
          sending_until: null,
          sent_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const claimed = await this.db
        .updateTable('notifications')
        .set({ emailed_at: now, digest_id: digest.id })
        .where('user_id', '=', userId)
        .where('project_id', '=', projectId)
        .where('emailed_at', 'is', null)
        .where('seen_at', 'is', null)
        .where('kind', 'in', kinds)
        .where((eb) =>
          eb.or([
            eb('kind', '=', 'mentions'),
            eb.not(eb.exists(this.muted(userId, 'notifications.project_id'))),
          ]),
        )
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) {
        await this.db.deleteFrom('notification_digests').where('id', '=', digest.id).execute();
      } else {
        made.push(digest);
      }
    }
    return made;
  }

  /**
   * Marks as settled (emailed_at, no digest) the user's unsent notifications that are not to be
   * mailed: seen in the app, of a kind whose e-mail alarm is off, or of a muted project. They
   * leave the unsent index, and a later alarm turned on does not mail old news.
   */
  async settleUnmailable(userId: number, kinds: readonly string[], now: string): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set({ emailed_at: now })
      .where('user_id', '=', userId)
      .where('emailed_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb('seen_at', 'is not', null),
          ...(kinds.length > 0 ? [eb('kind', 'not in', kinds)] : [eb.lit(true)]),
          eb.and([eb('kind', '!=', 'mentions'), eb.exists(this.muted(userId, 'notifications.project_id'))]),
        ]),
      )
      .execute();
  }

  /** The user's mute of the notification's project, if any (read through the states' key). */
  private muted(userId: number, projectRef: 'n.project_id' | 'notifications.project_id') {
    return this.db
      .selectFrom('project_user_states as s')
      .select('s.project_id')
      .whereRef('s.project_id', '=', sql.ref<number>(projectRef))
      .where('s.user_id', '=', userId)
      .where('s.notifications_muted_at', 'is not', null);
  }

  /** The user's digests not sent yet, oldest first. */
  unsentFor(userId: number): Promise<NotificationDigestRow[]> {
    return this.db
      .selectFrom('notification_digests')
      .selectAll()
      .where('user_id', '=', userId)
      .where('sent_at', 'is', null)
      .orderBy('id')
      .execute();
  }

  /**
   * Takes the send lease of a digest until `until`: true for one caller only, while the digest is
   * unsent and no other lease runs (a killed sender's lease passes, and the digest is taken again).
   */
  async lease(digestId: number, now: string, until: string): Promise<boolean> {
    const result = await this.db
      .updateTable('notification_digests')
      .set({ sending_until: until })
      .where('id', '=', digestId)
      .where('sent_at', 'is', null)
      .where((eb) => eb.or([eb('sending_until', 'is', null), eb('sending_until', '<=', now)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async release(digestId: number): Promise<void> {
    await this.db
      .updateTable('notification_digests')
      .set({ sending_until: null })
      .where('id', '=', digestId)
      .where('sent_at', 'is', null)
      .execute();
  }

  async markSent(digestId: number, now: string): Promise<void> {
    await this.db
      .updateTable('notification_digests')
      .set({ sent_at: now, sending_until: null })
      .where('id', '=', digestId)
      .execute();
  }

  /** A digest's notifications, oldest first, with their asset's name and current thumbnail. */
  items(digestId: number): Promise<DigestItem[]> {
    return this.db
      .selectFrom('notifications as n')
      .leftJoin('assets as a', 'a.id', 'n.asset_id')
      .leftJoin('asset_versions as v', 'v.id', 'a.current_version_id')
      .select([
        'n.id',
        'n.kind',
        'n.title',
        'n.message',
        'n.url',
        'n.quoted_comment',
        'n.created_at',
        'n.asset_id',
        'a.name as asset_name',
        'v.id as version_id',
        'v.thumbnail_key',
      ])
      .where('n.digest_id', '=', digestId)
      .orderBy('n.id')
      .execute();
  }

  /** How far the recurring run `name` has looked (null before its first run). */
  async coveredUntil(name: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('notification_digest_runs')
      .select('covered_until')
      .where('name', '=', name)
      .executeTakeFirst();
    return row?.covered_until ?? null;
  }

  /** Moves the run's mark forward to `until` (never back: of two runs, the later mark stays). */
  async cover(name: string, until: string): Promise<void> {
    await this.db
      .insertInto('notification_digest_runs')
      .values({ name, covered_until: until })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ covered_until: until })
          .where('notification_digest_runs.covered_until', '<', until),
      )
      .execute();
  }

  /** Tests and benchmarks: notifications written directly (the app makes them from events). */
  async insertNotifications(rows: Insertable<NotificationsTable>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insertInto('notifications').values(rows).execute();
  }
}
