import { UNPLACED } from './assetLists';
import { hasNewAssets } from './assetNews';
import { hasNewComments, hasNewlyApprovedComments } from './comments';
import { sql, type Selectable } from 'kysely';
import type { ProjectRole } from '@common/projectRoles';
import type { Db } from '../database';
import type { LabelsTable, ProjectUserStatesTable } from '../schema';
import type { UserRow } from './users';

export type LabelRow = Selectable<LabelsTable>;
export type ProjectUserStateRow = Selectable<ProjectUserStatesTable>;

/** The user columns a presented person needs; a page of 100 projects reads hundreds of them. */
const PERSON_COLUMNS = ['u.id', 'u.name', 'u.email', 'u.avatar_key'] as const;
export type PersonRow = Pick<UserRow, 'id' | 'name' | 'email' | 'avatar_key'>;

export interface ProjectMemberFact {
  memberId: number;
  role: ProjectRole;
  user: PersonRow;
}

export interface ProjectWorkspaceFact {
  id: number;
  name: string;
  logo_key: string | null;
  owner: PersonRow;
  /** The subscription is active: exactly `isActive` of common/workspaceState.ts. */
  isActive: boolean;
}

/** Everything a page of projects needs besides their rows, loaded in a fixed handful of queries. */
export interface ProjectFacts {
  members: Map<number, ProjectMemberFact[]>;
  states: Map<number, ProjectUserStateRow>;
  workspaces: Map<number, ProjectWorkspaceFact>;
  /** Workspace labels attached to each project. */
  labels: Map<number, LabelRow[]>;
  foldersCount: Map<number, number>;
  /** When someone other than the user last acted on each project (its activity log). */
  othersActivityAt: Map<number, string>;
  /** Each project's assets as the user sees them (none: no entry). */
  assets: Map<number, ProjectAssetFacts>;
  /** The round whose thumbnail pictures each project without a cover (none: no entry). */
  thumbnails: Map<number, ProjectThumbnailFact>;
}

/** The current round of a project's first asset that has a thumbnail. */
export interface ProjectThumbnailFact {
  assetId: number;
  versionId: number;
  thumbnailKey: string;
}

/**
 * A project's assets for one user. "New" is what someone else did after the user last saw the
 * project (ever, when they never did); unseen is what the asset marks of server/presenters/asset.ts
 * show on at least one asset.
 */
export interface ProjectAssetFacts {
  count: number;
  hasNew: boolean;
  hasNewlyFlagged: boolean;
  hasNewlyApproved: boolean;
  hasUnseen: boolean;
  /** Comments someone else wrote since the user last saw the project and that asset's comments. */
  hasNewComments: boolean;
  /** Root comments someone else completed since the user last saw the project and that asset. */
  hasNewlyApprovedComments: boolean;
  /**
   * Tasks someone else (a deleted author too) created since the user last saw the project. Not an
   * asset fact, but read in the same query so a page of projects costs no more queries.
   */
  hasNewTasks: boolean;
  /**
   * The user's notifications of the project not yet seen, while they are a member (not an asset
   * fact either: read in the same query for the same reason).
   */
  unseenNotifications: number;
}

function group<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

/** Batched reads for presenting many projects to one user (one query per kind of fact). */
export class ProjectFactsRepository {
  constructor(private readonly db: Db) {}

