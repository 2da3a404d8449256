import {
  NOTIFICATIONS_FIRST_PAGE,
  NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type NotificationKind,
  type NotificationsMeta,
} from '@common/api/notifications';

/** What one project's list is asked with: one kind or all, and pinned first or not. */
export interface NotificationListParams {
  filter: NotificationKind | null;
  pinnedFirst: boolean;
}

export interface NotificationPage {
  items: Notification[];
  meta: NotificationsMeta;
}

/** The page asked for, and the cursor of the listing (the first page's `older_than`, sent back). */
export interface PageParam {
  page: number;
  olderThan: number | null;
}

export const FIRST_PAGE: PageParam = { page: NOTIFICATIONS_FIRST_PAGE, olderThan: null };

/** GET /projects/{id}/notifications for one page (page size 20, §9). */
export function notificationsPath(projectId: number, params: NotificationListParams, at: PageParam): string {
  const query = new URLSearchParams({ page: String(at.page), per_page: String(NOTIFICATIONS_PAGE_SIZE) });
  if (at.olderThan !== null) query.set('older_than', String(at.olderThan));
  if (params.filter) query.set('filter_type', params.filter);
  if (params.pinnedFirst) query.set('sorted', 'pinned');
  return `/projects/${projectId}/notifications?${query.toString()}`;
}

/**
 * The page after `lastParam`, while there is one: it carries the first page's `older_than`, so
 * notifications arriving while the user scrolls neither repeat an item nor push one out.
 */
export function nextPageParam(
  last: NotificationPage,
  pages: NotificationPage[],
  lastParam: PageParam,
): PageParam | undefined {
  if (lastParam.page >= last.meta.total_pages || last.items.length === 0) return undefined;
  return { page: lastParam.page + 1, olderThan: lastParam.olderThan ?? pages[0]?.meta.older_than ?? null };
}

/** The project the panel opens on: the one on screen, else the first with news, else the first. */
export function openingProject(
  projects: readonly { id: number; unseen_notifications_count: number }[],
  onScreen: number | null,
): number | null {
  if (onScreen !== null && projects.some((p) => p.id === onScreen)) return onScreen;
  return (projects.find((p) => p.unseen_notifications_count > 0) ?? projects[0])?.id ?? null;
}
