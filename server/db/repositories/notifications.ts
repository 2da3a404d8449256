import { sql, type Insertable, type Selectable } from 'kysely';
import type { ProjectRole } from '@common/projectRoles';
import type { Db } from '../database';
import type { NotificationsTable } from '../schema';

export type NotificationRow = Selectable<NotificationsTable>;
export type NotificationInsert = Insertable<NotificationsTable>;

/** A notification with what its presentation reads besides its row: the actor and the asset's thumbnail. */
export type NotificationWithFacts = NotificationRow & {
  actor_name: string | null;
  actor_avatar_key: string | null;
  thumbnail_version_id: number | null;
  thumbnail_key: string | null;
};

/** A member of a project as the notification subscriber weighs them. */
export interface NotificationRecipient {
  projectId: number;
  userId: number;
  role: ProjectRole;
  /** JSON {identifier: boolean} of user_preferences; '{}' when the user has no row. */
  alarms: string;
  muted: boolean;
}

/** Which of a user's notifications a listing reads: one project's or every one's, a kind, a cursor. */
export interface NotificationScope {
  userId: number;
  /** null: every project the user is a member of. */
  projectId: number | null;
  kind?: string | undefined;
  /** Only ids below it. */
  olderThan?: number | undefined;
}

/** Rows per insert statement: 18 columns each, 9,000 parameters, well under either database's cap. */
const INSERT_CHUNK = 500;

/**
 * A member's notifications (projects-side §3). Every read joins the user's current membership of
 * the notification's project, so a project they left or lost shows none of its notifications.
 */
export class NotificationsRepository {
  constructor(private readonly db: Db) {}

  /**
   * The members of the projects, each with their notification alarms and whether they muted the
   * project: one query however many members.
   */
  async recipients(projectIds: number[]): Promise<NotificationRecipient[]> {
    if (projectIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('project_members as m')
      .leftJoin('user_preferences as p', 'p.user_id', 'm.user_id')
      .leftJoin('project_user_states as s', (join) =>
        join.onRef('s.project_id', '=', 'm.project_id').onRef('s.user_id', '=', 'm.user_id'),
      )
      .select(['m.project_id', 'm.user_id', 'm.role', 'p.notification_alarms', 's.notifications_muted_at'])
      .where('m.project_id', 'in', projectIds)
      .orderBy('m.id')
      .execute();
    return rows.map((r) => ({
      projectId: r.project_id,
      userId: r.user_id,
      role: r.role as ProjectRole,
      alarms: r.notification_alarms ?? '{}',
      muted: r.notifications_muted_at !== null,
    }));
  }

  /** The names of the users (the actors of events). */
  async names(userIds: number[]): Promise<Map<number, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('id', 'in', userIds)
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /**
   * Writes the notifications, each (event, user) once: an event handled again writes nothing. One
   * statement per INSERT_CHUNK rows.
   */
  async insertMany(rows: NotificationInsert[]): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK)
      await this.db
        .insertInto('notifications')
        .values(rows.slice(i, i + INSERT_CHUNK))
        .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
        .execute();
  }

  /** The scope's notifications in the user's current projects. */
  private scoped(scope: NotificationScope) {
    let query = this.db
      .selectFrom('notifications as n')
      .innerJoin('project_members as m', (join) =>
        join.onRef('m.project_id', '=', 'n.project_id').onRef('m.user_id', '=', 'n.user_id'),
      )
      .where('n.user_id', '=', scope.userId);
    if (scope.projectId !== null) query = query.where('n.project_id', '=', scope.projectId);
    if (scope.kind !== undefined) query = query.where('n.kind', '=', scope.kind);
    if (scope.olderThan !== undefined) query = query.where('n.id', '<', scope.olderThan);
    return query;
  }

  /** How many notifications the scope holds, and its newest id (null for none). */
  async countAndNewest(scope: NotificationScope): Promise<{ count: number; newest: number | null }> {
    const row = await this.scoped(scope)
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('n.id').as('newest')])
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), newest: row.newest === null ? null : Number(row.newest) };
  }

  /** A page of the scope: newest first, or pinned first (newest pin first) then newest. */
  page(
    scope: NotificationScope,
    order: { pinnedFirst: boolean },
    page: { limit: number; offset: number },
  ): Promise<NotificationWithFacts[]> {
    let query = this.withFacts(this.scoped(scope));
    if (order.pinnedFirst)
      query = query
        .orderBy(sql`case when n.pinned_at is null then 1 else 0 end`)
        .orderBy('n.pinned_at', 'desc');
    return query.orderBy('n.id', 'desc').limit(page.limit).offset(page.offset).execute();
  }

  /** One of the user's notifications in a project they are still a member of. */
  findOwn(userId: number, id: number): Promise<NotificationWithFacts | undefined> {
    return this.withFacts(this.scoped({ userId, projectId: null }))
      .where('n.id', '=', id)
      .executeTakeFirst();
  }

  private withFacts(query: ReturnType<NotificationsRepository['scoped']>) {
    return query
      .leftJoin('users as u', 'u.id', 'n.actor_id')
      .leftJoin('assets as a', 'a.id', 'n.asset_id')
      .leftJoin('asset_versions as v', 'v.id', 'a.current_version_id')
      .selectAll('n')
      .select([
        'u.name as actor_name',
        'u.avatar_key as actor_avatar_key',
        'v.id as thumbnail_version_id',
        'v.thumbnail_key',
      ]);
  }

  /** The user's unseen notifications in their current projects (one project's, or all). */
  async unseenCount(userId: number, projectId: number | null): Promise<number> {
    const row = await this.scoped({ userId, projectId })
      .where('n.seen_at', 'is', null)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Marks the user's unseen notifications (one project's, or all) seen; answers how many. */
  async markSeen(userId: number, projectId: number | null, now: string): Promise<number> {
    let query = this.db
      .updateTable('notifications')
      .set({ seen_at: now })
      .where('user_id', '=', userId)
      .where('seen_at', 'is', null);
    if (projectId !== null) query = query.where('project_id', '=', projectId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Pins or unpins the user's notification; a pin already there keeps its time. */
  async setPinned(userId: number, id: number, pinned: boolean, now: string): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set((eb) => ({ pinned_at: pinned ? eb.fn.coalesce('pinned_at', sql.val(now)) : null }))
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }

  /** Records the first open of the user's notification, which sees it too. */
  async markOpened(userId: number, id: number, now: string): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set((eb) => ({
        opened_at: eb.fn.coalesce('opened_at', sql.val(now)),
        seen_at: eb.fn.coalesce('seen_at', sql.val(now)),
      }))
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }
}
