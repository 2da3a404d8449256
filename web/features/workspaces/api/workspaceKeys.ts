import type { Workspace } from '@common/api/workspaces';
import { api, type RequestOptions } from '@web/api/client';
import { workspaceKeys } from '@web/api/keys';

/**
 * Workspaces the signed-in user belongs to (account-side §2–4, §7).
 * Shared by the settings screens and the plan/billing screens: every change to a workspace
 * updates both the list and the single-workspace cache through `storeWorkspace`.
 * (Kept apart from workspaces.ts so the start-up calls need none of the hooks.)
 */
export { workspaceKeys };

/** GET /me/workspaces; `authCall` for the start-up call, whose 401 only means "signed out". */
export const fetchMyWorkspaces = (options: Pick<RequestOptions, 'authCall'> = {}) =>
  api<Workspace[]>('/me/workspaces', options);
