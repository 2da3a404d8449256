import { Badge, Center, Group, Loader, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertCircleFilled } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { Workspace } from '@common/api/workspaces';
import type { WorkspaceState } from '@common/workspaceState';
import {
  forgetWorkspace,
  refreshWorkspaces,
  useWorkspace,
  useWorkspaceState,
  isWorkspaceAccessError,
  planTag,
  workspaceDisplayName,
  WorkspaceLogo,
  workspacePath,
  type WorkspaceSection,
} from '@web/features/workspaces';
import { LoadError } from '@web/components/page/LoadError';
import { Page, SETTINGS_PAGE_WIDTH } from '@web/components/page/Page';
import { WorkspaceBillingTab } from './billing/WorkspaceBillingTab';
import { GeneralTab } from './general/GeneralTab';
import { MembersTab } from './members/MembersTab';
import { WorkspacePlanTab } from './plan/WorkspacePlanTab';
import { ProjectsTab } from './projects/ProjectsTab';
import { defaultSection, visibleSection, workspaceTabs } from './sections';

export const PLAN_WARNING_LABEL = 'This workspace needs your attention';

function parseId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** /user/workspaces/{id}/{section}: a workspace's settings, with the tabs the user's role allows. */
export function WorkspaceSettingsPage() {
  const { workspaceID, section } = useParams();
  const id = parseId(workspaceID);
  const query = useWorkspace(id ?? undefined);
  const state = useWorkspaceState(query.data);
  const location = useLocation();

  // Not a workspace the user belongs to (or not a workspace at all): back to the profile (§2).
  if (id === null) return <Navigate to="/user/profile" replace />;
  if (isWorkspaceAccessError(query.error)) return <LeaveLostWorkspace workspaceId={id} />;
  if (query.isError && !query.data) {
    return (
      <Page size={SETTINGS_PAGE_WIDTH} align="start">
        <LoadError onRetry={() => void query.refetch()} />
      </Page>
    );
  }
  if (!query.data || !state) {
    return (
      <Center py={120}>
        <Loader role="status" aria-label="Loading workspace" />
      </Center>
    );
  }

  const isOwner = state.currentUserIsOwner;
  const active = visibleSection(section, isOwner);
  if (!active) {
    // Keep the navigation state (it may ask the Plan tab to open the plan modal).
    return (
      <Navigate to={workspacePath(id, defaultSection(isOwner))} replace state={location.state as unknown} />
    );
  }
  return <WorkspaceSettings workspace={query.data} state={state} section={active} />;
}

/** A workspace the user no longer belongs to: drop it from the sidebar and go to the profile. */
function LeaveLostWorkspace({ workspaceId }: { workspaceId: number }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    forgetWorkspace(queryClient, workspaceId);
    void refreshWorkspaces(queryClient);
  }, [queryClient, workspaceId]);
  return <Navigate to="/user/profile" replace />;
}

function WorkspaceHeader({ workspace, state }: { workspace: Workspace; state: WorkspaceState }) {
  const tag = planTag(workspace, state);
  return (
    <Group gap="md" mb="xl" wrap="nowrap">
      <WorkspaceLogo workspace={workspace} size={56} radius="lg" />
      <div style={{ minWidth: 0 }}>
        <Title order={1} title={workspace.name} data-testid="workspace-title">
          {workspaceDisplayName(workspace)}
        </Title>
        <Group gap={8} mt={4}>
          <Text size="sm" c="dimmed">
            {state.currentUserIsOwner
              ? 'You own this workspace'
              : `${workspace.current_user_role.label} · Owned by ${workspace.owner.name}`}
          </Text>
          {tag && (
            <Badge size="md" variant="light" color={state.isOnFreeTrial ? 'orange' : 'brand'} tt="none">
              {tag}
            </Badge>
          )}
          {state.isSuspended && (
            <Badge size="md" variant="light" color="red" tt="none">
              Suspended
            </Badge>
          )}
        </Group>
      </div>
    </Group>
  );
}

function WorkspaceSettings({
  workspace,
  state,
  section,
}: {
  workspace: Workspace;
  state: WorkspaceState;
  section: WorkspaceSection;
}) {
  const navigate = useNavigate();
  const tabs = workspaceTabs(state.currentUserIsOwner);

  return (
    <Page size={SETTINGS_PAGE_WIDTH} align="start">
      <WorkspaceHeader workspace={workspace} state={state} />
      <Tabs
        value={section}
        onChange={(next) => next && void navigate(workspacePath(workspace.id, next as WorkspaceSection))}
        mb="xl"
      >
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab
              key={tab.id}
              value={tab.id}
              px="lg"
              py="sm"
              fw={500}
              rightSection={
                tab.id === 'plan' && state.showWarningIcon ? (
                  <Tooltip label={PLAN_WARNING_LABEL} withArrow>
                    <IconAlertCircleFilled
                      size={16}
                      color="var(--mantine-color-red-6)"
                      aria-label={PLAN_WARNING_LABEL}
                      data-testid="plan-tab-warning"
                    />
                  </Tooltip>
                ) : undefined
              }
            >
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {section === 'plan' && <WorkspacePlanTab workspace={workspace} />}
      {section === 'billing' && <WorkspaceBillingTab workspace={workspace} />}
      {section === 'projects' && <ProjectsTab workspace={workspace} />}
      {section === 'members' && <MembersTab workspace={workspace} state={state} />}
      {section === 'general' && <GeneralTab workspace={workspace} state={state} />}
    </Page>
  );
}
