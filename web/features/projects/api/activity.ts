import { useInfiniteQuery } from '@tanstack/react-query';
import type { ActivityLog, Pagination } from '@common/api/projects';
import { apiEnvelope } from '@web/api/client';
import { activityKeys } from '@web/api/keys';

/** Entries per page of the activity log view ('Load more' asks for the next). */
export const ACTIVITY_PAGE_SIZE = 30;

export { activityKeys };

export interface ActivityPage {
  entries: ActivityLog[];
  pagination: Pagination | undefined;
}

/** GET /projects/{id}/activity_logs?page=&per_page=: newest first, page after page. */
export function useActivityLogs(projectId: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: activityKeys.list(projectId),
    initialPageParam: 1,
    queryFn: async ({ pageParam }): Promise<ActivityPage> => {
      const query = new URLSearchParams({ page: String(pageParam), per_page: String(ACTIVITY_PAGE_SIZE) });
      const envelope = await apiEnvelope<ActivityLog[], { pagination?: Pagination }>(
        `/projects/${projectId}/activity_logs?${query.toString()}`,
      );
      return { entries: envelope.response, pagination: envelope.meta?.pagination };
    },
    getNextPageParam: (page) =>
      page.pagination && !page.pagination.last_page ? page.pagination.current + 1 : undefined,
    enabled: enabled && projectId > 0,
    staleTime: 10_000,
  });
}
