import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  CreateProjectRequest,
  Pagination,
  Project,
  ProjectFilters,
  ProjectMember,
  ProjectSort,
  ProjectsViewOptions,
} from '@common/api/projects';
import { api, apiEnvelope } from '@web/api/client';
import { refreshWorkspaces } from '@web/features/workspaces';
import { projectKeys } from '@web/api/keys';

export { projectKeys };

/** Which list: GET /projects/active, /projects/archived or /projects/hidden. */
export type ProjectListScope = 'active' | 'archived' | 'hidden';

export interface ProjectListParams {
  sort_by: ProjectSort;
  sort_order: 'asc' | 'desc';
  filters: ProjectFilters;
  q: string;
}

export interface ProjectListPage {
  projects: Project[];
  pagination: Pagination | undefined;
}

export const PROJECT_PAGE_SIZE = 100;

function listPath(scope: ProjectListScope, params: ProjectListParams, page: number): string {
  const query = new URLSearchParams({
    page: String(page),
    per_page: String(PROJECT_PAGE_SIZE),
    sort_by: params.sort_by,
    sort_order: params.sort_order,
  });
  if (Object.keys(params.filters).length > 0) query.set('filters', JSON.stringify(params.filters));
  if (params.q.trim()) query.set('q', params.q.trim());
  return `/projects/${scope}?${query.toString()}`;
}

/** One list of projects, page after page (default page size 100, §9). */
export function useProjectList(scope: ProjectListScope, params: ProjectListParams, enabled = true) {
  return useInfiniteQuery({
    queryKey: projectKeys.list(scope, params),
    initialPageParam: 1,
    queryFn: async ({ pageParam }): Promise<ProjectListPage> => {
      const envelope = await apiEnvelope<Project[], { pagination?: Pagination }>(
        listPath(scope, params, pageParam),
      );
      return { projects: envelope.response, pagination: envelope.meta?.pagination };
    },
    getNextPageParam: (page) =>
      page.pagination && !page.pagination.last_page ? page.pagination.current + 1 : undefined,
    enabled,
    staleTime: 10_000,
  });
}

/** Every project cached in any list, and the single project, get the same change. */
export function patchCachedProject(queryClient: QueryClient, id: number, patch: Partial<Project>) {
  queryClient.setQueriesData<InfiniteData<ProjectListPage>>({ queryKey: projectKeys.lists }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            projects: page.projects.map((p) => (p.id === id ? { ...p, ...patch } : p)),
          })),
        }
      : data,
  );
  queryClient.setQueryData<Project>(projectKeys.detail(id), (project) =>
    project ? { ...project, ...patch } : project,
  );
}

/** Lists change shape after most actions (order, membership, status): ask again. */
export function refreshProjectLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: projectKeys.lists });
}

/** POST /projects. The project counts of the workspaces change too. */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProjectRequest) => api<Project>('/projects', { method: 'POST', body }),
    onSuccess: async (project) => {
      queryClient.setQueryData(projectKeys.detail(project.id), project);
      await Promise.all([refreshProjectLists(queryClient), refreshWorkspaces(queryClient)]);
    },
  });
}

type BulkAction = 'delete' | 'archive' | 'activate' | 'hide' | 'show' | 'leave';

const BULK_CALLS: Record<BulkAction, { method: 'DELETE' | 'PATCH' | 'POST'; path: string }> = {
  delete: { method: 'DELETE', path: '/projects' },
  archive: { method: 'PATCH', path: '/projects/mark_as_archived' },
  activate: { method: 'PATCH', path: '/projects/mark_as_active' },
  hide: { method: 'PATCH', path: '/projects/mark_as_hidden' },
  show: { method: 'PATCH', path: '/projects/mark_as_visible' },
  leave: { method: 'POST', path: '/projects/leave' },
};

