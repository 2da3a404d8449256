import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { EditProjectRequest, Project } from '@common/api/projects';
import { retryUnlessAccessError } from '@web/api/retry';
import { api } from '@web/api/client';
import { projectKeys, refreshProjectLists } from './projects';

/**
 * One project as its page and its settings see it (projects-side §7): read, rename, edit,
 * cover and last seen. The lists live in projects.ts; both share `projectKeys`.
 */

export { retryUnlessAccessError };

/** GET /projects/{id}. A 404 is an answer (the project page says so), not worth a retry. */
export function useProject(id: number) {
  return useQuery({
    queryKey: projectKeys.detail(id),
    queryFn: () => api<Project>(`/projects/${id}`),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 15_000,
    retry: retryUnlessAccessError,
  });
}

/** Puts a fresh answer in the project's cache and lets the lists ask again. */
export async function storeProject(queryClient: QueryClient, project: Project) {
  queryClient.setQueryData(projectKeys.detail(project.id), project);
  await refreshProjectLists(queryClient);
}

/** PUT /projects/{id} {name}: 'The project name was successfully updated!'. */
export function useRenameProject(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api<Project>(`/projects/${id}`, { method: 'PUT', body: { name } }),
    onSuccess: (project) => storeProject(queryClient, project),
  });
}

/** PATCH /projects/{id}: the edited fields of project settings. */
export function useEditProject(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: EditProjectRequest) =>
      api<Project>(`/projects/${id}`, { method: 'PATCH', body: changes }),
    onSuccess: (project) => storeProject(queryClient, project),
  });
}

/** POST /projects/{id}/cover (multipart, field `file`) and DELETE /projects/{id}/cover. */
export function useProjectCover(id: number) {
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api<Project>(`/projects/${id}/cover`, { method: 'POST', body: form });
    },
    onSuccess: (project) => storeProject(queryClient, project),
  });
  const remove = useMutation({
    mutationFn: () => api<Project>(`/projects/${id}/cover`, { method: 'DELETE' }),
    onSuccess: (project) => storeProject(queryClient, project),
  });
  return { upload, remove };
}

/**
 * POST /projects/{id}/update_project_last_seen when the page opens: the project's 'New' and
 * 'New Activity' marks go for this user, so the lists ask again once it is recorded.
 */
export function useMarkProjectSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<unknown>(`/projects/${id}/update_project_last_seen`, { method: 'POST' }),
    onSuccess: () => refreshProjectLists(queryClient),
  });
}
