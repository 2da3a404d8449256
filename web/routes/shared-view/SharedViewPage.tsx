import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconEye, IconPhotoScan } from '@tabler/icons-react';
import { useParams } from 'react-router';
import type { Folder, SharedProject } from '@common/api/projects';
import { useSharedProject } from '@web/api/sharing';
import { usePageBreadcrumbs } from '@web/components/Breadcrumbs/BreadcrumbsContext';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { Page, GRID_PAGE_WIDTH } from '@web/components/page/Page';
import { FolderCollection } from '@web/routes/project/folders/FolderCollection';
import { useViewMode, ViewToggle } from '@web/routes/project/ViewToggle';
import { sharedCrumbs, sharedViewPath } from './sharedCrumbs';
import { SharedLoading, SharedRefusal } from './SharedRefusal';

export const SHARED_VIEW_TEXTS = {
  emptyTitle: 'Nothing shared here yet',
  emptyBody: 'The folders and assets of this project will show up here as the team adds them.',
  folderEmptyBody: 'Images and documents added to this folder will show up here.',
} as const;

/** The shared project's name, who shares it, and what the link allows. */
export function SharedHeader({ project, title }: { project: SharedProject; title?: string }) {
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
    </Group>
  );
}

function SharedFolders({ project }: { project: SharedProject }) {
  const [mode, setMode] = useViewMode();
  const base = sharedViewPath(project.share_hash);
  if (project.folders.length === 0)
    return (
      <EmptyPanel
        testId="shared-empty"
        icon={<IconPhotoScan size={28} />}
        title={SHARED_VIEW_TEXTS.emptyTitle}
        description={SHARED_VIEW_TEXTS.emptyBody}
      />
    );
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Folders
        </Title>
        <ViewToggle mode={mode} onChange={setMode} />
      </Group>
      <FolderCollection
        folders={project.folders}
        mode={mode}
        linkTo={(folder: Folder) => `${base}/folders/${folder.id}`}
      />
      {/* The assets issue lists the shared project's assets outside folders here. */}
    </Stack>
  );
}

/** /projects/shared_view/:shareHash: the project of a public link, for anyone who has it. */
export function SharedViewPage() {
  const { shareHash = '' } = useParams();
  const project = useSharedProject(shareHash);
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
        <SharedHeader project={project.data} />
        <SharedFolders project={project.data} />
      </div>
    </Page>
  );
}
