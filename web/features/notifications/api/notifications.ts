import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Notification, NotificationsMeta } from '@common/api/notifications';
import type { Project } from '@common/api/projects';
import { api, apiEnvelope } from '@web/api/client';
import { notificationKeys, projectKeys } from '@web/api/keys';
import { patchCachedProject } from '@web/features/projects';
import {
  FIRST_PAGE,
  nextPageParam,
  notificationsPath,
  type NotificationListParams,
  type NotificationPage,
} from '../notificationPages';

export function listKey(projectId: number, params: NotificationListParams) {
  return [...notificationKeys.project(projectId), params.filter ?? 'all', params.pinnedFirst] as const;
}

/**
 * One project's notifications, page after page (page size 20, first page 1, §9). Later pages send
 * back the first page's `older_than`, so notifications arriving while the user scrolls neither
 * repeat an item nor push one out of the list.
 */
export function useProjectNotifications(projectId: number | null, params: NotificationListParams) {
  return useInfiniteQuery({
    queryKey: listKey(projectId ?? 0, params),
    initialPageParam: FIRST_PAGE,
    queryFn: async ({ pageParam, signal }): Promise<NotificationPage> => {
      const envelope = await apiEnvelope<Notification[], NotificationsMeta>(
        notificationsPath(projectId ?? 0, params, pageParam),
        { signal },
      );
      const meta = envelope.meta ?? { total_pages: 1, older_than: null, unseen_count: 0 };
      return { items: envelope.response, meta };
    },
    getNextPageParam: nextPageParam,
    enabled: projectId !== null,
    staleTime: 5_000,
  });
}

/** Whether anything is unseen, in any project: the bell's dot (GET /notifications' meta). */
export function useUnseenNotifications(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.unseen,
    queryFn: async () => {
      const envelope = await apiEnvelope<Notification[], NotificationsMeta>('/notifications?per_page=1');
      return envelope.meta?.unseen_count ?? 0;
    },
    enabled,
    staleTime: 15_000,
  });
}

/** The cached notification lists under `queryKey` get the same change to the items `which` picks. */
function patchCachedNotifications(
  queryClient: QueryClient,
  queryKey: readonly unknown[],
  which: (item: Notification) => boolean,
  patch: Partial<Notification>,
) {
  queryClient.setQueriesData<InfiniteData<NotificationPage>>({ queryKey }, (data) =>
    data && Array.isArray(data.pages)
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (which(item) ? { ...item, ...patch } : item)),
          })),
        }
      : data,
  );
}

/** Every cached notification list gets the same change to one item. */
function patchCachedNotification(queryClient: QueryClient, id: number, patch: Partial<Notification>) {
  patchCachedNotifications(queryClient, notificationKeys.all, (item) => item.id === id, patch);
}

/**
 * POST /mark_notifications_as_read: one project's (leaving the panel or switching project) or every
 * project's ('Mark all as read'). Badges and the bell go dark at once; the lists are read again.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: number | null) =>
      api<{ marked: number; unseen_count: number }>('/mark_notifications_as_read', {
        method: 'POST',
        body: projectId === null ? {} : { project_id: projectId },
      }),
    onSuccess: async (answer, projectId) => {
      if (projectId !== null) patchCachedProject(queryClient, projectId, { unseen_notifications_count: 0 });
      queryClient.setQueryData(notificationKeys.unseen, answer.unseen_count);
      const lists = projectId === null ? notificationKeys.all : notificationKeys.project(projectId);
      // Seen at once where they are cached (the panel opened again shows no stale marks), then read again.
      patchCachedNotifications(queryClient, lists, () => true, { was_read: true });
      await queryClient.invalidateQueries({
        queryKey: lists,
        predicate: (query) => query.queryKey[1] !== 'unseen',
      });
      if (projectId === null) await queryClient.invalidateQueries({ queryKey: projectKeys.lists });
    },
  });
}

/**
 * Pins or unpins an item: shown at once, put back when the call fails. A list sorted pinned first
 * is read again, since the item changes place.
 */
export function usePinNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ notification, pinned }: { notification: Notification; pinned: boolean }) =>
      api<Notification>(
        `/notifications/${notification.id}/${pinned ? 'mark_as_pinned' : 'unmark_as_pinned'}`,
        {
          method: 'POST',
        },
      ),
    onMutate: ({ notification, pinned }) =>
      patchCachedNotification(queryClient, notification.id, { is_pinned: pinned }),
    onError: (_error, { notification }) =>
      patchCachedNotification(queryClient, notification.id, { is_pinned: notification.is_pinned }),
    onSuccess: async (answer, { notification }) => {
      patchCachedNotification(queryClient, notification.id, { is_pinned: answer.is_pinned });
      await queryClient.invalidateQueries({
        queryKey: notificationKeys.project(notification.project_id),
        predicate: (query) => query.queryKey[4] === true,
      });
    },
  });
}

/** POST /notifications/{id}/opened: the item's open is recorded (and it is seen). */
export function useOpenNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notification: Notification) =>
      api<Notification>(`/notifications/${notification.id}/opened`, { method: 'POST' }),
    onSuccess: (answer) =>
      patchCachedNotification(queryClient, answer.id, {
        was_opened: answer.was_opened,
        was_read: answer.was_read,
      }),
  });
}

/** PUT /projects/{id}/notifications/mute: the caller mutes or unmutes the project (mentions still come). */
export function useMuteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, muted }: { projectId: number; muted: boolean }) =>
      api<Project>(`/projects/${projectId}/notifications/mute`, { method: 'PUT', body: { muted } }),
    onMutate: ({ projectId, muted }) =>
      patchCachedProject(queryClient, projectId, { notifications_muted: muted }),
    onError: (_error, { projectId, muted }) =>
      patchCachedProject(queryClient, projectId, { notifications_muted: !muted }),
    onSuccess: (project) => patchCachedProject(queryClient, project.id, project),
  });
}
