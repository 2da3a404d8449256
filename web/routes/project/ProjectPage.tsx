import { Group, Skeleton, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { useProject, ProjectNotFound, projectCrumbs } from '@web/features/projects';
import { usePageBreadcrumbs } from '@web/components/Breadcrumbs/BreadcrumbsContext';
import { LoadError } from '@web/components/page/LoadError';
import { Page, GRID_PAGE_WIDTH } from '@web/components/page/Page';
import { FolderSkeletons } from '@web/features/folders';
import { ProjectView } from './ProjectView';

/** An id from the URL, or null when it is no positive whole number. */
function idFrom(text: string | undefined): number | null {
  if (!text || !/^\d+$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

/** While the project loads, the trail names the levels by their ids. */
function ProjectSkeleton({ projectID, folderID }: { projectID: string; folderID: string | undefined }) {
  usePageBreadcrumbs(projectCrumbs({ projectID, folderID }));
  return (
    <Page size={GRID_PAGE_WIDTH}>
      <Stack gap="xl" data-testid="project-loading">
        <Group justify="space-between">
          <Stack gap={10}>
            <Skeleton height={28} width={320} />
            <Skeleton height={12} width={200} />
          </Stack>
          <Group gap="sm">
            <Skeleton height={36} width={96} />
            <Skeleton height={36} width={96} />
            <Skeleton height={36} width={96} />
          </Group>
        </Group>
        <FolderSkeletons />
      </Stack>
    </Page>
  );
}

/**
 * /projects/:projectID (?mode=list) and /projects/:projectID/folders/:folderID. A project the user
 * may not see answers 404 and reads 'Project not found'.
 */
export function ProjectPage() {
  const params = useParams();
  const projectId = idFrom(params.projectID);
  const folderId = params.folderID === undefined ? null : idFrom(params.folderID);
  const project = useProject(projectId ?? 0);

  if (projectId === null || (params.folderID !== undefined && folderId === null)) return <ProjectNotFound />;
  if (project.isPending)
    return <ProjectSkeleton projectID={params.projectID ?? ''} folderID={params.folderID} />;
  if (project.isError) {
    const status = (project.error as { status?: number }).status;
    if (status === 404 || status === 403) return <ProjectNotFound />;
    return (
      <Page size={GRID_PAGE_WIDTH}>
        <LoadError onRetry={() => void project.refetch()} />
      </Page>
    );
  }
  return <ProjectView project={project.data} folderId={folderId} />;
}
