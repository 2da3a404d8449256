import { IconPhoto } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useSharedProject } from '@web/api/sharing';
import { usePageBreadcrumbs } from '@web/components/Breadcrumbs/BreadcrumbsContext';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { Page, PageHeader } from '@web/components/page/Page';
import { sharedCrumbs } from './sharedCrumbs';

/** /projects/shared_view/:shareHash/assets/:assetID (filled by the assets issue). */
export function SharedAssetPage() {
  const { shareHash = '', assetID = '' } = useParams();
  const project = useSharedProject(shareHash);
  usePageBreadcrumbs(sharedCrumbs(shareHash, { projectName: project.data?.name, assetID }));
  return (
    <Page>
      <PageHeader title="Shared asset" />
      <EmptyPanel
        testId="shared-asset-empty"
        icon={<IconPhoto size={28} />}
        title="Shared assets are almost here"
        description="The latest round of a shared asset will be viewable here without an account. Assets arrive in an upcoming release."
      />
    </Page>
  );
}
