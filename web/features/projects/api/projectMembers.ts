import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Project,
  ProjectInvitation,
  ProjectInvitationByHash,
  ProjectInviteRequest,
} from '@common/api/projects';
import { api } from '@web/api/client';
import { projectKeys, refreshProjectLists } from './projects';
import { refreshWorkspaces } from '@web/features/workspaces';
import { projectInviteKeys } from '@web/api/keys';

export { projectInviteKeys };

/** After a change to who belongs: members, invitations, and the project's avatars. */
function useRefreshPeople(projectId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
}

/** GET /projects/{id}/pending_invites. */
export function useProjectInvites(projectId: number, enabled = true) {
  return useQuery({
    queryKey: projectInviteKeys.pending(projectId),
    queryFn: () => api<ProjectInvitation[]>(`/projects/${projectId}/pending_invites`),
    enabled,
    staleTime: 15_000,
  });
}

/** DELETE /projects/{id}/members/{memberId}: 'User Removed'. */
export function useRemoveProjectMember(projectId: number) {
  const refresh = useRefreshPeople(projectId);
  return useMutation({
    mutationFn: (memberId: number) =>
      api<unknown>(`/projects/${projectId}/members/${memberId}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** POST /projects/{id}/members/invite {invitees, role, message}: 'Invitations Sent'. */
export function useInviteToProject(projectId: number) {
  const refresh = useRefreshPeople(projectId);
  return useMutation({
    mutationFn: (body: ProjectInviteRequest) =>
      api<ProjectInvitation[]>(`/projects/${projectId}/members/invite`, { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** DELETE /projects/invites/{id}: 'The pending invite has been successfully deleted.'. */
export function useDeleteProjectInvite(projectId: number) {
  const refresh = useRefreshPeople(projectId);
  return useMutation({
    mutationFn: (invitationId: number) =>
      api<unknown>(`/projects/invites/${invitationId}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** GET /projects/invites/{hash}?em= (public): what the e-mailed link shows. */
export function useProjectInvitation(hash: string, email: string | null) {
  return useQuery({
    queryKey: projectInviteKeys.byHash(hash, email),
    queryFn: () => {
      const query = email ? `?${new URLSearchParams({ em: email }).toString()}` : '';
      return api<ProjectInvitationByHash>(`/projects/invites/${encodeURIComponent(hash)}${query}`, {
        authCall: true,
      });
    },
    retry: false,
    enabled: hash.length > 0,
  });
}

/**
 * POST /projects/invites/{hash}/accept: the signed-in invitee joins the project (and the
 * workspace as a collaborator when not a member yet), so both lists change.
 */
export function useAcceptProjectInvitation(hash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<Project>(`/projects/invites/${encodeURIComponent(hash)}/accept`, { method: 'POST' }),
    onSuccess: async (project) => {
      if (project && typeof project === 'object' && 'id' in project)
        queryClient.setQueryData(projectKeys.detail(project.id), project);
      await Promise.all([refreshProjectLists(queryClient), refreshWorkspaces(queryClient)]);
    },
  });
}
