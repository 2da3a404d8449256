import { useParams } from 'react-router';
import { useSharedProject } from '@web/features/sharing';
import { usePageBreadcrumbs } from '@web/components/Breadcrumbs/BreadcrumbsContext';
import { Page, GRID_PAGE_WIDTH } from '@web/components/page/Page';
import { useViewMode, ViewToggle } from '@web/features/projects';
import {
  SharedContents,
  SharedDownloadAll,
  SharedHeader,
  SharedLoading,
  SharedRefusal,
} from '@web/features/sharedView';
import { sharedCrumbs } from './sharedCrumbs';

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
