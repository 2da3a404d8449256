import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildWorkspace } from './factories';
import { startTestApp, type ApiClient, type TestApp } from './harness';
import { buildProject } from './projectFactories';
import { TusClient } from './tus';

/**
 * Looks at and stands in for what an upload left where it gathers (server/adapters/uploads): the
 * uploads folder, or the bucket when the suite runs scaled out.
 */
const inBucket = (t: TestApp) => t.ctx.config.storage.driver === 's3';

/** The id at the end of a tus upload's location. */
export const uploadIdOf = (location: string) => location.split('/').pop()!;

/** Whether anything of upload `id` is stored (bytes, tus record, a partial part, an open multipart upload). */
export async function isStored(t: TestApp, id: string): Promise<boolean> {
  return (await t.ctx.uploadPlaces.of(id).progress(id, 0)) !== null;
}

/** The ids of uploads with anything left, in every place. */
export async function uploadsWithLeftovers(t: TestApp): Promise<string[]> {
  const ids: string[] = [];
  for (const place of t.ctx.uploadPlaces.all()) for await (const { id } of place.leftovers()) ids.push(id);
  return ids.sort();
}

/** The rest of the bytes (from `from`) were stored, and the process stopped before it made the asset. */
export async function storeTheRest(t: TestApp, id: string, whole: Buffer, from: number): Promise<void> {
  // In the bucket, the last PATCH ends by completing the multipart upload: the whole object is there.
  if (inBucket(t)) await t.ctx.storage.put(`uploads/${id}`, whole, 'application/octet-stream');
  else appendFileSync(join(t.dataDir, 'uploads', id), whole.subarray(from));
}

/** A tus record whose upload never got a row (the process stopped between the two). */
export async function storeRecordWithoutRow(t: TestApp, id: string): Promise<void> {
  if (inBucket(t)) await t.ctx.storage.put(`uploads/${id}.info`, Buffer.from('{}'), 'application/json');
  else writeFileSync(join(t.dataDir, 'uploads', `${id}.json`), '{}');
}

/** An app with an owner, their workspace and project, and a tus client signed in as them. */
export async function startUploadApp(
  env: Record<string, string> = {},
): Promise<{ t: TestApp; client: ApiClient; tus: TusClient; project: { id: number } }> {
  const t = await startTestApp(env);
  const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
  const project = await buildProject(client, workspace.id);
  return { t, client, tus: new TusClient(t.baseUrl, client), project };
}
