import type { ApiClient, Json } from './harness';

export const tasksPath = (projectId: number) => `/projects/${projectId}/tasks`;
export const taskPath = (projectId: number, taskId: number, action = '') =>
  `/projects/${projectId}/tasks/${taskId}${action ? `/${action}` : ''}`;

/** A task made through the API by `client`, failing the test when the call is refused. */
export async function buildTask(
  client: ApiClient,
  projectId: number,
  fields: { text?: string; due_date?: string; assigned_ids: number[] },
): Promise<Json> {
  const answer = await client.post(tasksPath(projectId), {
    text: fields.text ?? 'Retouch the skin tones',
    due_date: fields.due_date ?? '30/11/2026',
    assigned_ids: fields.assigned_ids,
  });
  if (answer.status !== 201) throw new Error(`task failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.response;
}
