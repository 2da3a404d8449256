import { Button } from '@mantine/core';
import { IconFolders, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { Page, PageHeader } from '@web/components/page/Page';

/** /projects: the project list (filled by the projects issue). */
export function ProjectsPage() {
  return (
    <Page>
      <PageHeader title="Projects" description="Everything you are reviewing, in one place." />
      <EmptyPanel
        testId="projects-empty"
        icon={<IconFolders size={28} />}
        title="No projects yet"
        description="Projects you create or are invited to will appear here. Creating projects arrives together with workspaces in an upcoming release."
      >
        <Button
          variant="default"
          component={Link}
          to="/user/profile"
          leftSection={<IconSettings size={16} />}
        >
          Review your settings
        </Button>
      </EmptyPanel>
    </Page>
  );
}
