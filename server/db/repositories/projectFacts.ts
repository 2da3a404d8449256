import type { Selectable } from 'kysely';
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

  async load(projects: { id: number; workspace_id: number }[], userId: number): Promise<ProjectFacts> {
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
      };
    const [members, states, workspaces, labels, folders, othersActivity] = await Promise.all([
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
    };
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
