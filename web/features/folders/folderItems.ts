import type { Folder } from '@common/api/projects';
import { plural } from '@common/text';

/** A folder holds images and documents: '1 item' or 'N items' (projects-side §3). */
export function folderItemsText(folder: Pick<Folder, 'images_count' | 'documents_count'>): string {
  return plural(folder.images_count + folder.documents_count, 'item');
}
