import { sql, type SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import {
  projectFiltersSchema,
  type Pagination,
  type Project,
  type ProjectFilters,
  type projectListQuerySchema,
  type ProjectSort,
} from '@common/api/projects';
import type { Db } from '../db/database';
import type { ProjectRow } from '../db/repositories/projects';
import type { Database } from '../db/schema';
import { invalidRecord } from '../errors';
import { presentPagination } from '../presenters/pagination';
import type { ProjectPresenter } from '../presenters/project';
import type { ProjectsViewOptionsService } from './projectsViewOptions';

export type ProjectListScope = 'active' | 'archived' | 'hidden';
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;
type Direction = 'asc' | 'desc';
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

export const FILTERS_INVALID = 'Filters should be valid JSON of the project filters.';

const opposite = (d: Direction): Direction => (d === 'asc' ? 'desc' : 'asc');

/** `%text%` for LIKE, with the pattern characters of the text itself escaped. */
const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /projects/active, /archived and /hidden: the projects the user sees (member, or owner of the
 * workspace), sorted, filtered and paginated by the database; hidden ones only in /hidden.
 */
export class ProjectLists {
  constructor(
    private readonly db: Db,
    private readonly presenter: ProjectPresenter,
    private readonly viewOptions: ProjectsViewOptionsService,
  ) {}

  async list(
    userId: number,
    scope: ProjectListScope,
    query: ProjectListQuery,
  ): Promise<{ projects: Project[]; pagination: Pagination }> {
    const filtered = this.filtered(userId, scope, parseFilters(query.filters), query.q);
    const { n } = await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const total = Number(n);
    const offset = (query.page - 1) * query.per_page;
    const rows =
      query.sort_by === 'manual'
        ? await this.manualPage(userId, filtered, query.sort_order, offset, query.per_page)
        : await sorted(filtered.selectAll('p'), query.sort_by, query.sort_order)
            .limit(query.per_page)
            .offset(offset)
            .execute();
    return {
      projects: await this.presenter.many(rows, userId),
      pagination: presentPagination(query.page, query.per_page, total),
    };
  }

  private filtered(userId: number, scope: ProjectListScope, filters: ProjectFilters, q?: string): Listing {
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
    // No project has new assets before the assets issue adds them.
    if (filters.new_assets) listing = listing.where(sql<boolean>`1 = 0`);
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

  /** Manual order: the user's saved order, then projects it does not name, newest first. */
  private async manualPage(
    userId: number,
    filtered: Listing,
    direction: Direction,
    offset: number,
    limit: number,
  ): Promise<ProjectRow[]> {
    const order = await this.viewOptions.projectsOrder(userId);
    const position = new Map(order.map((id, index) => [id, index]));
    const ids = (await filtered.select('p.id').execute()).map((r) => r.id);
    const rank = (id: number) => position.get(id) ?? order.length;
    ids.sort((a, b) => rank(a) - rank(b) || b - a);
    if (direction === 'desc') ids.reverse();
    const page = ids.slice(offset, offset + limit);
    if (page.length === 0) return [];
    const rows = await this.db.selectFrom('projects').selectAll().where('id', 'in', page).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return page.flatMap((id) => byId.get(id) ?? []);
  }
}

export function parseFilters(text: string | undefined): ProjectFilters {
  if (!text) return {};
  try {
    const parsed = projectFiltersSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // falls through to the refusal below
  }
  throw invalidRecord({ filters: [FILTERS_INVALID] });
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
