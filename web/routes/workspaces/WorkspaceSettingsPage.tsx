import { Center, Loader, Tabs, Tooltip } from '@mantine/core';
import { IconAlertCircleFilled } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { Workspace } from '@common/api/workspaces';
import type { WorkspaceState } from '@common/workspaceState';
import { WorkspaceBillingTab, WorkspacePlanTab } from '@web/features/billing';
import {
  forgetWorkspace,
  GeneralTab,
  isWorkspaceAccessError,
  MembersTab,
  ProjectsTab,
  refreshWorkspaces,
  useWorkspace,
  useWorkspaceState,
  WorkspaceHeader,
  workspacePath,
  type WorkspaceSection,
} from '@web/features/workspaces';
import { LoadError } from '@web/components/page/LoadError';
import { Page, SETTINGS_PAGE_WIDTH } from '@web/components/page/Page';
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
