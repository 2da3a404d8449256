import { useEffect, useSyncExternalStore } from 'react';
import type { UploadTarget } from '@common/uploads/uploadRecord';
import { startTransfer } from './tusTransfer';
import { UploadStore, type UploadSnapshot } from './uploadStore';

/** The page's one upload store: uploads go on while the user moves between pages. */
export const uploadStore = new UploadStore(startTransfer);

export function useUploads(): UploadSnapshot {
  return useSyncExternalStore(uploadStore.subscribe, uploadStore.getSnapshot);
}

/**
 * While the calling page is on screen, 'Upload Now' in the Upload Box sends files to this
 * project (and folder). Pass null when the user may not upload here.
 */
export function useUploadTarget(target: UploadTarget | null): void {
  const projectId = target?.projectId ?? null;
  const projectName = target?.projectName ?? '';
  const folderId = target?.folderId ?? null;
  const assetId = target?.assetId ?? null;
  useEffect(() => {
    if (projectId === null) return;
    uploadStore.setContextTarget({ projectId, projectName, folderId, assetId });
    return () => uploadStore.setContextTarget(null);
  }, [projectId, projectName, folderId, assetId]);
}
