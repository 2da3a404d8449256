import { z } from 'zod';
import { ALARM_IDENTIFIERS, type AlarmIdentifier } from './notificationAlarms';

/**
 * Notifications (projects-side §2 panel, §3 entity, §4 states, §7 calls, §9 constants; issue 24):
 * the wire format the panel, the bell and the digests read.
 */

/** §9: notifications page size and first page. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_FIRST_PAGE = 1;
/** The largest `per_page` a caller may ask for. */
export const NOTIFICATIONS_PER_PAGE_MAX = 100;
/** §9: an unseen badge shows at most this number ('99+' beyond). */
export const UNSEEN_BADGE_CAP = 99;
/** §2/§9: the panel's project strip. */
export const STRIP_ITEM_HEIGHT_PX = 71;
export const STRIP_ROUNDING_THRESHOLD_PX = 63;
export const STRIP_ITEMS_WITHOUT_HEIGHT = 4;
export const PANEL_RESIZE_DEBOUNCE_MS = 250;
export const PANEL_OPEN_DELAY_MS = 10;

/** The eight kinds, one per filter of §9 and per alarm of the notification settings. */
export const NOTIFICATION_KINDS = ALARM_IDENTIFIERS;
export type NotificationKind = AlarmIdentifier;

export const NOTIFICATION_TEXTS = {
  panelTitle: (project: string) => `Notifications for ${project}`,
  settingsTitle: 'Notifications Settings',
  sortByPinned: 'Sort by Pinned',
  empty: 'You have no notifications here yet.',
  emptyFiltered: "You don't have any notifications that match the selected filters.",
  suspendedOwnWorkspace: 'The workspace has been suspended.',
  suspendedOwnerWorkspace: 'The workspace that owns this project has been suspended.',
  markAllAsRead: 'Mark all as read',
  mute: 'Mute project',
  unmute: 'Unmute project',
} as const;

export const RELATED_OBJECT_TYPES = ['Asset', 'Project', 'Comment'] as const;
export type RelatedObjectType = (typeof RELATED_OBJECT_TYPES)[number];

/** §3 Notification. `message` may hold one `|highlighted|` segment. */
export const notificationSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  message: z.string(),
  /** The asset's thumbnail URL, or null (the panel shows the project's cover or a typed icon). */
  image: z.string().nullable(),
  /** Seen in the panel (the spec's was_read). */
  was_read: z.boolean(),
  was_opened: z.boolean(),
  is_pinned: z.boolean(),
  created_at: z.string(),
  related_object_type: z.enum(RELATED_OBJECT_TYPES),
  /** A comment carries its root comment as `parentID` (null for a root comment). */
  related_object: z.object({ id: z.number().int(), parentID: z.number().int().nullable() }),
  relatedObjectUrl: z.string(),
  /** The comment or reply quoted under the message, truncated. */
  quoted_comment: z.string().nullable(),
  actor: z.object({ id: z.number().int(), name: z.string(), avatar_url: z.string().nullable() }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Answer meta of a notification page (API.md: `total_pages`, `older_than`). */
export const notificationsMetaSchema = z.object({
  total_pages: z.number().int(),
  /**
   * The cursor of this listing: the pages hold the ids below it. It echoes the `older_than` sent, or
   * on a first page asked without one is the newest id + 1 (null when there is none); send it back
   * with the next pages, so notifications arriving meanwhile neither repeat nor push items out.
   */
  older_than: z.number().int().nullable(),
  /** The caller's unseen notifications of this project (or of all their projects, for GET /notifications: the bell's dot). */
  unseen_count: z.number().int(),
});
export type NotificationsMeta = z.infer<typeof notificationsMetaSchema>;

/** GET /projects/{id}/notifications and GET /notifications. */
export const notificationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(NOTIFICATIONS_FIRST_PAGE),
  per_page: z.coerce.number().int().min(1).max(NOTIFICATIONS_PER_PAGE_MAX).default(NOTIFICATIONS_PAGE_SIZE),
  /** Only notifications with a smaller id: a cursor that stays stable while new ones arrive. */
  older_than: z.coerce.number().int().positive().optional(),
  filter_type: z.enum(NOTIFICATION_KINDS).optional(),
  /** 'pinned': pinned first, then newest first. */
  sorted: z.enum(['pinned']).optional(),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

/** POST /mark_notifications_as_read: one project's, or every project's when absent. */
export const markNotificationsReadSchema = z.object({
  project_id: z.number().int().positive().optional(),
});

/**
 * PUT /projects/{id}/notifications/mute: the caller mutes or unmutes the project (its notifications
 * and e-mails stop; mentions still come). The project answer's `notifications_muted` tells it.
 */
export const muteNotificationsSchema = z.object({ muted: z.boolean() });

/**
 * The query parameter of an asset page's address that names the comment thread to make active: a
 * comment's notification links to `/projects/{p}/assets/{a}?comment_id={root}` (the root comment of
 * a reply, the comment itself otherwise). A task's links to `/projects/{p}?open_tasks_panel`.
 */
export const ACTIVE_COMMENT_PARAM = 'comment_id';

/** How much of a comment or task the item quotes (the quoted comment) at most. */
export const QUOTED_COMMENT_MAX = 80;

/** GET /projects/{id}/notifications and GET /notifications: the items and their meta. */
export const notificationsPageSchema = z.object({
  response: z.array(notificationSchema),
  meta: notificationsMetaSchema,
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

/** POST /mark_notifications_as_read: how many were marked and what stays unseen (the bell). */
export const markedReadSchema = z.object({ marked: z.number().int(), unseen_count: z.number().int() });

/**
 * A message split into its plain and highlighted parts: the text between a pair of pipes is
 * highlighted (projects-side §2). Names put into a message never carry a pipe (`withoutPipes`), so
 * only the pipes the server placed delimit; a lone pipe left open reads as plain text.
 */
export function messageSegments(message: string): { text: string; highlighted: boolean }[] {
  const parts = message.split('|');
  const segments: { text: string; highlighted: boolean }[] = [];
  const push = (text: string, highlighted: boolean) => {
    if (text === '') return;
    const last = segments[segments.length - 1];
    if (last && last.highlighted === highlighted) last.text += text;
    else segments.push({ text, highlighted });
  };
  parts.forEach((part, i) => {
    const closed = i % 2 === 1 && i < parts.length - 1;
    if (i % 2 === 1 && !closed) push(`|${part}`, false);
    else push(part, closed);
  });
  return segments;
}

/** A name as it goes into a message: its pipes become broken bars, so they cannot open a highlight. */
export function withoutPipes(text: string): string {
  return text.replace(/\|/g, '\u00a6');
}

/**
 * The suspended overlay of the panel (§2) reads the project answer's `workspace.is_active`: false
 * means suspended. 'The workspace has been suspended.' when the caller owns that workspace
 * (`workspace.owner_id` is theirs), 'The workspace that owns this project has been suspended.'
 * otherwise.
 */
export function suspendedText(workspace: { is_active: boolean; owner_id: number }, userId: number) {
  if (workspace.is_active) return null;
  return workspace.owner_id === userId
    ? NOTIFICATION_TEXTS.suspendedOwnWorkspace
    : NOTIFICATION_TEXTS.suspendedOwnerWorkspace;
}

/** The number shown on a badge: at most UNSEEN_BADGE_CAP, '99+' beyond. */
export function unseenBadgeText(count: number): string {
  return count > UNSEEN_BADGE_CAP ? `${UNSEEN_BADGE_CAP}+` : String(count);
}
