import { Stack, Title } from '@mantine/core';
import { IconPhotoScan } from '@tabler/icons-react';
import type { Folder } from '@common/api/projects';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { FolderCollection } from '@web/features/folders';
import type { ViewMode } from '@web/features/projects';
import type { SharedProject } from '@common/api/projects';
import { SharedAssetSection } from './SharedAssetSection';
import { sharedViewPath } from './sharedPaths';
import { sharedPlace } from './sharedScope';

export const SHARED_VIEW_TEXTS = {
  emptyTitle: 'Nothing shared here yet',
  emptyBody: 'The folders and assets of this project will show up here as the team adds them.',
  folderEmptyTitle: 'This folder is empty',
  folderEmptyBody: 'Images and documents added to this folder will show up here.',
  selectionEmptyTitle: 'Nothing to see here',
  selectionEmptyBody: 'The assets shared by this link are no longer in the project.',
} as const;

/** What the root says when it has no assets (and no folders), by what the link reaches. */
function emptyTexts(project: SharedProject): { title: string; body: string } {
  switch (project.link.scope) {
    case 'project':
      return { title: SHARED_VIEW_TEXTS.emptyTitle, body: SHARED_VIEW_TEXTS.emptyBody };
    case 'folder':
      return { title: SHARED_VIEW_TEXTS.folderEmptyTitle, body: SHARED_VIEW_TEXTS.folderEmptyBody };
    case 'assets':
      return { title: SHARED_VIEW_TEXTS.selectionEmptyTitle, body: SHARED_VIEW_TEXTS.selectionEmptyBody };
  }
}

/**
 * The root of a link: a project link's folders and the assets outside folders; a folder link's
 * folder's assets; a selection link's assets. One message when there is nothing.
 */
export function SharedContents({ project, mode }: { project: SharedProject; mode: ViewMode }) {
  const base = sharedViewPath(project.share_hash);
  const hasFolders = sharedPlace(project).listsFolders && project.folders.length > 0;
  const empty = emptyTexts(project);
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
              title={empty.title}
              description={empty.body}
            />
          )
        }
      />
    </Stack>
  );
}
