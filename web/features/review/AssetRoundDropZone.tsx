import { can } from '@common/projectRoles';
import type { UploadTarget } from '@common/uploads/uploadRecord';
import { UPLOAD_BOX_TEXTS } from '@common/uploads/uploadTexts';
import { useAsset } from '@web/features/assets';
import { useProject, actorOf } from '@web/features/projects';
import { FileDropZone, UploadFilesButton, uploadStore, useUploadTarget } from '@web/features/uploads';

/**
 * Who may add a round here, and where the round goes: null until both are known. It names the
 * current round's file, so one of another type is asked about first.
 */
function useRoundTarget(projectId: number, assetId: number): UploadTarget | null {
  const project = useProject(projectId);
  const asset = useAsset(assetId);
  if (!project.data || !asset.data || !can(actorOf(project.data), 'assets.upload')) return null;
  return {
    projectId,
    projectName: project.data.name,
    folderId: asset.data.folder_id,
    assetId,
    replaces: { assetName: asset.data.name, fileName: asset.data.current_version.file_name },
  };
}

/**
 * The asset page is a drop zone for its next round (projects-side §2): the overlay reads
 * 'Upload new round of asset' and exactly one file is taken. 'Upload Now' in the Upload Box adds
 * files beside the asset (its project and folder).
 */
export function AssetRoundDropZone({ projectId, assetId }: { projectId: number; assetId: number }) {
  const target = useRoundTarget(projectId, assetId);
  useUploadTarget(target && { ...target, assetId: null });
  if (!target) return null;
  return (
    <FileDropZone
      enabled
      label={UPLOAD_BOX_TEXTS.dropToRound}
      hint="One file: it becomes the next round"
      onFiles={(files) => uploadStore.addFiles(files, target)}
    />
  );
}

/** The keyboard's way to the same thing: pick one file as the next round. */
export function UploadRoundButton({ projectId, assetId }: { projectId: number; assetId: number }) {
  const target = useRoundTarget(projectId, assetId);
  if (!target) return null;
  return <UploadFilesButton target={target} label="Upload New Round" variant="default" />;
}
