import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InviteRequest,
  Workspace,
  WorkspaceInvitation,
  WorkspaceMember,
  invitationByHashSchema,
} from '@common/api/workspaces';
import type { z } from 'zod';
import { api } from '@web/api/client';
import { refreshWorkspaces, storeWorkspace, workspaceKeys } from './workspaces';
import { memberKeys } from '@web/api/keys';

export type InvitationByHash = z.infer<typeof invitationByHashSchema>;
export type MemberRoleChange = 'admin' | 'collaborator' | 'limited';

export { memberKeys };

/**
 * GET /workspaces/{id}/members, or /members/collaborators for the roles that may not list
 * everyone (a collaborator sees only collaborators).
 */
export function useWorkspaceMembers(workspaceId: number, canListAll: boolean) {
  const scope = canListAll ? 'all' : 'collaborators';
  return useQuery({
    queryKey: memberKeys.members(workspaceId, scope),
    queryFn: () =>
      api<WorkspaceMember[]>(`/workspaces/${workspaceId}/members${canListAll ? '' : '/collaborators'}`),
    staleTime: 15_000,
  });
}

/** GET /workspaces/{id}/invites: pending invitations. */
export function useWorkspaceInvites(workspaceId: number, enabled = true) {
  return useQuery({
    queryKey: memberKeys.invites(workspaceId),
    queryFn: () => api<WorkspaceInvitation[]>(`/workspaces/${workspaceId}/invites`),
    staleTime: 15_000,
    enabled,
  });
}

/** After a change to who belongs: members, invitations and the workspace's counts. */
function useRefreshPeople(workspaceId: number) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: memberKeys.allMembers(workspaceId) }),
      queryClient.invalidateQueries({ queryKey: memberKeys.invites(workspaceId) }),
      queryClient.invalidateQueries({ queryKey: workspaceKeys.one(workspaceId), exact: true }),
      queryClient.invalidateQueries({ queryKey: workspaceKeys.mine }),
    ]);
  };
}

/** PATCH /workspaces/{id}/members/{memberId} {role}. */
export function useUpdateMemberRole(workspaceId: number) {
  const refresh = useRefreshPeople(workspaceId);
  return useMutation({
    mutationFn: ({ memberId, role }: { memberId: number; role: MemberRoleChange }) =>
      api<WorkspaceMember>(`/workspaces/${workspaceId}/members/${memberId}`, {
        method: 'PATCH',
        body: { role },
      }),
    onSuccess: refresh,
  });
}

/** DELETE /workspaces/{id}/members/{memberId}. */
export function useRemoveMember(workspaceId: number) {
  const refresh = useRefreshPeople(workspaceId);
  return useMutation({
    mutationFn: (memberId: number) =>
      api<{ message: string }>(`/workspaces/${workspaceId}/members/${memberId}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** POST /workspaces/{id}/members/invite {invites:[{email, role, message}]}. */
export function useInviteMembers(workspaceId: number) {
  const refresh = useRefreshPeople(workspaceId);
  return useMutation({
    mutationFn: (body: InviteRequest) =>
      api<WorkspaceInvitation[]>(`/workspaces/${workspaceId}/members/invite`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** DELETE /workspaces/{id}/invites/{invitationId}. */
export function useDeleteInvite(workspaceId: number) {
  const refresh = useRefreshPeople(workspaceId);
  return useMutation({
    mutationFn: (invitationId: number) =>
      api<{ message: string }>(`/workspaces/${workspaceId}/invites/${invitationId}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** GET /workspaces/invitations/{hash}?em= (public): what the e-mailed link shows. */
export function useInvitation(hash: string, email: string | null) {
  return useQuery({
    queryKey: memberKeys.invitation(hash, email),
    queryFn: () => {
      const query = email ? `?${new URLSearchParams({ em: email }).toString()}` : '';
      return api<InvitationByHash>(`/workspaces/invitations/${encodeURIComponent(hash)}${query}`, {
        authCall: true,
      });
    },
    retry: false,
    enabled: hash.length > 0,
  });
}

/** POST /workspaces/invitations/{hash}/accept: the signed-in invitee joins. */
export function useAcceptInvitation(hash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<Workspace>(`/workspaces/invitations/${encodeURIComponent(hash)}/accept`, { method: 'POST' }),
    onSuccess: async (workspace) => {
      storeWorkspace(queryClient, workspace);
      await refreshWorkspaces(queryClient);
    },
  });
}
