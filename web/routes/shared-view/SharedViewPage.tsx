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
  sharedPlace,
} from '@web/features/sharedView';
import { sharedCrumbs } from './sharedCrumbs';

/**
 * /projects/shared_view/:shareHash: what a link opens, for anyone who has it: the project, one
 * folder's assets, or a selection of assets (the link says which).
 */
export function SharedViewPage() {
  const { shareHash = '' } = useParams();
  const project = useSharedProject(shareHash);
  const [mode, setMode] = useViewMode();
  // A refused link shows no trail: there is no project to lead back to.
  const place = project.data ? sharedPlace(project.data) : undefined;
  usePageBreadcrumbs(project.isError ? [] : sharedCrumbs(shareHash, { projectName: place?.title }));

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
          title={place?.title}
          context={place?.context}
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
