import { useEffect } from 'react';
import { Loader } from '@mantine/core';
import type { Project } from '@common/api/projects';
import { can } from '@common/projectRoles';
import { isApiError } from '@web/api/client';
import { useFolder } from '@web/features/folders';
import {
  BackToProject,
  FolderContent,
  ProjectFolders,
  ProjectHeader,
  useProjectPanels,
} from '@web/features/projectPage';
import {
  useMarkProjectSeen,
  actorOf,
  FolderNotFound,
  projectCrumbs,
  useViewMode,
} from '@web/features/projects';
import { usePageBreadcrumbs } from '@web/components/Breadcrumbs/BreadcrumbsContext';
import { LoadError } from '@web/components/page/LoadError';
import { Page, GRID_PAGE_WIDTH } from '@web/components/page/Page';
import { ProjectDropZone } from './ProjectDropZone';

/** A loaded project: its header, its folders or the open folder, its dialogs and the drop zone. */
export function ProjectView({ project, folderId }: { project: Project; folderId: number | null }) {
  const [mode, setMode] = useViewMode();
  const { open, panels } = useProjectPanels(project.id);
  const folder = useFolder(project.id, folderId ?? 0);
  const { mutate: markSeen } = useMarkProjectSeen();
  const projectTo = `/projects/${project.id}`;

  // Opening the project clears its 'New' and 'New Activity' marks for this user.
  useEffect(() => markSeen(project.id), [project.id, markSeen]);

  usePageBreadcrumbs(
    projectCrumbs(
      { projectID: String(project.id), folderID: folderId ? String(folderId) : undefined },
      { project: project.name, folder: folder.data?.name },
    ),
  );

  let content;
  if (folderId === null)
    content = (
      <>
        <ProjectHeader project={project} title={project.name} downloadable onOpen={open} />
        <ProjectFolders project={project} mode={mode} onModeChange={setMode} />
      </>
    );
  else if (folder.data)
    content = (
      <FolderContent
        project={project}
        folder={folder.data}
        mode={mode}
        onModeChange={setMode}
        onOpen={open}
      />
    );
  else {
    let state = <Loader role="status" mx="auto" my="xl" display="block" aria-label="Loading folder" />;
    if (folder.isError && isApiError(folder.error) && folder.error.status === 404)
      state = <FolderNotFound projectTo={projectTo} />;
    else if (folder.isError) state = <LoadError onRetry={() => void folder.refetch()} />;
    content = (
      <>
        <ProjectHeader
          project={project}
          title={folder.isError ? project.name : '…'}
          eyebrow={<BackToProject project={project} />}
          onOpen={open}
        />
        {state}
      </>
    );
  }

  return (
    <Page size={GRID_PAGE_WIDTH}>
      <div data-testid="project-page" data-project-id={project.id}>
        {content}
      </div>
      <ProjectDropZone
        project={project}
        folderId={folderId}
        enabled={can(actorOf(project), 'assets.upload')}
      />
      {panels}
    </Page>
  );
}
