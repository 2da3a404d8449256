import { useQueryClient } from '@tanstack/react-query';
import { PROJECT_TEXTS, type Project } from '@common/api/projects';
import type { UploadTarget } from '@common/uploads/uploadRecord';
import { UPLOAD_BOX_TEXTS } from '@common/uploads/uploadTexts';
import { listedAssets } from '@web/features/assets';
import { FileDropZone, type DropSpot, uploadStore, useUploadTarget } from '@web/features/uploads';

/**
 * Project and folder pages are drop zones (projects-side §2): any number of files dropped on the
 * page upload into this project and the open folder. One file dropped on an asset's tile (or row)
 * is offered as its next round, as on the asset page ('Upload new round of asset'), asked about
 * first when it is of another file type. While the page is on screen, the Upload Box's 'Upload
 * Now' sends files here too.
 */
export function ProjectDropZone({
  project,
  folderId,
  enabled,
}: {
  project: Project;
  folderId: number | null;
  enabled: boolean;
}) {
  const queryClient = useQueryClient();
  const target = { projectId: project.id, projectName: project.name, folderId, assetId: null };
  useUploadTarget(enabled ? target : null);

  function spotAt(element: EventTarget | null, files: number): DropSpot | null {
    if (files !== 1 || !(element instanceof Element)) return null;
    const cell = element.closest<HTMLElement>('[data-asset-cell][data-asset-id]');
    const id = Number(cell?.dataset.assetId);
    const asset = listedAssets(queryClient, project.id, new Set([id])).get(id);
    if (!cell || !asset) return null;
    const round: UploadTarget = {
      projectId: project.id,
      projectName: project.name,
      folderId: asset.folder_id,
      assetId: asset.id,
      replaces: { assetName: asset.name, fileName: asset.current_version.file_name },
    };
    return {
      element: cell,
      label: UPLOAD_BOX_TEXTS.dropToRound,
      hint: asset.name,
      onFiles: (dropped) => uploadStore.addFiles(dropped, round),
    };
  }

  return (
    <FileDropZone
      enabled={enabled}
      label={PROJECT_TEXTS.dropOverlay}
      hint="Images and documents, as many as you like. One file on an asset becomes its next round."
      onFiles={(files) => uploadStore.addFiles(files, target)}
      spotAt={spotAt}
    />
  );
}
