import type { Folder } from '@common/api/projects';
import { plural } from '@common/text';

/** A folder holds images and documents: '1 item' or 'N items' (projects-side §3). */
export function folderItemsText(folder: Pick<Folder, 'images_count' | 'documents_count'>): string {
  return plural(folder.images_count + folder.documents_count, 'item');
}

/** An empty folder's panel, on the project page and on a shared link's folder alike. */
export const FOLDER_EMPTY_TEXTS = {
  title: 'This folder is empty',
  body: 'Images and documents added to this folder will show up here. Drop files anywhere on this page to upload them.',
} as const;
