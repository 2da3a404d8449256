import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShareLink, ShareLinkCreateRequest, ShareLinkUpdate } from '@common/api/shareLinks';
import { api } from '@web/api/client';
import { projectKeys } from '@web/api/keys';

export type { ShareLink, ShareLinkCreateRequest, ShareLinkUpdate };

/** Under the project's key: reading the project again reads its links too. */
export const shareLinkKeys = {
  project: (projectId: number) => [...projectKeys.detail(projectId), 'share_links'] as const,
};

/** GET /projects/{id}/share_links: the project's links beside its public link. */
export function useShareLinks(projectId: number, enabled = true) {
  return useQuery({
    queryKey: shareLinkKeys.project(projectId),
    queryFn: () => api<ShareLink[]>(`/projects/${projectId}/share_links`),
    enabled,
    staleTime: 10_000,
  });
}

/** POST /projects/{id}/share_links: a new link, added to the list at once. */
export function useCreateShareLink(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareLinkCreateRequest) =>
      api<ShareLink>(`/projects/${projectId}/share_links`, { method: 'POST', body }),
    onSuccess: (link) => {
      queryClient.setQueryData<ShareLink[]>(shareLinkKeys.project(projectId), (links) =>
        links ? [link, ...links.filter((l) => l.id !== link.id)] : links,
      );
      void queryClient.invalidateQueries({ queryKey: shareLinkKeys.project(projectId) });
    },
    // A refusal can mean the folder or assets went, and their links with them: the list reads again.
    onError: () => void queryClient.invalidateQueries({ queryKey: shareLinkKeys.project(projectId) }),
  });
}

/** DELETE /share_links/{id}: the link stops opening at once; its guests lose their access. */
export function useRevokeShareLink(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) => api<unknown>(`/share_links/${linkId}`, { method: 'DELETE' }),
    onSuccess: (_answer, linkId) => {
      queryClient.setQueryData<ShareLink[]>(shareLinkKeys.project(projectId), (links) =>
        links?.filter((l) => l.id !== linkId),
      );
      void queryClient.invalidateQueries({ queryKey: shareLinkKeys.project(projectId) });
    },
  });
}

/** PATCH /share_links/{id}: the link's options change; the list shows the link as the server answers it. */
export function useUpdateShareLink(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, body }: { linkId: number; body: ShareLinkUpdate }) =>
      api<ShareLink>(`/share_links/${linkId}`, { method: 'PATCH', body }),
    onSuccess: (link) => {
      queryClient.setQueryData<ShareLink[]>(shareLinkKeys.project(projectId), (links) =>
        links?.map((l) => (l.id === link.id ? link : l)),
      );
      void queryClient.invalidateQueries({ queryKey: shareLinkKeys.project(projectId) });
    },
    // A refusal stays in the link's form; the list reads again when the form closes.
  });
}
