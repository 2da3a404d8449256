import type { z } from 'zod';
import {
  projectFiltersSchema,
  type Pagination,
  type Project,
  type ProjectFilters,
  type projectListQuerySchema,
} from '@common/api/projects';
import type { ProjectRow } from '../../db/repositories/projects';
import type {
  Direction,
  ProjectListing,
  ProjectListScope,
  ProjectListsRepository,
} from '../../db/repositories/projectLists';
import { invalidRecord } from '../../errors';
import { presentPagination } from '../../presenters/pagination';
import type { ProjectPresenter } from '../../presenters/project';
import type { ProjectsViewOptionsService } from './projectsViewOptions';

export type { ProjectListScope };
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

export const FILTERS_INVALID = 'Filters should be valid JSON of the project filters.';

/**
 * GET /projects/active, /archived and /hidden: the projects the user sees (member, or owner of the
 * workspace), sorted, filtered and paginated by the database; hidden ones only in /hidden.
 */
export class ProjectLists {
  constructor(
    private readonly lists: ProjectListsRepository,
    private readonly presenter: ProjectPresenter,
    private readonly viewOptions: ProjectsViewOptionsService,
  ) {}

  async list(
    userId: number,
    scope: ProjectListScope,
    query: ProjectListQuery,
  ): Promise<{ projects: Project[]; pagination: Pagination }> {
    const listing: ProjectListing = { userId, scope, filters: parseFilters(query.filters), q: query.q };
    const offset = (query.page - 1) * query.per_page;
    const { rows, total } =
      query.sort_by === 'manual'
        ? await this.manualPage(listing, query.sort_order, offset, query.per_page)
        : await this.lists.page(listing, query.sort_by, query.sort_order, query.per_page, offset);
    return {
      projects: await this.presenter.many(rows, userId),
      pagination: presentPagination(query.page, query.per_page, total),
    };
  }

  /** Manual order: the user's saved order, then projects it does not name, newest first. */
  private async manualPage(
    listing: ProjectListing,
    direction: Direction,
    offset: number,
    limit: number,
  ): Promise<{ rows: ProjectRow[]; total: number }> {
    const order = await this.viewOptions.projectsOrder(listing.userId);
    const position = new Map(order.map((id, index) => [id, index]));
    const ids = await this.lists.ids(listing);
    const rank = (id: number) => position.get(id) ?? order.length;
    ids.sort((a, b) => rank(a) - rank(b) || b - a);
    if (direction === 'desc') ids.reverse();
    return { rows: await this.lists.byIds(ids.slice(offset, offset + limit)), total: ids.length };
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
