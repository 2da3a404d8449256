import type { ApiClient, Json } from './harness';
import { TINY_PNG } from './images';

let sequence = 0;

/**
 * An asset uploaded through POST /assets (multipart) by the client's user: a real 2×2 PNG, stored
 * and counted like any upload. Answers the presented asset.
 */
export async function buildAsset(
  client: ApiClient,
  projectId: number,
  options: { name?: string; folderId?: number | null; bytes?: Buffer } = {},
): Promise<Json> {
  sequence += 1;
  const form = new FormData();
  form.set('project_id', String(projectId));
  if (options.folderId) form.set('folder_id', String(options.folderId));
  form.set(
    'file',
    new Blob([new Uint8Array(options.bytes ?? TINY_PNG)]),
    options.name ?? `still-${sequence}.png`,
  );
  const answer = await client.post('/assets', form);
  if (answer.status !== 201)
    throw new Error(`upload failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.response;
}

/** A new round of the asset, uploaded by the client's user. */
export async function buildRound(client: ApiClient, assetId: number, name = 'round.png'): Promise<Json> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(TINY_PNG)]), name);
  const answer = await client.post(`/assets/${assetId}/versions`, form);
  if (answer.status !== 201) throw new Error(`round failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.response;
}
