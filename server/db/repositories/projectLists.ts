import { sql, type SelectQueryBuilder } from 'kysely';
import type { ProjectFilters, ProjectSort } from '@common/api/projects';
import type { Db } from '../database';
import type { Database } from '../schema';
import type { ProjectRow } from './projects';
import { hasNewAssets } from './assetNews';

export type ProjectListScope = 'active' | 'archived' | 'hidden';
export type Direction = 'asc' | 'desc';

/** Which projects a list holds: the caller's, in one scope, filtered and searched. */
export interface ProjectListing {
  userId: number;
  scope: ProjectListScope;
  filters: ProjectFilters;
  q?: string | undefined;
}

type Listing = SelectQueryBuilder<
  Database & {
    p: Database['projects'];
    w: Database['workspaces'];
    me: Database['project_members'];
    st: Database['project_user_states'];
  },
  'p' | 'w' | 'me' | 'st',
  object
>;

const opposite = (d: Direction): Direction => (d === 'asc' ? 'desc' : 'asc');

/** `%text%` for LIKE, with the pattern characters of the text itself escaped. */
const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The project lists (GET /projects/active, /archived, /hidden): the projects the user sees (member,
 * or owner of the workspace), sorted, filtered and paginated by the database; hidden ones only in
 * /hidden.
 */
export class ProjectListsRepository {
  constructor(private readonly db: Db) {}

  /** One page in a sort of §9 and the number of projects in the list, in one query. */
  async page(
    listing: ProjectListing,
    sort: Exclude<ProjectSort, 'manual'>,
    direction: Direction,
    limit: number,
    offset: number,
  ): Promise<{ rows: ProjectRow[]; total: number }> {
    const found = await sorted(
      this.filtered(listing)
        .selectAll('p')
        .select(sql<number | string>`count(*) over ()`.as('list_total')),
      sort,
      direction,
    )
      .limit(limit)
      .offset(offset)
      .execute();
    // Past the last page no row carries the count.
    const total = found[0] ? Number(found[0].list_total) : offset > 0 ? await this.count(listing) : 0;
    return { rows: found.map(({ list_total: _, ...row }) => row), total };
  }

  async count(listing: ProjectListing): Promise<number> {
    const { n } = await this.filtered(listing)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** The ids of the whole list, in no particular order (the manual order is applied by the caller). */
  async ids(listing: ProjectListing): Promise<number[]> {
    return (await this.filtered(listing).select('p.id').execute()).map((r) => r.id);
  }

  /** Project rows by id, in the order of `ids`. */
  async byIds(ids: number[]): Promise<ProjectRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('projects').selectAll().where('id', 'in', ids).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  private filtered({ userId, scope, filters, q }: ProjectListing): Listing {
    let listing = this.db
      .selectFrom('projects as p')
      .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
      .leftJoin('project_members as me', (join) =>
        join.onRef('me.project_id', '=', 'p.id').on('me.user_id', '=', userId),
      )
      .leftJoin('project_user_states as st', (join) =>
        join.onRef('st.project_id', '=', 'p.id').on('st.user_id', '=', userId),
      )
      .where((eb) => eb.or([eb('me.id', 'is not', null), eb('w.owner_id', '=', userId)]));
    if (scope === 'hidden') listing = listing.where('st.hidden_at', 'is not', null);
    else listing = listing.where('p.status', '=', scope).where('st.hidden_at', 'is', null);
    if (filters.priority) listing = listing.where('p.rush_priority_set_at', 'is not', null);
    if (filters.new_assets) listing = listing.where(hasNewAssets(userId, 'p', 'st'));
    if (filters.unresolved_comments) listing = listing.where('p.unresolved_comments_count', '>', 0);
    if (filters.role) listing = listing.where('me.role', '=', filters.role);
    const labelId = filters.label_id;
    if (labelId !== undefined)
      listing = listing.where((eb) =>
        eb.exists(
          eb
            .selectFrom('project_labels as pl')
            .select('pl.label_id')
            .whereRef('pl.project_id', '=', 'p.id')
            .where('pl.label_id', '=', labelId),
        ),
      );
    if (q) {
      const pattern = contains(q);
      listing = listing.where((eb) =>
        eb.or([
          eb(sql`p.name_key`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(p.client_name)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    return listing;
  }
}

/**
 * The sort orders of §9, ties by id. Priority ascending puts flagged projects first, the most
 * recently flagged first, then the rest by last activity, newest first; descending reverses it.
 * Projects without a client name come last either way.
 */
function sorted<O>(
  query: SelectQueryBuilder<Database & { p: Database['projects'] }, 'p', O>,
  sort: Exclude<ProjectSort, 'manual'>,
  d: Direction,
) {
  switch (sort) {
    case 'name':
      query = query.orderBy('p.name_key', d);
      break;
    case 'created_at':
      query = query.orderBy('p.created_at', d);
      break;
    case 'last_activity_at':
      query = query.orderBy('p.last_activity_at', d);
      break;
    case 'client_name':
      query = query
        .orderBy(sql`case when p.client_name is null or p.client_name = '' then 1 else 0 end`)
        .orderBy(sql`lower(p.client_name)`, d);
      break;
    case 'unresolved_comments':
      query = query.orderBy('p.unresolved_comments_count', d);
      break;
    case 'priority':
      query = query
        .orderBy(sql`case when p.rush_priority_set_at is null then 1 else 0 end`, d)
        .orderBy('p.rush_priority_set_at', opposite(d))
        .orderBy('p.last_activity_at', opposite(d));
      break;
  }
  return query.orderBy('p.id', d);
}