  async load(
    projects: { id: number; workspace_id: number; cover_key: string | null }[],
    userId: number,
  ): Promise<ProjectFacts> {
    const ids = [...new Set(projects.map((p) => p.id))];
    const workspaceIds = [...new Set(projects.map((p) => p.workspace_id))];
    if (ids.length === 0)
      return {
        members: new Map(),
        states: new Map(),
        workspaces: new Map(),
        labels: new Map(),
        foldersCount: new Map(),
        othersActivityAt: new Map(),
        assets: new Map(),
        thumbnails: new Map(),
      };
    const [members, states, workspaces, labels, folders, othersActivity, assets, thumbnails] =
      await Promise.all([
        this.members(ids),
        this.db
          .selectFrom('project_user_states')
          .selectAll()
          .where('user_id', '=', userId)
          .where('project_id', 'in', ids)
          .execute(),
        this.workspaces(workspaceIds),
        this.db
          .selectFrom('project_labels as pl')
          .innerJoin('labels as l', 'l.id', 'pl.label_id')
          .selectAll('l')
          .select('pl.project_id as attached_to')
          .where('pl.project_id', 'in', ids)
          .orderBy('l.id')
          .execute(),
        this.db
          .selectFrom('folders')
          .select((eb) => ['project_id', eb.fn.countAll<number>().as('n')])
          .where('project_id', 'in', ids)
          .groupBy('project_id')
          .execute(),
        this.db
          .selectFrom('activity_logs')
          .select((eb) => ['project_id', eb.fn.max('created_at').as('at')])
          .where('project_id', 'in', ids)
          .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '!=', userId)]))
          .groupBy('project_id')
          .execute(),
        this.assetFacts(ids, userId),
        this.thumbnails(projects.filter((p) => p.cover_key === null).map((p) => p.id)),
      ]);
    return {
      members,
      states: new Map(states.map((s) => [s.project_id, s])),
      workspaces,
      labels: new Map(
        [...group(labels, (l) => l.attached_to)].map(([id, rows]) => [
          id,
          rows.map(({ attached_to: _, ...label }) => label),
        ]),
      ),
      foldersCount: new Map(folders.map((f) => [f.project_id, Number(f.n)])),
      othersActivityAt: new Map(othersActivity.map((a) => [a.project_id, String(a.at)])),
      assets,
      thumbnails,
    };
  }

  /**
   * For each project, the current round of its first asset whose round has a thumbnail, in the
   * project's asset order: the root's assets, then each folder's, each place in its manual order
   * (assets never placed by hand after, by id). One query whatever the number of projects, each
   * project's search read in the order of the index assets_by_position, stopping at the first hit.
   */
  async thumbnails(projectIds: number[]): Promise<Map<number, ProjectThumbnailFact>> {
    if (projectIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('projects as p')
      .innerJoin('asset_versions as v', (join) =>
        join.on(
          sql<boolean>`v.id = (select a.current_version_id from assets a
            inner join asset_versions r on r.id = a.current_version_id
            where a.project_id = p.id and r.thumbnail_key is not null
            order by a.place_key, coalesce(a.position, ${sql.lit(UNPLACED)}), a.id
            limit 1)`,
        ),
      )
      .select(['p.id as project_id', 'v.id as version_id', 'v.asset_id', 'v.thumbnail_key'])
      .where('p.id', 'in', projectIds)
      .execute();
    return new Map(
      rows.map((r) => [
        r.project_id,
        { assetId: r.asset_id, versionId: r.version_id, thumbnailKey: r.thumbnail_key! },
      ]),
    );
  }

  /**
   * The asset facts of every project in one query: a count and four EXISTS, each stopping at the
   * first asset that answers it. A change is someone else's when its author is not the user (a
   * deleted author, null, is someone else).
   */
  async assetFacts(projectIds: number[], userId: number): Promise<Map<number, ProjectAssetFacts>> {
    if (projectIds.length === 0) return new Map();
    const byOther = (column: string) => sql<boolean>`coalesce(${sql.ref(column)}, 0) <> ${userId}`;
    const after = (column: string) =>
      sql<boolean>`(s.last_seen_at is null or ${sql.ref(column)} > s.last_seen_at)`;
    const changeUnseen = (change: 'round_added' | 'name_changed' | 'label_changed') =>
      sql`(${sql.ref(`a.${change}_at`)} > coalesce(u.last_seen_at, a.created_at) and ${byOther(`a.${change}_by_id`)})`;
    const rows = await this.db
      .selectFrom('projects as p')
      .leftJoin('project_user_states as s', (join) =>
        join.onRef('s.project_id', '=', 'p.id').on('s.user_id', '=', userId),
      )
      .select((eb) => [
        'p.id',
        eb
          .selectFrom('assets as a')
          .select(eb.fn.countAll<number | string>().as('n'))
          .whereRef('a.project_id', '=', 'p.id')
          .as('count'),
        hasNewAssets(userId).as('has_new'),
        sql<boolean>`exists (select 1 from assets a where a.project_id = p.id
          and a.rush_priority_set_at is not null
          and ${byOther('a.rush_changed_by_id')} and ${after('a.rush_priority_set_at')})`.as(
          'has_newly_flagged',
        ),
        sql<boolean>`exists (select 1 from assets a where a.project_id = p.id
          and a.approve = 'confirmed' and a.approve_changed_at is not null
          and ${byOther('a.approve_changed_by_id')} and ${after('a.approve_changed_at')})`.as(
          'has_newly_approved',
        ),
        sql<boolean>`exists (select 1 from assets a
          left join asset_user_states u on u.asset_id = a.id and u.user_id = ${userId}
          where a.project_id = p.id and (
            (u.last_seen_at is null and ${byOther('a.created_by_id')})
            or ${changeUnseen('round_added')} or ${changeUnseen('name_changed')} or ${changeUnseen('label_changed')}))`.as(
          'has_unseen',
        ),
        hasNewComments(userId).as('has_new_comments'),
        hasNewlyApprovedComments(userId).as('has_newly_approved_comments'),
        sql<boolean>`exists (select 1 from tasks t where t.project_id = p.id
          and ${byOther('t.author_id')} and ${after('t.created_at')})`.as('has_new_tasks'),
        sql<number | string>`(select count(*) from notifications n
          inner join project_members m on m.project_id = n.project_id and m.user_id = n.user_id
          where n.project_id = p.id and n.user_id = ${userId} and n.seen_at is null)`.as(
          'unseen_notifications',
        ),
      ])
      .where('p.id', 'in', projectIds)
      .execute();
    return new Map(
      rows.map((r) => [
        r.id,
        {
          count: Number(r.count ?? 0),
          hasNew: Boolean(r.has_new),
          hasNewlyFlagged: Boolean(r.has_newly_flagged),
          hasNewlyApproved: Boolean(r.has_newly_approved),
          hasUnseen: Boolean(r.has_unseen),
          hasNewComments: Boolean(r.has_new_comments),
          hasNewlyApprovedComments: Boolean(r.has_newly_approved_comments),
          hasNewTasks: Boolean(r.has_new_tasks),
          unseenNotifications: Number(r.unseen_notifications ?? 0),
        },
      ]),
    );
  }

  /** Each project's members with their user, in the order they joined. */
  async members(projectIds: number[]): Promise<Map<number, ProjectMemberFact[]>> {
    if (projectIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('project_members as pm')
      .innerJoin('users as u', 'u.id', 'pm.user_id')
      .select(PERSON_COLUMNS)
      .select(['pm.id as member_id', 'pm.project_id', 'pm.role'])
      .where('pm.project_id', 'in', projectIds)
      .orderBy('pm.id')
      .execute();
    return new Map(
      [...group(rows, (r) => r.project_id)].map(([id, list]) => [
        id,
        list.map(({ member_id, project_id: _, role, ...user }) => ({
          memberId: member_id,
          role: role as ProjectRole,
          user,
        })),
      ]),
    );
  }

  private async workspaces(ids: number[]): Promise<Map<number, ProjectWorkspaceFact>> {
    const rows = await this.db
      .selectFrom('workspaces as w')
      .innerJoin('users as u', 'u.id', 'w.owner_id')
      .leftJoin('subscriptions as s', 's.workspace_id', 'w.id')
      .select(PERSON_COLUMNS)
      .select(['w.id as workspace_id', 'w.name as workspace_name', 'w.logo_key', 's.active'])
      .where('w.id', 'in', ids)
      .execute();
    return new Map(
      rows.map(({ workspace_id, workspace_name, logo_key, active, ...owner }) => [
        workspace_id,
        { id: workspace_id, name: workspace_name, logo_key, owner, isActive: active === 1 },
      ]),
    );
  }
}
