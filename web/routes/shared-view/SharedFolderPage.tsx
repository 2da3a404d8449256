import { IconPhotoScan } from '@tabler/icons-react';
import { Navigate, useParams } from 'react-router';
import { sharedRefusal, useSharedFolder, useSharedProject } from '@web/features/sharing';
import { usePageBreadcrumbs } from '@web/components/Breadcrumbs/BreadcrumbsContext';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { Page, GRID_PAGE_WIDTH } from '@web/components/page/Page';
import { FOLDER_EMPTY_TEXTS } from '@web/features/folders';
import { FolderNotFound, useViewMode, ViewToggle } from '@web/features/projects';
import {
  SHARED_VIEW_TEXTS,
  SharedAssetSection,
  SharedDownloadAll,
  SharedHeader,
  SharedLoading,
  SharedRefusal,
  sharedPlace,
  sharedViewPath,
} from '@web/features/sharedView';
import { sharedCrumbs } from './sharedCrumbs';

/** /projects/shared_view/:shareHash/folders/:folderID: one folder of the shared project. */
export function SharedFolderPage() {
  const { shareHash = '', folderID = '' } = useParams();
  const folderId = Number(folderID);
  const project = useSharedProject(shareHash);
  const folder = useSharedFolder(shareHash, folderId);
  const [mode, setMode] = useViewMode();
  usePageBreadcrumbs(
    sharedCrumbs(shareHash, {
      projectName: project.data?.name,
      folder: { id: folderID, name: folder.data?.name },
    }),
  );

  if (project.isError)
    return (
      <SharedRefusal shareHash={shareHash} error={project.error} onRetry={() => void project.refetch()} />
    );
  // A folder or a selection link lists no folders: its root is what it shares.
  if (project.data && !sharedPlace(project.data).listsFolders)
    return <Navigate to={sharedViewPath(shareHash)} replace />;
  // The link works but this folder is gone: say so and lead back to the shared project.
  if (project.data && folder.isError && sharedRefusal(folder.error) === 'not_found')
    return (
      <Page size={GRID_PAGE_WIDTH}>
        <FolderNotFound projectTo={sharedViewPath(shareHash)} />
      </Page>
    );
  if (folder.isError)
    return <SharedRefusal shareHash={shareHash} error={folder.error} onRetry={() => void folder.refetch()} />;
  if (!project.data || !folder.data) return <SharedLoading />;
  return (
    <Page size={GRID_PAGE_WIDTH}>
      <div data-testid="shared-folder">
        <SharedHeader
          project={project.data}
          title={folder.data.name}
          actions={
            <>
              <SharedDownloadAll project={project.data} folderId={folder.data.id} />
              <ViewToggle mode={mode} onChange={setMode} />
            </>
          }
        />
        <SharedAssetSection
          shareHash={shareHash}
          folderId={folder.data.id}
          mode={mode}
          empty={
            <EmptyPanel
              testId="shared-folder-empty"
              icon={<IconPhotoScan size={28} />}
              title={FOLDER_EMPTY_TEXTS.title}
              description={SHARED_VIEW_TEXTS.folderEmptyBody}
            />
          }
        />
      </div>
    </Page>
  );
}
