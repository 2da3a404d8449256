import type { WorkspaceState } from '@common/workspaceState';
import type { WorkspacesRepository } from '../db/repositories/workspaces';
import { notFound } from '../errors';
import type { WorkspaceAccess } from './workspaceAccess';

/**
 * The derived state (common/workspaceState.ts) of the workspace holding a project. Project members
 * need not be workspace members, so it is read as the workspace's owner sees it: being active and
 * having room do not depend on who asks.
 */
export async function workspaceStateOf(
  workspaces: WorkspacesRepository,
  workspaceAccess: WorkspaceAccess,
  workspaceId: number,
): Promise<WorkspaceState> {
  const workspace = await workspaces.findById(workspaceId);
  if (!workspace) throw notFound();
  return (await workspaceAccess.forMember(workspaceId, workspace.owner_id)).state;
}
