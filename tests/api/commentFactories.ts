import { MARKUP_COLORS, MARKUP_POINTS_MAX } from '@common/api/comments';
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

/** An arrow, rectangle or ellipse over two relative points (tail and head, or opposite corners), in blue at size 4. */
export function typedShape(
  type: 'arrow' | 'rectangle' | 'ellipse',
  over: Record<string, unknown> = {},
): Json {
  return line({
    type,
    points: [
      { x: 0.25, y: 0.3 },
      { x: 0.75, y: 0.6 },
    ],
    stroke_color: MARKUP_COLORS.blue,
    stroke_size: 4,
    ...over,
  });
}

/** A line of the most points a line may have: a zigzag across the picture, its own for each seed. */
export function heavyLine(seed: number): Json {
  return {
    points: Array.from({ length: MARKUP_POINTS_MAX }, (_, i) => ({
      x: Number(((i % 1000) / 1000).toFixed(3)),
      y: Number((((seed * 37 + Math.floor(i / 1000) * 11 + (i % 7)) % 1000) / 1000).toFixed(3)),
    })),
    stroke_color: MARKUP_COLORS.red,
    stroke_size: 2,
    is_relative: true,
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
