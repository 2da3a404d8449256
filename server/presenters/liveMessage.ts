import type { AssetViewer, LiveMessage } from '@common/api/liveEvents';
import type { DomainEvent } from '@common/domainEvents';
import type { AssetViewerRow } from '../db/repositories/assetViewers';
import type { LiveNotificationRow } from '../db/repositories/liveFacts';
import { avatarUrl } from './user';

/**
 * The `data:` lines of the live stream (common/api/liveEvents.ts), serialised once per event and
 * written as they are to every stream that receives them.
 */
export function presentEventMessage(event: DomainEvent & { projectId: number }): string {
  const message: LiveMessage = {
    type: event.type as LiveMessage['type'],
    project_id: event.projectId,
    object_type: event.subject?.type ?? null,
    object_id: event.subject?.id ?? null,
    data: event.data,
  };
  return JSON.stringify(message);
}

/**
 * What a shared view's stream is told of an asset that left the link's reach (moved out of a folder
 * link's folder, or deleted): that it is gone from there, with the name it knew, never where it went.
 */
export function presentGoneMessage(
  event: DomainEvent & { projectId: number },
  asset: { id: number; folderId: number | null },
): string {
  const data = event.data as { name?: unknown };
  const message: LiveMessage = {
    type: 'asset.deleted',
    project_id: event.projectId,
    object_type: 'Asset',
    object_id: asset.id,
    data: { name: typeof data.name === 'string' ? data.name : '', folder_id: asset.folderId },
  };
  return JSON.stringify(message);
}

export function presentNotificationMessage(row: LiveNotificationRow): string {
  const message: LiveMessage = {
    type: 'notification.created',
    project_id: row.project_id,
    object_type: 'Notification',
    object_id: row.id,
    data: { id: row.id, project_id: row.project_id, kind: row.kind },
  };
  return JSON.stringify(message);
}

export function presentViewers(rows: AssetViewerRow[]): AssetViewer[] {
  return rows.map((r) => ({ id: r.id, name: r.name, avatar_url: avatarUrl(r) }));
}

export function presentViewersMessage(projectId: number, assetId: number, viewers: AssetViewer[]): string {
  const message: LiveMessage = {
    type: 'asset.viewers_changed',
    project_id: projectId,
    object_type: 'Asset',
    object_id: assetId,
    data: { asset_id: assetId, viewers },
  };
  return JSON.stringify(message);
}

export function presentAccessRevoked(projectId: number): string {
  const message: LiveMessage = {
    type: 'access.revoked',
    project_id: projectId,
    object_type: 'Project',
    object_id: projectId,
    data: { project_id: projectId },
  };
  return JSON.stringify(message);
}
