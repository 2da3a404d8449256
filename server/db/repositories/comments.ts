import { sql, type Insertable, type Selectable } from 'kysely';
import type { ProjectRole } from '@common/projectRoles';
import type { Db } from '../database';
import type { CommentFilesTable, CommentsTable } from '../schema';

export type CommentRow = Selectable<CommentsTable>;
export type CommentFileRow = Selectable<CommentFilesTable>;
export type NewComment = Omit<Insertable<CommentsTable>, 'id'>;
export type NewCommentFile = Omit<Insertable<CommentFilesTable>, 'id'>;
/** Where a comment file is stored and what it counts in its project's storage. */
export type CommentFileStorage = Pick<CommentFileRow, 'storage_key' | 'size_bytes' | 'project_id'>;

/**
 * A comment with its author: a member's name and avatar (null when the account is gone), or the
 * name of the guest who wrote it through a review link (`guest_id` set, `guest_name`).
 */
export type CommentWithAuthor = CommentRow & {
  author_name: string | null;
  author_avatar_key: string | null;
  guest_name: string | null;
};

/** Comments with their authors, member or guest: what every comment list reads from. */
export function commentsWithAuthors(db: Db) {
  return db
    .selectFrom('comments as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('guests as g', 'g.id', 'c.guest_id')
    .selectAll('c')
    .select(['u.name as author_name', 'u.avatar_key as author_avatar_key', 'g.name as guest_name']);
}

/** What an asset's presentation to one user needs of their sights and of its comments. */
export interface AssetCommentFacts {
  /** When the user last saw the asset itself (POST /assets/{id}/last_seen). */
  lastSeenAt: string | undefined;
  newCount: number;
  /** Root comments someone else completed since the user's later sight of the asset or its comments. */
  newlyApprovedCount: number;
  hasComments: boolean;
}

/** The later of two sights (either may be null), as SQL both databases read alike. */
function laterOf(a: string, b: string) {
  const [x, y] = [sql.ref(a), sql.ref(b)];
  return sql<
    string | null
  >`case when ${x} is null then ${y} when ${y} is null or ${x} > ${y} then ${x} else ${y} end`;
}

/**
 * Whether project `p` has comments new to the user: written by someone else (a deleted author is
 * someone else) after the user last saw the project (`s`, ever when they never did) and after they
 * last saw that asset or its comments.
 */
export function hasNewComments(userId: number, project = 'p', state = 's') {
  const sight = laterOf('us.last_seen_at', 'cs.last_seen_at');
  const projectSight = sql.ref(`${state}.last_seen_at`);
  return sql<boolean>`exists (select 1 from comments c
    left join asset_user_states us on us.asset_id = c.asset_id and us.user_id = ${userId}
    left join comment_user_states cs on cs.asset_id = c.asset_id and cs.user_id = ${userId}
    where c.project_id = ${sql.ref(`${project}.id`)} and coalesce(c.user_id, 0) <> ${userId}
      and (${projectSight} is null or c.created_at > ${projectSight})
      and (${sight} is null or c.created_at > ${sight}))`;
}

/**
 * Whether project `p` has root comments newly approved for the user: completed by someone else (a
 * deleted user is someone else) after the user last saw the project and after they last saw that
 * asset or its comments, as `hasNewComments` reads creations. Reopening clears completed_at.
 */
export function hasNewlyApprovedComments(userId: number, project = 'p', state = 's') {
  const sight = laterOf('us.last_seen_at', 'cs.last_seen_at');
  const projectSight = sql.ref(`${state}.last_seen_at`);
  return sql<boolean>`exists (select 1 from comments c
    left join asset_user_states us on us.asset_id = c.asset_id and us.user_id = ${userId}
    left join comment_user_states cs on cs.asset_id = c.asset_id and cs.user_id = ${userId}
    where c.project_id = ${sql.ref(`${project}.id`)} and c.parent_id is null
      and c.completed_at is not null and coalesce(c.completed_by_id, 0) <> ${userId}
      and (${projectSight} is null or c.completed_at > ${projectSight})
      and (${sight} is null or c.completed_at > ${sight}))`;
}

/** Comments, replies, their files, and the members' last sight of each asset's comments. */
export class CommentsRepository {
  constructor(private readonly db: Db) {}

  findById(id: number): Promise<CommentRow | undefined> {
    return this.db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The comments and replies of an asset (of one round when `versionId` is given), the oldest first. */
  list(assetId: number, versionId?: number): Promise<CommentWithAuthor[]> {
    let query = commentsWithAuthors(this.db).where('c.asset_id', '=', assetId);
    if (versionId !== undefined) query = query.where('c.version_id', '=', versionId);
    return query.orderBy('c.created_at').orderBy('c.id').execute();
  }

  /** Comments by id, with their authors (for answering one comment and its replies). */
  withAuthors(ids: number[]): Promise<CommentWithAuthor[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return commentsWithAuthors(this.db)
      .where((eb) => eb.or([eb('c.id', 'in', ids), eb('c.parent_id', 'in', ids)]))
      .orderBy('c.created_at')
      .orderBy('c.id')
      .execute();
  }

  async insert(values: NewComment): Promise<number> {
    const { id } = await this.db
      .insertInto('comments')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async update(
    id: number,
    values: Partial<
      Pick<CommentRow, 'text' | 'markup' | 'markup_number' | 'markup_points' | 'is_edited' | 'updated_at'>
    >,
  ): Promise<void> {
    await this.db.updateTable('comments').set(values).where('id', '=', id).execute();
  }

  /** The points of the markup of all the asset's comments, every round's (MARKUP_ASSET_POINTS_MAX). */
  async markupPointsOf(assetId: number): Promise<number> {
    const { points } = await this.db
      .selectFrom('comments')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('markup_points'), eb.lit(0)).as('points'))
      .where('asset_id', '=', assetId)
      .executeTakeFirstOrThrow();
    // A bigint (text) on PostgreSQL.
    return Number(points);
  }

  /**
   * Completes (by `completedById`) or reopens (null) a root comment; true when it changed (a second
   * call to the same end does nothing, so the counts move once).
   */
  async setCompleted(
    id: number,
    completion: { at: string; byId: number } | null,
    now: string,
  ): Promise<boolean> {
    const completedAt = completion?.at ?? null;
    const result = await this.db
      .updateTable('comments')
      .set({ completed_at: completedAt, completed_by_id: completion?.byId ?? null, updated_at: now })
      .where('id', '=', id)
      .where('parent_id', 'is', null)
      .where('completed_at', completedAt === null ? 'is not' : 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Deletes a comment with its replies (and their files' rows); true when it was still there. */
  async delete(id: number): Promise<boolean> {
    await this.db.deleteFrom('comments').where('parent_id', '=', id).execute();
    const result = await this.db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The next markup number of the asset, taken for good (never given again, even after a deletion). */
  async takeMarkupNumber(assetId: number): Promise<number> {
    const { markup_numbers_used } = await this.db
      .updateTable('assets')
      .set((eb) => ({ markup_numbers_used: eb('markup_numbers_used', '+', 1) }))
      .where('id', '=', assetId)
      .returning('markup_numbers_used')
      .executeTakeFirstOrThrow();
    return markup_numbers_used;
  }

  /**
   * Moves the unresolved counts of an asset and its project by +1 or -1 (§4), never below 0. The
   * asset's last activity moves with a new comment (`activityAt`).
   */
  async moveUnresolved(assetId: number, projectId: number, delta: 1 | -1): Promise<void> {
    const moved = (column: 'unresolved_comments_count') =>
      delta === 1
        ? sql<number>`${sql.ref(column)} + 1`
        : sql<number>`case when ${sql.ref(column)} > 0 then ${sql.ref(column)} - 1 else 0 end`;
    await this.db
      .updateTable('assets')
      .set({ unresolved_comments_count: moved('unresolved_comments_count') })
      .where('id', '=', assetId)
      .execute();
    await this.db
      .updateTable('projects')
      .set({ unresolved_comments_count: moved('unresolved_comments_count') })
      .where('id', '=', projectId)
      .execute();
  }

  async touchAsset(assetId: number, now: string): Promise<void> {
    await this.db.updateTable('assets').set({ last_activity_at: now }).where('id', '=', assetId).execute();
  }

  /** The files of these comments, in the order they were attached. */
  filesOf(commentIds: number[]): Promise<CommentFileRow[]> {
    if (commentIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('comment_files')
      .selectAll()
      .where('comment_id', 'in', commentIds)
      .orderBy('id')
      .execute();
  }

  findFile(id: number): Promise<CommentFileRow | undefined> {
    return this.db.selectFrom('comment_files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertFiles(files: NewCommentFile[]): Promise<void> {
    if (files.length === 0) return;
    await this.db.insertInto('comment_files').values(files).execute();
  }

  /** Answers the files this call deleted (another may have got there first). */
  async deleteFiles(ids: number[]): Promise<CommentFileStorage[]> {
    if (ids.length === 0) return [];
    return this.db
      .deleteFrom('comment_files')
      .where('id', 'in', ids)
      .returning(['storage_key', 'size_bytes', 'project_id'])
      .execute();
  }

  /** The files of a comment and its replies (read before they go): their keys and counted bytes. */
  filesOfThread(commentId: number): Promise<CommentFileStorage[]> {
    return this.db
      .selectFrom('comment_files as f')
      .innerJoin('comments as c', 'c.id', 'f.comment_id')
      .select(['f.storage_key', 'f.size_bytes', 'f.project_id'])
      .where((eb) => eb.or([eb('c.id', '=', commentId), eb('c.parent_id', '=', commentId)]))
      .execute();
  }

  /** The storage keys of every comment file of the projects (before the projects go). */
  async fileKeysOfProjects(projectIds: number[]): Promise<string[]> {
    if (projectIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('comment_files')
      .select('storage_key')
      .where('project_id', 'in', projectIds)
      .execute();
    return rows.map((r) => r.storage_key);
  }

  /** The storage keys of every comment file of the workspace's projects (before the workspace goes). */
  async fileKeysOfWorkspace(workspaceId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('comment_files as f')
      .innerJoin('projects as p', 'p.id', 'f.project_id')
      .select('f.storage_key')
      .where('p.workspace_id', '=', workspaceId)
      .execute();
    return rows.map((r) => r.storage_key);
  }

  /** Every comment file of the assets (before the assets go): their keys and counted bytes. */
  async filesOfAssets(assetIds: number[]): Promise<CommentFileStorage[]> {
    if (assetIds.length === 0) return [];
    return this.db
      .selectFrom('comment_files as f')
      .innerJoin('comments as c', 'c.id', 'f.comment_id')
      .select(['f.storage_key', 'f.size_bytes', 'f.project_id'])
      .where('c.asset_id', 'in', assetIds)
      .execute();
  }

  async markSeen(userId: number, assetId: number, now: string): Promise<void> {
    await this.db
      .insertInto('comment_user_states')
      .values({ asset_id: assetId, user_id: userId, last_seen_at: now })
      .onConflict((oc) => oc.columns(['asset_id', 'user_id']).doUpdateSet({ last_seen_at: now }))
      .execute();
  }

  /**
   * The project's members who have seen the asset's comments (or the asset), with their latest
   * sight, the latest first.
   */
  async seenBy(
    projectId: number,
    assetId: number,
  ): Promise<{ id: number; name: string; avatar_key: string | null; last_seen_at: string }[]> {
    const sights = await this.db
      .selectFrom('project_members as pm')
      .innerJoin('users as u', 'u.id', 'pm.user_id')
      .innerJoin(
        (eb) =>
          eb
            .selectFrom('comment_user_states')
            .select(['user_id', 'last_seen_at'])
            .where('asset_id', '=', assetId)
            .unionAll(
              eb
                .selectFrom('asset_user_states')
                .select(['user_id', 'last_seen_at'])
                .where('asset_id', '=', assetId),
            )
            .as('s'),
        (join) => join.onRef('s.user_id', '=', 'u.id'),
      )
      .select(['u.id', 'u.name', 'u.avatar_key'])
      .select((eb) => eb.fn.max('s.last_seen_at').as('last_seen_at'))
      .where('pm.project_id', '=', projectId)
      .groupBy(['u.id', 'u.name', 'u.avatar_key'])
      .orderBy('last_seen_at', 'desc')
      .orderBy('u.id')
      .execute();
    return sights.map((s) => ({ ...s, last_seen_at: String(s.last_seen_at) }));
  }

  /**
   * Who ranks where for the delete-by-level rule: each member's role, and the workspace owner.
   */
  async ranks(projectId: number): Promise<{ roles: Map<number, ProjectRole>; workspaceOwnerId: number }> {
    const [members, workspace] = await Promise.all([
      this.db
        .selectFrom('project_members')
        .select(['user_id', 'role'])
        .where('project_id', '=', projectId)
        .execute(),
      this.db
        .selectFrom('projects as p')
        .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
        .select('w.owner_id')
        .where('p.id', '=', projectId)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      roles: new Map(members.map((m) => [m.user_id, m.role as ProjectRole])),
      workspaceOwnerId: workspace.owner_id,
    };
  }

  /** Which of `userIds` are members of the project. */
  async membersAmong(projectId: number, userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('project_members')
      .select('user_id')
      .where('project_id', '=', projectId)
      .where('user_id', 'in', userIds)
      .execute();
    return new Set(rows.map((r) => r.user_id));
  }

  /**
   * Per asset of `assetIds`, in one query: when the user last saw the asset (its marks), how many
   * comments are new to them, how many root comments others completed since, and whether it has any.
   */
  async assetFacts(userId: number, assetIds: number[]): Promise<Map<number, AssetCommentFacts>> {
    if (assetIds.length === 0) return new Map();
    const sight = laterOf('us.last_seen_at', 'cs.last_seen_at');
    const rows = await this.db
      .selectFrom('assets as a')
      .leftJoin('asset_user_states as us', (join) =>
        join.onRef('us.asset_id', '=', 'a.id').on('us.user_id', '=', userId),
      )
      .leftJoin('comment_user_states as cs', (join) =>
        join.onRef('cs.asset_id', '=', 'a.id').on('cs.user_id', '=', userId),
      )
      .select([
        'a.id',
        'us.last_seen_at',
        sql<boolean>`exists (select 1 from comments c where c.asset_id = a.id)`.as('has_comments'),
        sql<number | string>`(select count(*) from comments c where c.asset_id = a.id
          and coalesce(c.user_id, 0) <> ${userId} and (${sight} is null or c.created_at > ${sight}))`.as(
          'new_count',
        ),
        sql<number | string>`(select count(*) from comments c where c.asset_id = a.id
          and c.parent_id is null and c.completed_at is not null
          and coalesce(c.completed_by_id, 0) <> ${userId}
          and (${sight} is null or c.completed_at > ${sight}))`.as('newly_approved_count'),
      ])
      .where('a.id', 'in', assetIds)
      .execute();
    return new Map(
      rows.map((r) => [
        r.id,
        {
          lastSeenAt: r.last_seen_at ?? undefined,
          newCount: Number(r.new_count ?? 0),
          newlyApprovedCount: Number(r.newly_approved_count ?? 0),
          hasComments: Boolean(r.has_comments),
        },
      ]),
    );
  }
}
