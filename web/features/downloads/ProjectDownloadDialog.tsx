import { useProject } from '@web/features/projects';
import { DownloadAssetsDialog } from './DownloadAssetsDialog';

/** 'Download Project' from the project page's header: the whole project, its folders included. */
export function ProjectDownloadDialog({
  projectId,
  opened,
  onClose,
}: {
  projectId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const project = useProject(projectId).data;
  return (
    <DownloadAssetsDialog
      projectId={projectId}
      place={opened && project ? { name: project.name, folderId: null } : null}
      onClose={onClose}
    />
  );
}
