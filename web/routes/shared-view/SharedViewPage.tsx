import type { ReactNode } from 'react';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconEye, IconPhotoScan } from '@tabler/icons-react';
import { useParams } from 'react-router';
import type { Folder, SharedProject } from '@common/api/projects';
import { useSharedProject } from '@web/features/sharing';
import { usePageBreadcrumbs } from '@web/components/Breadcrumbs/BreadcrumbsContext';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { Page, GRID_PAGE_WIDTH } from '@web/components/page/Page';
import { FolderCollection } from '@web/features/folders';
import { useViewMode, ViewToggle } from '@web/features/projects';
import type { ViewMode } from '@web/features/projects';
import { SharedAssetSection } from './SharedAssetSection';
import { SharedDownloadAll } from './SharedDownloadAll';
import { sharedCrumbs, sharedViewPath } from './sharedCrumbs';
import { SharedLoading, SharedRefusal } from './SharedRefusal';

export const SHARED_VIEW_TEXTS = {
  emptyTitle: 'Nothing shared here yet',
  emptyBody: 'The folders and assets of this project will show up here as the team adds them.',
  folderEmptyBody: 'Images and documents added to this folder will show up here.',
} as const;

/** The shared project's name, who shares it, and what the link allows; `actions` on the right. */
export function SharedHeader({
  project,
  title,
  actions,
}: {
  project: SharedProject;
  title?: string;
  actions?: ReactNode;
}) {
  return (
    <Group gap="lg" wrap="nowrap" mb="xl" align="center">
      {project.cover_url && (
        <img
          src={project.cover_url}
          alt=""
          style={{ width: 96, aspectRatio: '16 / 10', objectFit: 'cover', borderRadius: 10, flexShrink: 0 }}
        />
      )}
      <Stack gap={6} miw={0}>
        <Title order={1} lineClamp={2} style={{ wordBreak: 'break-word' }} data-testid="shared-title">
          {title ?? project.name}
        </Title>
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            Shared by {project.workspace.name}
          </Text>
          <Badge
            variant="light"
            color={project.allows_downloads ? 'teal' : 'gray'}
            radius="sm"
            tt="none"
            leftSection={project.allows_downloads ? <IconDownload size={12} /> : <IconEye size={12} />}
          >
            {project.allows_downloads ? 'Downloads allowed' : 'View only'}
          </Badge>
        </Group>
      </Stack>
      {actions && <Group ml="auto">{actions}</Group>}
    </Group>
  );
}

/** The folders and the assets outside folders; one message when there is neither. */
function SharedContents({ project, mode }: { project: SharedProject; mode: ViewMode }) {
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

/** /projects/shared_view/:shareHash: the project of a public link, for anyone who has it. */
export function SharedViewPage() {
  const { shareHash = '' } = useParams();
  const project = useSharedProject(shareHash);
  const [mode, setMode] = useViewMode();
  // A refused link shows no trail: there is no project to lead back to.
  usePageBreadcrumbs(project.isError ? [] : sharedCrumbs(shareHash, { projectName: project.data?.name }));

  if (project.isPending) return <SharedLoading />;
  if (project.isError)
    return (
      <SharedRefusal shareHash={shareHash} error={project.error} onRetry={() => void project.refetch()} />
    );
  return (
    <Page size={GRID_PAGE_WIDTH}>
      <div data-testid="shared-view">
        <SharedHeader
          project={project.data}
          actions={
            <>
              <SharedDownloadAll project={project.data} />
              <ViewToggle mode={mode} onChange={setMode} />
            </>
          }
        />
        <SharedContents project={project.data} mode={mode} />
      </div>
    </Page>
  );
}
