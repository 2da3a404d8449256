import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DownloadAnswer } from '@common/api/downloads';
import type { z } from 'zod';
import type { Folder, SharedProject, ShareRequest, shareAnswerSchema } from '@common/api/projects';
import { api, isApiError } from '@web/api/client';
import { patchCachedProject } from '@web/features/projects';
import { sharedKeys } from '@web/api/keys';

export type ShareAnswer = z.infer<typeof shareAnswerSchema>;

export { sharedKeys };

/** The address a member copies: the anonymous page of the link. */
export function shareUrl(hash: string, origin = window.location.origin): string {
  return `${origin}/projects/shared_view/${encodeURIComponent(hash)}`;
}

/** POST /projects/{id}/share: creates the link or changes its options. */
export function useShareProject(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareRequest) =>
      api<ShareAnswer>(`/projects/${projectId}/share`, { method: 'POST', body }),
    onSuccess: (share) => patchCachedProject(queryClient, projectId, share),
  });
}

/** DELETE /projects/{id}/share: the link stops opening the project at once. */
export function useRevokeShare(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<unknown>(`/projects/${projectId}/share`, { method: 'DELETE' }),
    onSuccess: () =>
      patchCachedProject(queryClient, projectId, {
        share_hash: null,
        share_hash_downloadable: false,
        share_expires_at: null,
        share_has_password: false,
      }),
  });
}

/** What a refused shared call means for the page. */
export type SharedRefusal = 'password' | 'expired' | 'not_found' | 'error';

export function sharedRefusal(error: unknown): SharedRefusal {
  if (isApiError(error, 'share_password_required')) return 'password';
  if (isApiError(error, 'share_link_expired')) return 'expired';
  if (isApiError(error) && error.status === 404) return 'not_found';
  return 'error';
}

const noRetryOnRefusal = (count: number, error: unknown) => sharedRefusal(error) === 'error' && count < 2;

/** GET /projects/shared_view?share_hash=…: the project an anonymous viewer sees. */
export function useSharedProject(hash: string) {
  return useQuery({
    queryKey: sharedKeys.project(hash),
    queryFn: () =>
      api<SharedProject>(`/projects/shared_view?${new URLSearchParams({ share_hash: hash }).toString()}`),
    enabled: hash.length > 0,
    retry: noRetryOnRefusal,
    staleTime: 30_000,
  });
}

/** GET /shared/{hash}/folders/{id}: one folder of the shared project. */
export function useSharedFolder(hash: string, folderId: number) {
  return useQuery({
    queryKey: sharedKeys.folder(hash, folderId),
    queryFn: () => api<Folder>(`/shared/${encodeURIComponent(hash)}/folders/${folderId}`),
    enabled: hash.length > 0 && Number.isInteger(folderId) && folderId > 0,
    retry: noRetryOnRefusal,
    staleTime: 30_000,
  });
}

/**
 * POST /projects/shared_view/unlock {share_hash, password}: the server sets a cookie for this
 * link, then every shared query of the link asks again.
 */
export function useUnlockShare(hash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      api<unknown>('/projects/shared_view/unlock', {
        method: 'POST',
        body: { share_hash: hash, password },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.all(hash) }),
  });
}

/**
 * POST /shared/{hash}/download {folder_id?}: 'Download all' of a link that allows downloads, the
 * whole project or one folder, latest rounds only; answers where the zip streams from.
 */
export function requestSharedDownload(hash: string, folderId: number | null): Promise<DownloadAnswer> {
  return api<DownloadAnswer>(`/shared/${encodeURIComponent(hash)}/download`, {
    method: 'POST',
    body: { folder_id: folderId },
  });
}
