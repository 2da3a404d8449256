import { Button } from '@mantine/core';
import { IconPhotoX } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import { ASSET_TEXTS } from '@common/api/assets';
import { useAsset, isAssetGone, assetPath } from '@web/features/assets';
import { useFolder } from '@web/features/folders';
import { useProject, projectCrumbs } from '@web/features/projects';
import { usePageBreadcrumbs } from '@web/components/Breadcrumbs/BreadcrumbsContext';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { LoadError } from '@web/components/page/LoadError';
import { Page } from '@web/components/page/Page';
import { AssetReview, AssetRoundDropZone, AssetViewSkeleton } from '@web/features/review';

const idFrom = (text: string) => (/^\d{1,12}$/.test(text) ? Number(text) : 0);

/** 'Asset Not Found' (§8) in place of the view, with the way back to the project. */
function AssetNotFound({ projectTo }: { projectTo: string }) {
  return (
    <Page>
      <EmptyPanel
        testId="asset-not-found"
        icon={<IconPhotoX size={28} />}
        title={ASSET_TEXTS.notFoundTitle}
        description={ASSET_TEXTS.notFound}
      >
        <Button component={Link} to={projectTo}>
          Back to the project
        </Button>
      </EmptyPanel>
    </Page>
  );
}

/**
 * /projects/:projectID/assets/:assetID: the asset view (projects-side §2 "Asset view"). The page
 * is also the drop zone for the asset's next round.
 */
export function AssetPage() {
  const { projectID = '', assetID = '' } = useParams();
  const projectId = idFrom(projectID);
  const assetId = idFrom(assetID);
  const asset = useAsset(assetId);
  const project = useProject(projectId);
  const folderId = asset.data?.folder_id ?? null;
  const folder = useFolder(projectId, folderId ?? 0);
  usePageBreadcrumbs(
    projectCrumbs(
      { projectID, folderID: folderId === null ? undefined : String(folderId), assetID },
      { project: project.data?.name, folder: folder.data?.name, asset: asset.data?.name },
    ),
  );
  const projectTo = `/projects/${projectID}`;

  if (assetId === 0 || isAssetGone(asset.error)) return <AssetNotFound projectTo={projectTo} />;
  if (asset.error)
    return (
      <Page>
        <LoadError onRetry={() => void asset.refetch()} />
      </Page>
    );
  if (!asset.data || !project.data) return <AssetViewSkeleton />;
  // An old link naming another project: the asset's own address.
  if (asset.data.project_id !== projectId) return <Navigate to={assetPath(asset.data)} replace />;
  return (
    <>
      <AssetReview
        key={asset.data.id}
        asset={asset.data}
        project={project.data}
        back={
          folderId === null
            ? { to: projectTo, label: project.data.name }
            : { to: `${projectTo}/folders/${folderId}`, label: folder.data?.name ?? 'the folder' }
        }
      />
      <AssetRoundDropZone projectId={projectId} assetId={assetId} />
    </>
  );
}
