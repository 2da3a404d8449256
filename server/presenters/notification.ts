import type { Notification, NotificationKind, RelatedObjectType } from '@common/api/notifications';
import type { NotificationWithFacts } from '../db/repositories/notifications';
import { renditionUrl } from './asset';
import { avatarUrl } from './user';

/** The asset's thumbnail, addressed as asset answers address it (thumbnail_url); null without one. */
function thumbnailUrl(row: NotificationWithFacts): string | null {
  if (row.thumbnail_version_id === null || row.thumbnail_key === null) return null;
  return renditionUrl(
    {
      id: row.thumbnail_version_id,
      thumbnail_key: row.thumbnail_key,
      original_key: '',
      tiles_key: null,
      preview_key: null,
      low_res_key: null,
    },
    'thumbnail',
  );
}

/** A notification as its recipient reads it (projects-side §3). */
export function presentNotification(row: NotificationWithFacts): Notification {
  return {
    id: row.id,
    project_id: row.project_id,
    kind: row.kind as NotificationKind,
    title: row.title,
    message: row.message,
    image: thumbnailUrl(row),
    was_read: row.seen_at !== null,
    was_opened: row.opened_at !== null,
    is_pinned: row.pinned_at !== null,
    created_at: row.created_at,
    related_object_type: row.related_object_type as RelatedObjectType,
    related_object: { id: row.related_object_id, parentID: row.related_parent_id },
    relatedObjectUrl: row.url,
    quoted_comment: row.quoted_comment,
    actor:
      row.actor_id !== null && row.actor_name !== null
        ? {
            id: row.actor_id,
            name: row.actor_name,
            avatar_url: avatarUrl({ id: row.actor_id, avatar_key: row.actor_avatar_key }),
          }
        : null,
  };
}
