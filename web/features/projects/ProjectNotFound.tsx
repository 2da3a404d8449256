import { Button } from '@mantine/core';
import { IconFolderQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { Page } from '@web/components/page/Page';

export const NOT_FOUND_TEXTS = {
  projectTitle: 'Project not found',
  projectBody:
    'This project does not exist, or you are not a member of it. It may have been deleted, or your access may have been removed.',
  folderTitle: 'Folder not found',
  folderBody: 'This folder does not exist anymore. Someone in the project may have deleted it.',
} as const;

/** A project the user may not see (404 from the server), or an address that is no project. */
export function ProjectNotFound() {
  return (
    <Page>
      <EmptyPanel
        testId="project-not-found"
        icon={<IconFolderQuestion size={28} />}
        title={NOT_FOUND_TEXTS.projectTitle}
        description={NOT_FOUND_TEXTS.projectBody}
      >
        <Button component={Link} to="/projects">
          Go to projects
        </Button>
      </EmptyPanel>
    </Page>
  );
}

/** A folder of a project the user sees, gone or never there. */
export function FolderNotFound({ projectTo }: { projectTo: string }) {
  return (
    <EmptyPanel
      testId="folder-not-found"
      icon={<IconFolderQuestion size={28} />}
      title={NOT_FOUND_TEXTS.folderTitle}
      description={NOT_FOUND_TEXTS.folderBody}
    >
      <Button component={Link} to={projectTo} variant="default">
        Back to the project
      </Button>
    </EmptyPanel>
  );
}
