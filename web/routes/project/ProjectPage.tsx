import type { ReactNode } from 'react';
import { Center, SegmentedControl, VisuallyHidden } from '@mantine/core';
import { IconLayoutGrid, IconList, IconPhotoScan } from '@tabler/icons-react';
import { useParams, useSearchParams } from 'react-router';
import { usePageBreadcrumbs } from '@web/components/Breadcrumbs/BreadcrumbsContext';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { Page, PageHeader } from '@web/components/page/Page';
import { projectCrumbs } from './projectCrumbs';
import { viewModeFrom } from './viewMode';

function ViewLabel({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Center>
      {icon}
      <VisuallyHidden>{text}</VisuallyHidden>
    </Center>
  );
}

/** /projects/:projectID and /projects/:projectID/folders/:folderID (filled by the projects issue). */
export function ProjectPage() {
  const { projectID = '', folderID } = useParams();
  const [params, setParams] = useSearchParams();
  const mode = viewModeFrom(params.get('mode'));
  usePageBreadcrumbs(projectCrumbs({ projectID, folderID }));

  return (
    <Page>
      <PageHeader
        title={folderID ? 'Folder' : 'Project'}
        actions={
          <SegmentedControl
            aria-label="View"
            value={mode}
            onChange={(next) => {
              const updated = new URLSearchParams(params);
              if (next === 'list') updated.set('mode', 'list');
              else updated.delete('mode');
              setParams(updated, { replace: true });
            }}
            data={[
              { value: 'grid', label: <ViewLabel icon={<IconLayoutGrid size={16} />} text="Grid view" /> },
              { value: 'list', label: <ViewLabel icon={<IconList size={16} />} text="List view" /> },
            ]}
          />
        }
      />
      <EmptyPanel
        testId="project-empty"
        icon={<IconPhotoScan size={28} />}
        title="Nothing to review here yet"
        description="Assets, folders and review rounds will show up here once projects are available in an upcoming release."
      />
    </Page>
  );
}
