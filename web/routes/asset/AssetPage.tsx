import { IconMessageCircle } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { usePageBreadcrumbs } from '@web/components/Breadcrumbs/BreadcrumbsContext';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { Page, PageHeader } from '@web/components/page/Page';
import { projectCrumbs } from '../project/projectCrumbs';
import { AssetRoundDropZone, UploadRoundButton } from './AssetRoundDropZone';

/** /projects/:projectID/assets/:assetID (filled by the asset review issue). */
export function AssetPage() {
  const { projectID = '', assetID = '' } = useParams();
  usePageBreadcrumbs(projectCrumbs({ projectID, assetID }));
  const ids = { projectId: Number(projectID) || 0, assetId: Number(assetID) || 0 };
  return (
    <Page>
      <PageHeader title="Asset" actions={<UploadRoundButton {...ids} />} />
      <EmptyPanel
        testId="asset-empty"
        icon={<IconMessageCircle size={28} />}
        title="Asset review is on its way"
        description="Rounds, comments with markup and approvals for this asset will appear here in an upcoming release."
      />
      <AssetRoundDropZone {...ids} />
    </Page>
  );
}
