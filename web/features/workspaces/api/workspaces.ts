import { useMemo } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Checkout } from '@common/api/billing';
import type { Workspace } from '@common/api/workspaces';
import { deriveWorkspaceState, type WorkspaceState } from '@common/workspaceState';
import { api } from '@web/api/client';
import { fetchMyWorkspaces, workspaceKeys } from './workspaceKeys';
import { useSignedInUser } from '@web/features/account';

export { fetchMyWorkspaces, workspaceKeys };

/** GET /me/workspaces: owned first, then the ones the user is a member of. */
export function useMyWorkspaces(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: workspaceKeys.mine,
    queryFn: () => fetchMyWorkspaces(),
    staleTime: 30_000,
    enabled: options.enabled ?? true,
  });
}

/** GET /workspaces/{id}; seeded from the list so the settings page renders at once. */
export function useWorkspace(id: number | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: workspaceKeys.one(id ?? 0),
    queryFn: () => api<Workspace>(`/workspaces/${id}`),
    enabled: id !== undefined && Number.isInteger(id) && id > 0,
    staleTime: 30_000,
    retry: (count, error) => !isAccessError(error) && count < 2,
    initialData: () => queryClient.getQueryData<Workspace[]>(workspaceKeys.mine)?.find((w) => w.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(workspaceKeys.mine)?.dataUpdatedAt,
  });
}

function isAccessError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 403 || status === 404;
}

/** The workspace the user owns, if any (a user owns at most one). */
export function ownedWorkspace(workspaces: readonly Workspace[] | undefined, userId: number | undefined) {
  if (!workspaces || userId === undefined) return undefined;
  return workspaces.find((w) => w.owner.id === userId);
}

/**
 * The workspace the profile menu's 'Settings' opens: the owned one, else the first the user
 * belongs to (§2: "going to the workspace page if a default workspace exists").
 */
export function defaultWorkspace(workspaces: readonly Workspace[] | undefined, userId: number | undefined) {
  return ownedWorkspace(workspaces, userId) ?? workspaces?.[0];
}

/** Every derived field of a workspace for the signed-in user, computed with deriveWorkspaceState. */
export function workspaceStateOf(
  workspace: Workspace,
  userId: number,
  now: Date = new Date(),
): WorkspaceState {
  return deriveWorkspaceState({
    ownerId: workspace.owner.id,
    currentUserId: userId,
    currentUserRole: workspace.current_user_role.name,
    subscription: workspace.subscription,
    plan: workspace.pricing_plan,
    seatsUsed: workspace.seats_used,
    projectsCount: workspace.projects_count,
    storageUsedInBytes: workspace.storage_used_in_bytes,
    now,
  });
}

/** deriveWorkspaceState for the signed-in user (now = the browser's clock); null without a workspace. */
export function useWorkspaceState(workspace: Workspace | null | undefined): WorkspaceState | null {
  const user = useSignedInUser();
  const userId = user?.id;
  return useMemo(
    () => (workspace && userId !== undefined ? workspaceStateOf(workspace, userId) : null),
    [workspace, userId],
  );
}

/** Puts a fresh workspace answer into both caches (the list and the single workspace). */
export function storeWorkspace(queryClient: QueryClient, workspace: Workspace) {
  queryClient.setQueryData(workspaceKeys.one(workspace.id), workspace);
  queryClient.setQueryData<Workspace[]>(workspaceKeys.mine, (list) => {
    if (!list) return list;
    const index = list.findIndex((w) => w.id === workspace.id);
    if (index === -1) return list;
    const next = list.slice();
    next[index] = workspace;
    return next;
  });
}

/** Refetches the list and everything cached under workspaces. */
export function refreshWorkspaces(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: workspaceKeys.all });
}

/** Drops a workspace the user no longer belongs to (deleted, left) from every cache. */
export function forgetWorkspace(queryClient: QueryClient, id: number) {
  queryClient.setQueryData<Workspace[]>(workspaceKeys.mine, (list) => list?.filter((w) => w.id !== id));
  queryClient.removeQueries({ queryKey: workspaceKeys.scope(id) });
}

/** POST /workspaces: 'Pro Plan' without a card = free trial; a paid price needs card + billing. */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Checkout) => api<Workspace>('/workspaces', { method: 'POST', body }),
    onSuccess: async (workspace) => {
      queryClient.setQueryData(workspaceKeys.one(workspace.id), workspace);
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.mine });
    },
  });
}

export interface WorkspaceChanges {
  name?: string;
  logo?: File;
}

/** PATCH /workspaces/{id} as multipart form data (name, logo): the owner of an active workspace. */
export function useUpdateWorkspace(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: WorkspaceChanges) => {
      const form = new FormData();
      if (changes.name !== undefined) form.append('name', changes.name);
      if (changes.logo) form.append('logo', changes.logo, changes.logo.name);
      return api<Workspace>(`/workspaces/${id}`, { method: 'PATCH', body: form });
    },
    onSuccess: (workspace) => storeWorkspace(queryClient, workspace),
  });
}

/** DELETE /workspaces/{id} (owner). The caller navigates away, then calls `forgetWorkspace`. */
export function useDeleteWorkspace(id: number) {
  return useMutation({
    mutationFn: () => api<unknown>(`/workspaces/${id}`, { method: 'DELETE' }),
  });
}

/** POST /workspaces/{id}/leave (any member but the owner). */
export function useLeaveWorkspace(id: number) {
  return useMutation({
    mutationFn: () => api<unknown>(`/workspaces/${id}/leave`, { method: 'POST' }),
  });
}

export interface TransferOwnership {
  workspace_member_id: number;
  message?: string;
}

/** POST /workspaces/{id}/transfer_ownership; the former owner becomes a Member (admin). */
export function useTransferOwnership(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferOwnership) =>
      api<Workspace | null>(`/workspaces/${id}/transfer_ownership`, { method: 'POST', body }),
    onSuccess: async (workspace) => {
      if (workspace && typeof workspace === 'object' && 'id' in workspace)
        storeWorkspace(queryClient, workspace);
      await refreshWorkspaces(queryClient);
    },
  });
}
