import type { Workspace } from '@common/api/workspaces';
import type { WorkspaceRole } from '@common/workspaceRoles';
import type { WorkspaceState } from '@common/workspaceState';
import type { UserRow } from '../db/repositories/users';
import type { AddOnRow, MemberRow, SubscriptionRow, WorkspaceRow } from '../db/repositories/workspaces';

/** The facts of one workspace, read in one query (server/db/repositories/workspaceFacts.ts). */
export interface WorkspaceFactsRows {
  workspace: WorkspaceRow;
  owner: UserRow;
  role: WorkspaceRole;
  subscription: SubscriptionRow | undefined;
  addOns: AddOnRow[];
  membersCount: number;
  seatsUsed: number;
  projectsCount: number;
  storageUsedInBytes: number;
}

/**
 * A workspace as one member sees it (services/workspaces/workspaceAccess.ts loads it): what the
 * workspace policies and the billing and workspace services need, with its derived state.
 */
export interface WorkspaceView {
  workspace: WorkspaceRow;
  member: MemberRow;
  facts: WorkspaceFactsRows;
  state: WorkspaceState;
  presented: Workspace;
}
