import type { Workspace } from '@common/api/workspaces';
import { workspaceStateOf } from '@web/features/workspaces';

/** Workspace roles that may create projects (the brief's decision: owner and admin). */
export function mayCreateProjectsIn(workspace: Workspace): boolean {
  const role = workspace.current_user_role.name;
  return role === 'owner' || role === 'admin';
}

export interface WorkspaceOption {
  value: string;
  label: string;
  /** Inactive (suspended, expired trial) or at its plan's project limit: greyed, not choosable. */
  disabled: boolean;
  /** Why a greyed option cannot be chosen. */
  note?: 'Suspended' | 'Project limit reached';
  workspace: Workspace;
}

export interface WorkspaceChoice {
  options: WorkspaceOption[];
  /** The user has exactly one workspace and owns it: no select, that one is used. */
  hidden: boolean;
  /** The option chosen before the user does anything. */
  preselected: number | null;
}

/**
 * The create-project form's workspace field (§5): the workspaces the user may create in, active
 * ones first in the server's order, inactive ones greyed and last; hidden when the user has
 * exactly one workspace and owns it; preselected when only one option can be chosen.
 */
export function workspaceChoice(
  workspaces: readonly Workspace[],
  userId: number,
  now: Date = new Date(),
): WorkspaceChoice {
  const options = workspaces.filter(mayCreateProjectsIn).map((workspace): WorkspaceOption => {
    const state = workspaceStateOf(workspace, userId, now);
    const note: WorkspaceOption['note'] = !state.isActive
      ? 'Suspended'
      : !state.hasRoomForProjects
        ? 'Project limit reached'
        : undefined;
    return {
      value: String(workspace.id),
      label: workspace.name,
      disabled: note !== undefined,
      ...(note ? { note } : {}),
      workspace,
    };
  });
  const ordered = [...options.filter((o) => !o.disabled), ...options.filter((o) => o.disabled)];
  const only = workspaces.length === 1 ? workspaces[0] : undefined;
  const hidden = only !== undefined && only.owner.id === userId;
  // Only active options can be chosen: one of them alone is the choice already made.
  const choosable = ordered.filter((o) => !o.disabled);
  return {
    options: ordered,
    hidden,
    preselected: choosable.length === 1 ? choosable[0]!.workspace.id : null,
  };
}

/**
 * Why the user cannot create a project at all, if they cannot (§2, account-side §8): checked
 * before the form opens, so the user never fills in a form the server would refuse.
 */
export type CreateProjectObstacle =
  /** memberElsewhere: the user belongs to workspaces, none of which lets them create. */
  | { kind: 'noWorkspace'; memberElsewhere: boolean }
  | { kind: 'expiredTrial' | 'suspended' | 'projectLimit'; workspace: Workspace };

export function createProjectObstacle(
  workspaces: readonly Workspace[],
  userId: number,
  now: Date = new Date(),
): CreateProjectObstacle | null {
  const candidates = workspaces.filter(mayCreateProjectsIn);
  if (candidates.length === 0) return { kind: 'noWorkspace', memberElsewhere: workspaces.length > 0 };
  const states = candidates.map((workspace) => ({
    workspace,
    state: workspaceStateOf(workspace, userId, now),
  }));
  const active = states.filter((s) => s.state.isActive);
  if (active.some((s) => s.state.hasRoomForProjects)) return null;
  // Speak about the workspace the user owns when there is one: they can upgrade or reactivate it.
  if (active.length > 0) {
    const full = active.find((s) => s.state.currentUserIsOwner) ?? active[0]!;
    return { kind: 'projectLimit', workspace: full.workspace };
  }
  const first = states.find((s) => s.state.currentUserIsOwner) ?? states[0]!;
  return {
    kind: first.state.isOnExpiredFreeTrial ? 'expiredTrial' : 'suspended',
    workspace: first.workspace,
  };
}
