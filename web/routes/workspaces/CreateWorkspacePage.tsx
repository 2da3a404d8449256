import { useEffect, useRef } from 'react';
import { Button, Center, List, Loader, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconRocket } from '@tabler/icons-react';
import { Navigate, useSearchParams } from 'react-router';
import { useSignedInUser } from '@web/features/account';
import { ownedWorkspace, useMyWorkspaces, workspacePath } from '@web/features/workspaces';
import { usePlanFlow } from '@web/features/billing';
import { EmptyPanel } from '@web/components/page/EmptyPanel';
import { Page, PageHeader, SETTINGS_PAGE_WIDTH } from '@web/components/page/Page';

/** `lp_price_id`: the price a landing page chose, an integer. */
export function landingPriceId(value: string | null): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
}

/**
 * /user/workspaces/new (`?lp_price_id=` from a landing page opens that price's checkout), behind 'Create my Workspace': the plan modal opens at once; choosing the
 * Pro Plan starts a free trial, another plan goes through checkout. A user who already owns a
 * workspace is taken to it.
 */
export function CreateWorkspacePage() {
  const user = useSignedInUser();
  const workspaces = useMyWorkspaces();
  const { openPlans } = usePlanFlow();
  const owned = ownedWorkspace(workspaces.data, user?.id);
  const opened = useRef(false);
  const ready = workspaces.isSuccess && !owned;
  const [search] = useSearchParams();
  const landingPrice = landingPriceId(search.get('lp_price_id'));

  useEffect(() => {
    if (!ready || opened.current) return;
    opened.current = true;
    openPlans(null, landingPrice);
  }, [ready, openPlans, landingPrice]);

  if (owned) return <Navigate to={workspacePath(owned.id, 'plan')} replace />;
  if (!workspaces.isSuccess)
    return (
      <Center py={120}>
        <Loader role="status" aria-label="Loading workspaces" />
      </Center>
    );

  return (
    <Page size={SETTINGS_PAGE_WIDTH} align="start">
      <PageHeader title="Create my Workspace" />
      <EmptyPanel
        testId="create-workspace"
        icon={<IconRocket size={28} />}
        title="Choose a plan for your workspace"
        description={
          <>
            <Text size="sm" c="dimmed" mb="md">
              A workspace holds your team's projects. Start with a free trial of the Pro Plan, no card needed,
              or choose a paid plan right away.
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
              <List.Item>create projects and review assets with your team</List.Item>
              <List.Item>invite members and unlimited collaborators</List.Item>
              <List.Item>add storage and seats as you grow</List.Item>
            </List>
          </>
        }
      >
        <Button onClick={() => openPlans(null)}>See Plans</Button>
      </EmptyPanel>
    </Page>
  );
}
