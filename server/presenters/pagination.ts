import type { Pagination } from '@common/api/projects';

/** meta.pagination of a paginated collection (API.md); `pages` is 0 for an empty collection. */
export function presentPagination(page: number, perPage: number, totalCount: number): Pagination {
  const pages = Math.ceil(totalCount / perPage);
  return {
    current: page,
    pages,
    total_count: totalCount,
    first_page: page === 1,
    last_page: page >= pages,
  };
}
