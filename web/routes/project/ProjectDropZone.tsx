import { PROJECT_TEXTS, type Project } from '@common/api/projects';
import { FileDropZone } from '@web/components/uploads/FileDropZone';
import { uploadStore, useUploadTarget } from '@web/components/uploads/uploads';

/**
 * Project and folder pages are drop zones (projects-side §2): any number of files dropped on the
 * page upload into this project and the open folder. While the page is on screen, the Upload
 * Box's 'Upload Now' sends files here too.
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
  const target = { projectId: project.id, projectName: project.name, folderId, assetId: null };
  useUploadTarget(enabled ? target : null);
  return (
    <FileDropZone
      enabled={enabled}
      label={PROJECT_TEXTS.dropOverlay}
      hint="Images and documents, as many as you like"
      onFiles={(files) => uploadStore.addFiles(files, target)}
    />
  );
}
