import { Button, List, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconRocket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { Page, PageHeader } from '@web/components/page/Page';

/** /user/workspaces/new: where 'Create my Workspace' leads until workspaces exist. */
export function CreateWorkspacePage() {
  return (
    <Page size={840} align="start">
      <PageHeader title="Create my Workspace" />
      <EmptyPanel
        testId="create-workspace-soon"
        icon={<IconRocket size={28} />}
        title="Workspaces arrive soon"
        description={
          <>
            <Text size="sm" c="dimmed" mb="md">
              A workspace holds your team's projects. With the next release you will be able to:
            </Text>
            <List
              size="sm"
              spacing={6}
              ta="left"
              icon={
                <ThemeIcon size={18} radius="xl" variant="light" color="teal">
                  <IconCheck size={12} />
                </ThemeIcon>
              }
            >
              <List.Item>start with a free trial and pick a plan</List.Item>
              <List.Item>invite members and collaborators</List.Item>
              <List.Item>create projects and share them by link</List.Item>
            </List>
          </>
        }
      >
        <Button variant="default" component={Link} to="/user/profile">
          Back to my account
        </Button>
      </EmptyPanel>
    </Page>
  );
}
