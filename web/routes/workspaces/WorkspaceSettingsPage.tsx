import { Button } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { Page, PageHeader } from '@web/components/page/Page';

/** /user/workspaces/:id/:section? (filled by the workspaces issue). */
export function WorkspaceSettingsPage() {
  return (
    <Page size={840} align="start">
      <PageHeader title="Workspace settings" />
      <EmptyPanel
        testId="workspace-empty"
        icon={<IconBuildingCommunity size={28} />}
        title="Workspaces are coming soon"
        description="Plans, billing, members and projects of a workspace will be managed here in an upcoming release."
      >
        <Button variant="default" component={Link} to="/user/profile">
          Back to my account
        </Button>
      </EmptyPanel>
    </Page>
  );
}
