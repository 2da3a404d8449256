import { IconLink } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { usePageBreadcrumbs } from '@web/components/Breadcrumbs/BreadcrumbsContext';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { Page, PageHeader } from '@web/components/page/Page';
import { sharedCrumbs } from './sharedCrumbs';

/** /projects/shared_view/:shareHash (filled by the sharing issue). */
export function SharedViewPage() {
  const { shareHash = '' } = useParams();
  usePageBreadcrumbs(sharedCrumbs(shareHash));
  return (
    <Page>
      <PageHeader title="Shared project" />
      <EmptyPanel
        testId="shared-empty"
        icon={<IconLink size={28} />}
        title="Shared links are almost here"
        description="When someone shares a project with you, its latest rounds will be viewable here without an account. Sharing arrives in an upcoming release."
      />
    </Page>
  );
}
