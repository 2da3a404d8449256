import { retryUnlessAccessError } from '@web/api/retry';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateTaskRequest, EditTaskRequest, Task } from '@common/api/tasks';
import { api } from '@web/api/client';
import { taskKeys, activityKeys } from '@web/api/keys';

export { taskKeys };

/** GET /projects/{id}/tasks: open and completed tasks, by due date. */
export function useTasks(projectId: number, enabled = true) {
  return useQuery({
    queryKey: taskKeys.list(projectId),
    queryFn: () => api<Task[]>(`/projects/${projectId}/tasks`),
    enabled: enabled && projectId > 0,
    staleTime: 15_000,
    retry: retryUnlessAccessError,
  });
}

/** Puts the server's answer for one task in the list, and lets the activity log ask again. */
function storeTask(queryClient: QueryClient, projectId: number, task: Task) {
  queryClient.setQueryData<Task[]>(taskKeys.list(projectId), (tasks) => {
    if (!tasks) return [task];
    return tasks.some((t) => t.id === task.id)
      ? tasks.map((t) => (t.id === task.id ? task : t))
      : [...tasks, task];
  });
  void queryClient.invalidateQueries({ queryKey: activityKeys.list(projectId) });
}

/** POST /projects/{id}/tasks {text, due_date, assigned_ids}. */
export function useCreateTask(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTaskRequest) =>
      api<Task>(`/projects/${projectId}/tasks`, { method: 'POST', body }),
    onSuccess: (task) => storeTask(queryClient, projectId, task),
  });
}

/** PATCH /projects/{id}/tasks/{taskId} with the fields changed. */
export function useEditTask(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, changes }: { taskId: number; changes: EditTaskRequest }) =>
      api<Task>(`/projects/${projectId}/tasks/${taskId}`, { method: 'PATCH', body: changes }),
    onSuccess: (task) => storeTask(queryClient, projectId, task),
  });
}

/**
 * PATCH …/mark_as_completed or …/unmark_as_completed (§4 'open to completed and back'): the
 * task moves at once, with the browser's time until the server's answer gives its own; a refusal
 * puts the task back as it was.
 */
export function useSetTaskCompleted(projectId: number) {
  const queryClient = useQueryClient();
  const key = taskKeys.list(projectId);
  return useMutation({
    mutationFn: ({ task, completed }: { task: Task; completed: boolean }) =>
      api<Task>(
        `/projects/${projectId}/tasks/${task.id}/${completed ? 'mark_as_completed' : 'unmark_as_completed'}`,
        {
          method: 'PATCH',
        },
      ),
    onMutate: async ({ task, completed }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Task[]>(key, (tasks) =>
        tasks?.map((t) =>
          t.id === task.id
            ? {
                ...t,
                completed_at: completed ? new Date().toISOString() : null,
                overdue: completed ? false : t.overdue,
              }
            : t,
        ),
      );
    },
    onError: (_error, { task }) =>
      queryClient.setQueryData<Task[]>(key, (tasks) => tasks?.map((t) => (t.id === task.id ? task : t))),
    onSuccess: (task) => storeTask(queryClient, projectId, task),
  });
}
