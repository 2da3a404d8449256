import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconFolderPlus, IconPhotoScan } from '@tabler/icons-react';
import type { Folder, Project } from '@common/api/projects';
import { can } from '@common/projectRoles';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { UploadFilesButton } from '@web/features/uploads';
import { LoadError } from '@web/components/page/LoadError';
import { actorOf, canDownloadProject, ViewToggle } from '@web/features/projects';
import { AssetBrowser, useAssetPlaceEmpty } from '@web/features/assets';
import type { ViewMode } from '@web/features/projects';
import {
  FolderCollection,
  FolderDialogs,
  FolderMenu,
  FolderSelectionBar,
  FolderSkeletons,
  useFolders,
  type FolderDialog,
  type FolderManagement,
} from '@web/features/folders';

export const PROJECT_EMPTY_TEXTS = {
  title: 'This project is empty',
  body: 'Drop images and documents anywhere on this page to upload them, or create folders to organise the work under review.',
  viewerBody: 'Nothing has been added to this project yet. What the team adds will show up here.',
} as const;

export const folderPath = (folder: Folder) => `/projects/${folder.organizer_id}/folders/${folder.id}`;

/** The root of a project page: its folders, and below them (assets issue) its loose assets. */
export function ProjectFolders({
  project,
  mode,
  onModeChange,
}: {
  project: Project;
  mode: ViewMode;
  onModeChange: (mode: ViewMode) => void;
}) {
  const folders = useFolders(project.id);
  // The same query as the assets below: the panel says 'empty' only once both lists are known.
  const rootAssets = useAssetPlaceEmpty(project.id, null);
  const actor = actorOf(project);
  const canAdd = can(actor, 'folders.add');
  const canRename = can(actor, 'folders.edit');
  const canDelete = can(actor, 'folders.destroy');
  const canDownload = canDownloadProject(actor);
  const canShare = can(actor, 'projects.share');
  const [dialog, setDialog] = useState<FolderDialog>(null);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const list = folders.data ?? [];
  // A folder someone else deleted drops out of the selection.
  const selected = new Set(list.filter((f) => picked.has(f.id)).map((f) => f.id));

  function toggle(id: number) {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setPicked(next);
  }

  const manage: FolderManagement | undefined =
    canRename || canDownload || canDelete || canShare
      ? {
          picking: canRename || canDelete ? { selected, toggle } : undefined,
          menuFor: (folder: Folder) => (
            <FolderMenu
              folder={folder}
              canRename={canRename}
              canDownload={canDownload}
              canDelete={canDelete}
              canShare={canShare}
              onRename={() => setDialog({ kind: 'rename', folder })}
              onDownload={() => setDialog({ kind: 'download', folder })}
              onShare={() => setDialog({ kind: 'share', folder })}
              onDelete={() => setDialog({ kind: 'delete', folders: [folder] })}
            />
          ),
        }
      : undefined;

  const newFolder = canAdd && (
    <Button
      variant="default"
      leftSection={<IconFolderPlus size={16} />}
      onClick={() => setDialog({ kind: 'create' })}
    >
      New Folder
    </Button>
  );
  const upload = can(actor, 'assets.upload') && (
    <UploadFilesButton
      target={{ projectId: project.id, projectName: project.name, folderId: null, assetId: null }}
    />
  );
  const empty = folders.isSuccess && list.length === 0 && rootAssets === 'empty';

  return (
    <Stack gap="lg">
      {!empty && (
        <Group justify="space-between" mih={36}>
          {selected.size > 0 && canDelete ? (
            <FolderSelectionBar
              count={selected.size}
              onDelete={() => setDialog({ kind: 'delete', folders: list.filter((f) => selected.has(f.id)) })}
              onClear={() => setPicked(new Set())}
            />
          ) : list.length === 0 && folders.isSuccess ? (
            // No folders yet, only assets: the buttons stay, a 'Folders 0' heading would be noise.
            <span />
          ) : (
            <Group gap="xs" align="baseline">
              <Title order={2} size="h3">
                Folders
              </Title>
              {folders.isSuccess && (
                <Text c="dimmed" size="sm">
                  {list.length}
                </Text>
              )}
            </Group>
          )}
          <Group gap="sm">
            {upload}
            {newFolder}
            <ViewToggle mode={mode} onChange={onModeChange} />
          </Group>
        </Group>
      )}
      {folders.isPending && <FolderSkeletons />}
      {folders.isError && <LoadError onRetry={() => void folders.refetch()} />}
      {empty && (
        <EmptyPanel
          testId="project-empty"
          icon={<IconPhotoScan size={28} />}
          title={PROJECT_EMPTY_TEXTS.title}
          description={canAdd ? PROJECT_EMPTY_TEXTS.body : PROJECT_EMPTY_TEXTS.viewerBody}
        >
          {upload}
          {newFolder}
        </EmptyPanel>
      )}
      {list.length > 0 && <FolderCollection folders={list} mode={mode} linkTo={folderPath} manage={manage} />}
      <AssetBrowser project={project} folderId={null} mode={mode} />
      <FolderDialogs
        projectId={project.id}
        dialog={dialog}
        onClose={() => setDialog(null)}
        onDeleted={() => setPicked(new Set())}
      />
    </Stack>
  );
}
