import { retryUnlessAccessError } from '@web/api/retry';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Folder } from '@common/api/projects';
import { api } from '@web/api/client';
import { refreshProjectLists } from '@web/features/projects';
import { folderKeys, projectKeys } from '@web/api/keys';

export { folderKeys };

/** GET /projects/{id}/folders. */
export function useFolders(projectId: number, enabled = true) {
  return useQuery({
    queryKey: folderKeys.list(projectId),
    queryFn: () => api<Folder[]>(`/projects/${projectId}/folders`),
    enabled: enabled && projectId > 0,
    staleTime: 15_000,
  });
}

/** GET /folders/{id}; seeded from the project's list so the folder page renders at once. */
export function useFolder(projectId: number, folderId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: folderKeys.one(projectId, folderId),
    queryFn: () => api<Folder>(`/folders/${folderId}`),
    enabled: Number.isInteger(folderId) && folderId > 0,
    staleTime: 15_000,
    retry: retryUnlessAccessError,
    initialData: () =>
      queryClient.getQueryData<Folder[]>(folderKeys.list(projectId))?.find((f) => f.id === folderId),
    initialDataUpdatedAt: () => queryClient.getQueryState(folderKeys.list(projectId))?.dataUpdatedAt,
  });
}

/** Folders change the project's counts and activity too: the project and its lists ask again. */
function useRefreshProject(projectId: number) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
    await refreshProjectLists(queryClient);
  };
}

/** POST /projects/{id}/folders {name}. */
export function useCreateFolder(projectId: number) {
  const refresh = useRefreshProject(projectId);
  return useMutation({
    mutationFn: (name: string) =>
      api<Folder>(`/projects/${projectId}/folders`, { method: 'POST', body: { name } }),
    onSuccess: refresh,
  });
}

/** PATCH /folders/{id} {name}. */
export function useRenameFolder(projectId: number) {
  const refresh = useRefreshProject(projectId);
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api<Folder>(`/folders/${id}`, { method: 'PATCH', body: { name } }),
    onSuccess: refresh,
  });
}

/** DELETE /folders {folders_ids}: the folders go with their contents. */
export function useDeleteFolders(projectId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshProject(projectId);
  return useMutation({
    mutationFn: (ids: number[]) => api<unknown>('/folders', { method: 'DELETE', body: { folders_ids: ids } }),
    onSuccess: async (_answer, ids) => {
      for (const id of ids) queryClient.removeQueries({ queryKey: folderKeys.one(projectId, id) });
      await refresh();
    },
  });
}
