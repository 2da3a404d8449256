import type { Folder } from '@common/api/projects';
import type { FolderRow } from '../db/repositories/folders';

/** What a folder holds, for its card: counts and at most 3 preview addresses. */
export interface FolderContentsSummary {
  images_count: number;
  documents_count: number;
  previews_urls: string[];
}

/** Until the assets issue fills folders, every folder is empty. */
export const EMPTY_FOLDER: FolderContentsSummary = { images_count: 0, documents_count: 0, previews_urls: [] };

/** The one shape of a folder; `viewerId` is null for an anonymous viewer of a shared link. */
export function presentFolder(
  row: FolderRow,
  viewerId: number | null,
  contents: FolderContentsSummary = EMPTY_FOLDER,
): Folder {
  return {
    id: row.id,
    name: row.name,
    organizer_id: row.project_id,
    images_count: contents.images_count,
    documents_count: contents.documents_count,
    previews_urls: contents.previews_urls.slice(0, 3),
    current_user_is_owner: viewerId !== null && row.created_by_id === viewerId,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
