import { useState } from 'react';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconPhotoScan } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { Folder, Project } from '@common/api/projects';
import { can } from '@common/projectRoles';
import { truncate } from '@common/text';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { UploadFilesButton } from '@web/features/uploads';
import { actorOf, canDownloadProject, ViewToggle } from '@web/features/projects';
import { AssetBrowser } from '@web/features/assets';
import type { ViewMode } from '@web/features/projects';
import {
  FOLDER_EMPTY_TEXTS,
  FOLDER_NAME_MAX,
  FolderDialogs,
  folderItemsText,
  FolderMenu,
  type FolderDialog,
} from '@web/features/folders';
import { ProjectHeader } from './ProjectHeader';
import type { ProjectPanel } from './useProjectPanels';

/** Above a folder's name: its project, one click back. */
export function BackToProject({ project }: { project: Project }) {
  return (
    <Anchor
      component={Link}
      to={`/projects/${project.id}`}
      size="sm"
      c="dimmed"
      w="fit-content"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      <IconChevronLeft size={14} />
      {truncate(project.name, FOLDER_NAME_MAX)}
    </Anchor>
  );
}

/** /projects/{id}/folders/{folderID}: the folder's count, its actions, and (assets issue) its assets. */
export function FolderContent({
  project,
  folder,
  mode,
  onModeChange,
  onOpen,
}: {
  project: Project;
  folder: Folder;
  mode: ViewMode;
  onModeChange: (mode: ViewMode) => void;
  onOpen: (panel: ProjectPanel) => void;
}) {
  const navigate = useNavigate();
  const actor = actorOf(project);
  const [dialog, setDialog] = useState<FolderDialog>(null);
  const count = folder.images_count + folder.documents_count;
  const upload = can(actor, 'assets.upload') && (
    <UploadFilesButton
      target={{ projectId: project.id, projectName: project.name, folderId: folder.id, assetId: null }}
    />
  );

  return (
    <Stack gap="lg">
      <ProjectHeader
        project={project}
        title={folder.name}
        eyebrow={<BackToProject project={project} />}
        titleAction={
          <FolderMenu
            folder={folder}
            canRename={can(actor, 'folders.edit')}
            canDownload={canDownloadProject(actor)}
            canDelete={can(actor, 'folders.destroy')}
            canShare={can(actor, 'projects.share')}
            onRename={() => setDialog({ kind: 'rename', folder })}
            onDownload={() => setDialog({ kind: 'download', folder })}
            onShare={() => setDialog({ kind: 'share', folder })}
            onDelete={() => setDialog({ kind: 'delete', folders: [folder] })}
          />
        }
        facts={
          <Text c="dimmed" size="sm" data-testid="folder-items">
            {folderItemsText(folder)}
          </Text>
        }
        onOpen={onOpen}
      />
      <Group justify="flex-end" mih={36} gap="sm">
        {count > 0 && upload}
        <ViewToggle mode={mode} onChange={onModeChange} />
      </Group>
      {count > 0 && <AssetBrowser project={project} folderId={folder.id} mode={mode} />}
      {count === 0 && (
        <EmptyPanel
          testId="folder-empty"
          icon={<IconPhotoScan size={28} />}
          title={FOLDER_EMPTY_TEXTS.title}
          description={FOLDER_EMPTY_TEXTS.body}
        >
          {upload}
        </EmptyPanel>
      )}
      <FolderDialogs
        projectId={project.id}
        dialog={dialog}
        onClose={() => setDialog(null)}
        onDeleted={() => void navigate(`/projects/${project.id}`, { replace: true })}
      />
    </Stack>
  );
}
