import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PROJECT_TEXTS, type Project } from '@common/api/projects';
import type { Workspace } from '@common/api/workspaces';
import { isApiError } from '@web/api/client';
import { useSignedInUser } from '@web/features/account';
import {
  ownedWorkspace,
  refreshWorkspaces,
  useMyWorkspaces,
  OPEN_PLAN_MODAL,
  workspacePath,
} from '@web/features/workspaces';
import { usePlanFlow } from '@web/features/billing';
import { snackbar } from '@web/components/snackbar/snackbar';
import { CreateProjectModal } from './CreateProjectModal';
import { CreateProjectBlockedDialog, type BlockedReason } from './CreateProjectBlockedDialog';
import { createProjectObstacle, workspaceChoice, type WorkspaceChoice } from './workspaceChoice';

interface CreateProjectFlow {
  /** Opens 'Create New Project', or the dialog that says why the user cannot create one yet. */
  start: () => void;
  /** False until the user's workspaces are known. */
  ready: boolean;
}

const CreateProjectFlowContext = createContext<CreateProjectFlow | null>(null);

export function useCreateProjectFlow(): CreateProjectFlow {
  const flow = useContext(CreateProjectFlowContext);
  if (!flow) throw new Error('useCreateProjectFlow needs a CreateProjectFlowProvider (AppLayout mounts one)');
  return flow;
}

/** The refusals of POST /projects that are about the workspace, not the form (§8). */
function refusalReason(error: unknown, workspace: Workspace | undefined): BlockedReason | null {
  if (!workspace || !isApiError(error) || error.status !== 403) return null;
  if (error.code === 'forbidden_project_count' || error.code === 'forbidden_subscription_limit_reached')
    return { kind: 'projectLimit', workspace };
  if (error.code === 'inactive_workspace') return { kind: 'suspended', workspace };
  return null;
}

/**
 * The create-project flow for every signed-in page (§2): without a workspace the user is asked to
 * create one, and once it exists the form opens by itself; an expired trial or a suspended
 * workspace gets its dialog; a created project opens at /projects/{id} with the success snackbar.
 */
export function CreateProjectFlowProvider({ children }: { children: ReactNode }) {
  const user = useSignedInUser();
  const workspaces = useMyWorkspaces({ enabled: user !== null });
  const { openPlans } = usePlanFlow();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<{ choice: WorkspaceChoice; opened: boolean; session: number } | null>(
    null,
  );
  const [blocked, setBlocked] = useState<{ reason: BlockedReason; opened: boolean } | null>(null);
  const [waitingForWorkspace, setWaitingForWorkspace] = useState(false);

  const openForm = useCallback((list: readonly Workspace[], userId: number) => {
    setForm((current) => ({
      choice: workspaceChoice(list, userId),
      opened: true,
      session: (current?.session ?? 0) + 1,
    }));
  }, []);

  const start = useCallback(() => {
    if (!user || !workspaces.data) return;
    const obstacle = createProjectObstacle(workspaces.data, user.id);
    if (obstacle) setBlocked({ reason: obstacle, opened: true });
    else openForm(workspaces.data, user.id);
  }, [user, workspaces.data, openForm]);

  // After 'Create Workspace', the flow goes on as soon as the new workspace is there.
  const owned = ownedWorkspace(workspaces.data, user?.id);
  if (waitingForWorkspace && owned && user && workspaces.data) {
    setWaitingForWorkspace(false);
    if (!createProjectObstacle(workspaces.data, user.id)) openForm(workspaces.data, user.id);
  }

  const flow = useMemo(() => ({ start, ready: workspaces.isSuccess }), [start, workspaces.isSuccess]);
  const closeForm = () => setForm((current) => (current ? { ...current, opened: false } : current));
  const closeBlocked = () => setBlocked((current) => (current ? { ...current, opened: false } : current));

  function created(project: Project) {
    closeForm();
    snackbar.success({ title: PROJECT_TEXTS.createdTitle, description: PROJECT_TEXTS.createdBody });
    void navigate(`/projects/${project.id}`);
  }

  function refused(error: unknown, workspaceId: number): boolean {
    const reason = refusalReason(
      error,
      workspaces.data?.find((w) => w.id === workspaceId),
    );
    if (!reason) return false;
    // The workspace's state changed under the user: what they see should change too.
    void refreshWorkspaces(queryClient);
    setBlocked({ reason, opened: true });
    return true;
  }

  return (
    <CreateProjectFlowContext value={flow}>
      {children}
      {form && (
        <CreateProjectModal
          key={form.session}
          opened={form.opened}
          choice={form.choice}
          onClose={closeForm}
          onCreated={created}
          onRefused={refused}
        />
      )}
      {blocked && (
        <CreateProjectBlockedDialog
          reason={blocked.reason}
          opened={blocked.opened}
          onClose={closeBlocked}
          onCreateWorkspace={() => {
            closeBlocked();
            setWaitingForWorkspace(true);
            openPlans(null);
          }}
          onSeePlans={(workspace) => {
            closeBlocked();
            closeForm();
            void navigate(workspacePath(workspace.id, 'plan'), { state: OPEN_PLAN_MODAL });
          }}
        />
      )}
    </CreateProjectFlowContext>
  );
}
