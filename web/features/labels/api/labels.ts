import { projectKeys } from '@web/api/keys';
import { useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Label } from '@common/api/projects';
import { api } from '@web/api/client';

/** Whose labels: a workspace's (attached to its projects) or a project's own (for its assets). */
export interface LabelOwner {
  type: Label['labellable_type'];
  id: number;
}

export const workspaceLabelOwner = (id: number): LabelOwner => ({ type: 'Workspace', id });
export const projectLabelOwner = (id: number): LabelOwner => ({ type: 'Project', id });

export function labelsKey(owner: LabelOwner) {
  return owner.type === 'Workspace'
    ? projectKeys.workspaceLabels(owner.id)
    : ([...projectKeys.detail(owner.id), 'labels'] as const);
}

function labelsPath(owner: LabelOwner): string {
  return owner.type === 'Workspace' ? `/workspaces/${owner.id}/labels` : `/projects/${owner.id}/labels`;
}

/** GET /workspaces/{id}/labels or GET /projects/{id}/labels (the latter in the project's order). */
export function useLabels(owner: LabelOwner | undefined) {
  return useQuery({
    queryKey: labelsKey(owner ?? workspaceLabelOwner(0)),
    queryFn: () => api<Label[]>(labelsPath(owner!)),
    enabled: owner !== undefined && owner.id > 0,
    staleTime: 30_000,
  });
}

/** GET /workspaces/{id}/labels: the workspace labels projects are organised with. */
export function useWorkspaceLabels(workspaceId: number | undefined) {
  return useLabels(workspaceId === undefined ? undefined : workspaceLabelOwner(workspaceId));
}

/** The labels of several workspaces at once (the list's label filter spans every workspace). */
export function useLabelsOfWorkspaces(workspaceIds: number[]) {
  return useQueries({
    queries: workspaceIds.map((id) => ({
      queryKey: labelsKey(workspaceLabelOwner(id)),
      queryFn: () => api<Label[]>(labelsPath(workspaceLabelOwner(id))),
      staleTime: 30_000,
    })),
    combine: (results) => results.flatMap((r) => r.data ?? []),
  });
}

/**
 * After a change: the owner's labels are asked again, and for workspace labels the projects too
 * (cards and the project page show the attached labels with their names and colours).
 */
async function refreshLabels(queryClient: QueryClient, owner: LabelOwner) {
  await queryClient.invalidateQueries({ queryKey: labelsKey(owner) });
  if (owner.type === 'Workspace') await queryClient.invalidateQueries({ queryKey: projectKeys.all });
}

export interface LabelDraft {
  name: string;
  base_color?: string;
}

/** POST /labels for the owner; without a colour the server takes the palette's next one. */
export function useCreateLabel(owner: LabelOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: LabelDraft) =>
      api<Label>('/labels', {
        method: 'POST',
        body: { ...draft, labellable_type: owner.type, labellable_id: owner.id },
      }),
    onSuccess: () => refreshLabels(queryClient, owner),
  });
}

/** PATCH /labels/{id} {name?, base_color?}. */
export function useEditLabel(owner: LabelOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: number; name?: string; base_color?: string }) =>
      api<Label>(`/labels/${id}`, { method: 'PATCH', body: changes }),
    onSuccess: () => refreshLabels(queryClient, owner),
  });
}

/** DELETE /labels/{id}: a workspace label comes off every project, a project label out of its order. */
export function useDeleteLabel(owner: LabelOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<unknown>(`/labels/${id}`, { method: 'DELETE' }),
    onSuccess: () => refreshLabels(queryClient, owner),
  });
}

/**
 * PATCH /projects/{id}/set_labels_order. The list takes the new order at once and goes back when
 * the call fails; the server's answer (the labels in the saved order) then replaces it.
 */
export function useSetLabelsOrder(projectId: number) {
  const queryClient = useQueryClient();
  const key = labelsKey(projectLabelOwner(projectId));
  return useMutation({
    mutationFn: (labelIds: number[]) =>
      api<Label[]>(`/projects/${projectId}/set_labels_order`, {
        method: 'PATCH',
        body: { label_ids: labelIds },
      }),
    onMutate: async (labelIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Label[]>(key);
      if (before) queryClient.setQueryData(key, orderedBy(before, labelIds));
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (labels) => queryClient.setQueryData(key, labels),
  });
}

/** The labels in the order of `ids`; labels missing from `ids` keep their place after them. */
export function orderedBy(labels: readonly Label[], ids: readonly number[]): Label[] {
  const position = new Map(ids.map((id, index) => [id, index]));
  return [...labels].sort(
    (a, b) =>
      (position.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (position.get(b.id) ?? Number.MAX_SAFE_INTEGER),
  );
}
