import { Button } from '@mantine/core';
import { IconPhotoQuestion } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { ASSET_TEXTS } from '@common/api/assets';
import { sharedRefusal, useSharedProject } from '@web/features/sharing';
import { usePageBreadcrumbs } from '@web/components/Breadcrumbs/BreadcrumbsContext';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { Page } from '@web/components/page/Page';
import {
  sharedAssetPath,
  SharedAssetViewer,
  sharedPlace,
  SharedLoading,
  SharedRefusal,
  sharedViewPath,
  usePrefetchNeighbours,
  useReviewGuest,
  useSharedAsset,
} from '@web/features/sharedView';
import { sharedCrumbs } from './sharedCrumbs';

/** The link works but this asset is not in its project (deleted, or never there). */
function SharedAssetNotFound({ shareHash }: { shareHash: string }) {
  return (
    <Page size={720}>
      <EmptyPanel
        testId="shared-asset-not-found"
        icon={<IconPhotoQuestion size={28} />}
        title={ASSET_TEXTS.notFoundTitle}
        description={ASSET_TEXTS.notFound}
      >
        <Button component={Link} to={sharedViewPath(shareHash)} variant="default">
          Back to the project
        </Button>
      </EmptyPanel>
    </Page>
  );
}

/** /projects/shared_view/:shareHash/assets/:assetID: one asset of the shared project, latest round. */
export function SharedAssetPage() {
  const { shareHash = '', assetID = '' } = useParams();
  const navigate = useNavigate();
  const project = useSharedProject(shareHash);
  const asset = useSharedAsset(shareHash, Number(assetID));
  const guest = useReviewGuest(shareHash);
  usePrefetchNeighbours(shareHash, asset.data);
  const place = project.data ? sharedPlace(project.data) : undefined;
  // A folder or a selection link has no folder level: its root is what it shares.
  const folderId = place?.folderCrumbs ? (asset.data?.folder_id ?? null) : null;
  const folder = folderId === null ? undefined : project.data?.folders.find((f) => f.id === folderId);
  usePageBreadcrumbs(
    project.isError
      ? []
      : sharedCrumbs(shareHash, {
          projectName: place?.title,
          folder: folderId === null ? undefined : { id: folderId, name: folder?.name },
          asset: { id: assetID, name: asset.data?.name },
        }),
  );

  if (project.isError)
    return (
      <SharedRefusal shareHash={shareHash} error={project.error} onRetry={() => void project.refetch()} />
    );
  // Until the link itself answers, a refused asset says nothing about why.
  if (project.isPending) return <SharedLoading />;
  if (asset.isError && sharedRefusal(asset.error) === 'not_found')
    return <SharedAssetNotFound shareHash={shareHash} />;
  if (asset.isError)
    return <SharedRefusal shareHash={shareHash} error={asset.error} onRetry={() => void asset.refetch()} />;
  if (!asset.data) return <SharedLoading />;
  return (
    <SharedAssetViewer
      asset={asset.data}
      showComments={project.data.shows_comments}
      review={guest ? { shareHash, guest } : null}
      onOpen={(id) => void navigate(sharedAssetPath(shareHash, id))}
    />
  );
}