/** The calls that take `ids`: delete, archive, restore, hide, unhide and leave many. */
export function useBulkProjectAction(action: BulkAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => {
      const call = BULK_CALLS[action];
      return api<unknown>(call.path, { method: call.method, body: { ids } });
    },
    onSuccess: async (_answer, ids) => {
      if (action === 'delete' || action === 'leave')
        for (const id of ids) queryClient.removeQueries({ queryKey: projectKeys.detail(id) });
      await refreshProjectLists(queryClient);
      if (action === 'delete') await refreshWorkspaces(queryClient);
    },
  });
}

/**
 * POST /projects/{id}/set_rush_priority or /unset_rush_priority. Optimistic (§4): the flag
 * changes at once and goes back when the call fails; the server's answer then replaces it.
 */
export function useRushPriority() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, flagged }: { id: number; flagged: boolean }) =>
      api<Project>(`/projects/${id}/${flagged ? 'set' : 'unset'}_rush_priority`, { method: 'POST' }),
    onMutate: async ({ id, flagged }) => {
      await queryClient.cancelQueries({ queryKey: projectKeys.all });
      patchCachedProject(queryClient, id, { rush_priority: flagged });
    },
    onError: (_error, { id, flagged }) => patchCachedProject(queryClient, id, { rush_priority: !flagged }),
    onSuccess: (project, { id }) => {
      if (project && typeof project === 'object' && 'id' in project)
        patchCachedProject(queryClient, id, {
          rush_priority: project.rush_priority,
          rush_priority_set_at: project.rush_priority_set_at,
          last_activity_at: project.last_activity_at,
        });
    },
    onSettled: () => refreshProjectLists(queryClient),
  });
}

/** GET /users/me/projects_view_options: the list's view, sort, filter, item size (per user). */
export function useProjectsViewOptions() {
  return useQuery({
    queryKey: projectKeys.viewOptions,
    queryFn: () => api<ProjectsViewOptions>('/users/me/projects_view_options'),
    staleTime: Infinity,
  });
}

/** PUT /users/me/projects_view_options; the cache changes at once so the list follows. */
export function useSaveProjectsViewOptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: ProjectsViewOptions) =>
      api<ProjectsViewOptions>('/users/me/projects_view_options', { method: 'PUT', body: options }),
    onMutate: (options) => queryClient.setQueryData(projectKeys.viewOptions, options),
    onSuccess: (saved) => {
      if (saved && typeof saved === 'object') queryClient.setQueryData(projectKeys.viewOptions, saved);
    },
  });
}

/**
 * PATCH /user_preferences/{userId}/set_projects_order: saves the manual order, and the server
 * switches the sort to Manual, ascending (§4).
 */
export function useSetProjectsOrder(userId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectIds: number[]) =>
      api<unknown>(`/user_preferences/${userId}/set_projects_order`, {
        method: 'PATCH',
        body: { project_ids: projectIds },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: projectKeys.viewOptions });
      await refreshProjectLists(queryClient);
    },
  });
}

/** GET /projects/{id}/members. */
export function useProjectMembers(id: number, enabled = true) {
  return useQuery({
    queryKey: projectKeys.members(id),
    queryFn: () => api<ProjectMember[]>(`/projects/${id}/members`),
    enabled,
    staleTime: 15_000,
  });
}

/** POST /projects/{id}/transfer_ownership: the previous owner becomes a collaborator. */
export function useTransferProjectOwnership(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { member_id: number; message?: string }) =>
      api<unknown>(`/projects/${id}/transfer_ownership`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/** POST /projects/{id}/transfer_to_workspace. */
export function useTransferToWorkspace(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workspaceId: number) =>
      api<unknown>(`/projects/${id}/transfer_to_workspace`, {
        method: 'POST',
        body: { workspace_id: workspaceId },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      await refreshWorkspaces(queryClient);
    },
  });
}

/** POST /projects/add_label or /projects/remove_label {projects_ids, label_id}. */
export function useProjectLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      projectIds,
      labelId,
      attach,
    }: {
      projectIds: number[];
      labelId: number;
      attach: boolean;
    }) =>
      api<unknown>(`/projects/${attach ? 'add' : 'remove'}_label`, {
        method: 'POST',
        body: { projects_ids: projectIds, label_id: labelId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
