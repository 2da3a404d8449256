import { z } from 'zod';
import { NOTIFICATION_KINDS } from './notifications';

/**
 * The live stream (issue 24 item 5, API.md 'Real time'): the wire contract between the server's
 * `GET /api/v1/events` and the web app's live client.
 *
 * `GET /api/v1/events` answers `text/event-stream`: for the signed-in user (session cookie), or, with
 * `?share_hash=…`, for an anonymous shared view (401 without a session and without a share hash; a
 * link that is unknown, revoked, expired or still locked answers as the shared calls do: 404 / 403).
 * Each message is
 *
 * ```
 * id: <domain event id>          (absent on presence messages: they are not replayed)
 * event: <type>                  (one of LIVE_MESSAGE_TYPES)
 * data: {"type","project_id","object_type","object_id","data"}
 * ```
 *
 * Comment lines (`: ping`) are heartbeats every LIVE_HEARTBEAT_SECONDS. The stream opens with
 * `retry: LIVE_RETRY_MS`. A client that reconnects with `Last-Event-ID` (EventSource does it by itself)
 * first receives every event after that id it may see, then the live ones: no gap, no duplicate.
 * When the caller loses a project (removed from it, left it, the link revoked or changed) the server
 * sends `access.revoked` and closes the stream; EventSource reconnects, and the new stream carries
 * only what the caller may still see (a shared view whose link is gone gets 404 and stops).
 */
export const LIVE_EVENTS_PATH = '/events';
export const LIVE_HEARTBEAT_SECONDS = 15;
export const LIVE_RETRY_MS = 3000;

/** Domain events forwarded to project members (each to those whose role may see its resource). */
export const LIVE_DOMAIN_EVENT_TYPES = [
  'comment.created',
  'comment.replied',
  'comment.edited',
  'comment.completed',
  'comment.reopened',
  'comment.deleted',
  'comment.carried_over',
  'asset.uploaded',
  'asset.round_uploaded',
  'asset.round_deleted',
  'asset.round_processed',
  'asset.renamed',
  'asset.deleted',
  'asset.moved',
  'asset.approved',
  'asset.unapproved',
  'asset.decided',
  'asset.flagged',
  'asset.unflagged',
  'asset.labeled',
  'asset.unlabeled',
  'assets.reordered',
  'task.created',
  'task.updated',
  'task.completed',
  'task.reopened',
  'folder.created',
  'folder.renamed',
  'folder.deleted',
  'label.created',
  'label.renamed',
  'label.recolored',
  'label.deleted',
  'labels.reordered',
  'project.renamed',
  'project.updated',
  'project.archived',
  'project.activated',
  'project.deleted',
  'project.flagged',
  'project.unflagged',
  'project.cover_changed',
  'project.cover_removed',
  'project.ownership_transferred',
  'project.moved_to_workspace',
  'project.shared',
  'project.share_changed',
  'project.share_revoked',
  'member.joined',
  'member.removed',
  'member.left',
] as const;
export type LiveDomainEventType = (typeof LIVE_DOMAIN_EVENT_TYPES)[number];

/**
 * What a shared view's stream may carry (only of the latest round; comment messages only while the
 * link's 'Show comments' is on, and only those on the asset's latest round).
 */
export const SHARED_LIVE_EVENT_TYPES = [
  'comment.created',
  'comment.replied',
  'comment.edited',
  'comment.completed',
  'comment.reopened',
  'comment.deleted',
  'asset.uploaded',
  'asset.round_uploaded',
  'asset.round_deleted',
  'asset.round_processed',
  'asset.renamed',
  'asset.deleted',
  'asset.moved',
  'assets.reordered',
  'folder.created',
  'folder.renamed',
  'folder.deleted',
  'project.renamed',
  'project.updated',
] as const satisfies readonly LiveDomainEventType[];

/** Messages the server makes itself (not domain events). */
export const LIVE_OWN_MESSAGE_TYPES = [
  'notification.created',
  'asset.viewers_changed',
  'access.revoked',
] as const;
export type LiveOwnMessageType = (typeof LIVE_OWN_MESSAGE_TYPES)[number];

export const LIVE_MESSAGE_TYPES = [...LIVE_DOMAIN_EVENT_TYPES, ...LIVE_OWN_MESSAGE_TYPES] as const;
export type LiveMessageType = (typeof LIVE_MESSAGE_TYPES)[number];

/**
 * The `data:` of every message. For a domain event: `object_type`/`object_id` are its subject
 * ('Comment', 'Asset', 'Task', 'Folder', 'Project', 'Label', 'ProjectMember', …, or null) and `data`
 * its payload (common/domainEvents.ts).
 */
export const liveMessageSchema = z.object({
  type: z.enum(LIVE_MESSAGE_TYPES),
  project_id: z.number().int(),
  object_type: z.string().nullable(),
  object_id: z.number().int().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type LiveMessage = z.infer<typeof liveMessageSchema>;

/**
 * `notification.created`, to its recipient only, right after the event it was made from (same
 * `id:`); object_type 'Notification', object_id the notification's id. Read the notification through
 * the notification calls.
 */
export const notificationCreatedDataSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
});
export type NotificationCreatedData = z.infer<typeof notificationCreatedDataSchema>;

/** `access.revoked`: sent just before the server closes the stream; object_type 'Project'. */
export const accessRevokedDataSchema = z.object({ project_id: z.number().int() });

/* ---------------------------------------------------------------- presence */

/**
 * Presence: who is looking at an asset. The asset page calls `PUT /api/v1/assets/{id}/viewers`
 * when it opens and every PRESENCE_HEARTBEAT_SECONDS while it stays open, and
 * `DELETE /api/v1/assets/{id}/viewers` when it closes. Both answer `{"response": [viewer, …]}`, the
 * asset's current viewers (the caller included on PUT, left out after DELETE), earliest first. A viewer
 * not heard from for PRESENCE_TTL_SECONDS is gone. Every change (someone arrives, leaves or expires)
 * sends `asset.viewers_changed` to the streams of the project's members who see assets (the caller's
 * own streams too: the client leaves itself out of the avatars). Same access as any asset call: 404
 * for an asset the caller may not see. Not sent to shared views, never replayed (no `id:`).
 */
export const PRESENCE_HEARTBEAT_SECONDS = 20;
export const PRESENCE_TTL_SECONDS = 50;
export const assetViewersPath = (assetId: number) => `/assets/${assetId}/viewers`;

export const assetViewerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar_url: z.string().nullable(),
});
export type AssetViewer = z.infer<typeof assetViewerSchema>;

/** The answer of PUT and DELETE /assets/{id}/viewers (inside the envelope's `response`). */
export const assetViewersSchema = z.array(assetViewerSchema);

/** `asset.viewers_changed`: object_type 'Asset', object_id the asset. */
export const assetViewersChangedDataSchema = z.object({
  asset_id: z.number().int(),
  viewers: assetViewersSchema,
});
export type AssetViewersChangedData = z.infer<typeof assetViewersChangedDataSchema>;

/** The typed `data` of the server's own messages, by type. */
export const LIVE_OWN_MESSAGE_DATA = {
  'notification.created': notificationCreatedDataSchema,
  'asset.viewers_changed': assetViewersChangedDataSchema,
  'access.revoked': accessRevokedDataSchema,
} as const satisfies Record<LiveOwnMessageType, z.ZodType>;
