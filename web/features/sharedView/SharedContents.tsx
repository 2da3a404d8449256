import { Stack, Title } from '@mantine/core';
import { IconPhotoScan } from '@tabler/icons-react';
import type { Folder, SharedProject } from '@common/api/projects';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { FolderCollection } from '@web/features/folders';
import type { ViewMode } from '@web/features/projects';
import { SharedAssetSection } from './SharedAssetSection';
import { sharedViewPath } from './sharedPaths';

export const SHARED_VIEW_TEXTS = {
  emptyTitle: 'Nothing shared here yet',
  emptyBody: 'The folders and assets of this project will show up here as the team adds them.',
  folderEmptyBody: 'Images and documents added to this folder will show up here.',
} as const;

/** The folders and the assets outside folders; one message when there is neither. */
export function SharedContents({ project, mode }: { project: SharedProject; mode: ViewMode }) {
  const base = sharedViewPath(project.share_hash);
  const hasFolders = project.folders.length > 0;
  return (
    <Stack gap="xl">
      {hasFolders && (
        <Stack gap="lg">
          <Title order={2} size="h3">
            Folders
          </Title>
          <FolderCollection
            folders={project.folders}
            mode={mode}
            linkTo={(folder: Folder) => `${base}/folders/${folder.id}`}
          />
        </Stack>
      )}
      <SharedAssetSection
        shareHash={project.share_hash}
        folderId={null}
        mode={mode}
        empty={
          hasFolders ? null : (
            <EmptyPanel
              testId="shared-empty"
              icon={<IconPhotoScan size={28} />}
              title={SHARED_VIEW_TEXTS.emptyTitle}
              description={SHARED_VIEW_TEXTS.emptyBody}
            />
          )
        }
      />
    </Stack>
  );
}
