import { MARKUP_COLORS } from '@common/api/comments';
import type { ApiClient, ApiResponse, Json } from './harness';

/** A line of two relative points in the spec's green at size 3, with any field overridden. */
export function line(over: Record<string, unknown> = {}): Json {
  return {
    points: [
      { x: 0.1, y: 0.2 },
      { x: 0.4, y: 0.5 },
    ],
    stroke_color: MARKUP_COLORS.green,
    stroke_size: 3,
    is_relative: true,
    ...over,
  };
}

/** POST /comments as JSON, answered as it came (for refusals). */
export function postComment(client: ApiClient, assetId: number, fields: Record<string, unknown> = {}) {
  return client.post('/comments', { asset_id: assetId, text: 'Please brighten the sky.', ...fields });
}

/** A comment (or reply, with parent_id) that must be created: answers the presented comment. */
export async function buildComment(
  client: ApiClient,
  assetId: number,
  fields: Record<string, unknown> = {},
): Promise<Json> {
  const answer = await postComment(client, assetId, fields);
  if (answer.status !== 201)
    throw new Error(`comment failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.response;
}

/** The error of a refused call, with its status. */
export function refusal(answer: ApiResponse<Json>) {
  return { status: answer.status, ...answer.body?.response?.error };
}
