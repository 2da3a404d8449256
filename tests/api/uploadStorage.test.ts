import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { changeSchemaAlone } from '@server/db/database';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { down, up } from '@server/db/migrations/20261128090000_count_comment_files';
import { useStorage } from './billingHelpers';
import { buildAsset } from './assetFactories';
import { buildWorkspace } from './factories';
import { startTestApp, type ApiClient, type TestApp } from './harness';
import { buildProject } from './projectFactories';
import { TusClient } from './tus';

const CORPUS = join(__dirname, '../../../shared/corpus');
/** 137,628 bytes of JPEG. */
const JPEG = readFileSync(join(CORPUS, 'jpeg/exif-orientation-6_landscape.jpg'));
/** 14,195 bytes of PNG. */
const PNG = readFileSync(join(CORPUS, 'png/16bit-grey-alpha_109x96.png'));
const BOUNDARY = '----proofroom-storage-boundary';
const CHUNK = 16 * 1024;

/**
 * A multipart body sent with `Transfer-Encoding: chunked` (no Content-Length), the file in 16 KiB
 * chunks: what a client that does not declare its size sends. `holdLast` keeps the file's last
 * chunk back until it resolves.
 */
function chunkedForm(
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer },
  holdLast?: Promise<void>,
): ReadableStream<Uint8Array> {
  const head = Object.entries(fields)
    .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const chunks: Buffer[] = [
    Buffer.from(
      `${head}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
  ];
  for (let at = 0; at < file.bytes.length; at += CHUNK) chunks.push(file.bytes.subarray(at, at + CHUNK));
  chunks.push(Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
  return new ReadableStream({
    async pull(controller) {
      // Two left: the file's last chunk and the closing boundary.
      if (holdLast && chunks.length === 2) await holdLast;
      const chunk = chunks.shift();
      if (chunk) controller.enqueue(new Uint8Array(chunk));
      else controller.close();
    },
  });
}

async function sendChunked(t: TestApp, client: ApiClient, path: string, body: ReadableStream<Uint8Array>) {
  const response = await fetch(`${t.baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie: client.cookieHeader },
    body,
    duplex: 'half',
  } as RequestInit);
  return { status: response.status, body: await response.json() };
}

describe('storage: every byte counted as it streams', () => {
  let t: TestApp;
  let client: ApiClient;
  let workspace: { id: number };
  let project: { id: number };
  let capacity: number;

  beforeAll(async () => {
    t = await startTestApp();
    ({ client, workspace } = await buildWorkspace(t.baseUrl, t.ctx));
    project = await buildProject(client, workspace.id, { assets_start_retouched: false });
    capacity = (await t.ctx.workspaceAccess.stateOf(workspace.id)).storageCapacity;
  });
  afterAll(() => t.close());
  afterEach(() => useStorage(t.ctx, workspace.id, 0));

  const used = async (): Promise<number> =>
    (await client.get(`/workspaces/${workspace.id}`)).body.response.storage_used_in_bytes;
  const uploadsLeft = async () => await readdir(join(t.dataDir, 'uploads')).catch(() => []);
  const assetNames = async (): Promise<string[]> =>
    (await client.get(`/projects/${project.id}/assets`)).body.response.map((a: { name: string }) => a.name);
  const storageLimit = () => ({
    code: 'invalid_workspace',
    message: 'Storage limit reached!',
    details: { workspace_id: workspace.id, is_owner: true, is_trial: true },
  });

  it('refuses a chunked POST /assets at the limit with invalid_workspace, and keeps none of it', async () => {
    await useStorage(t.ctx, workspace.id, capacity - 1000);
    const answer = await sendChunked(
      t,
      client,
      '/assets',
      chunkedForm({ project_id: String(project.id) }, { name: 'undeclared.jpg', bytes: JPEG }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.response.error).toMatchObject(storageLimit());
    expect(await used()).toBe(capacity - 1000);
    expect(await assetNames()).not.toContain('undeclared.jpg');
    expect(await uploadsLeft()).toEqual([]);
    // The connection it came on is not needed for the next call.
    expect((await client.get('/users/me')).status).toBe(200);
  });

  it('refuses a chunked new round at the limit the same way', async () => {
    const asset = await buildAsset(client, project.id, { name: 'round-base.png' });
    await t.ctx.jobs.idle();
    const before = await used();
    await useStorage(t.ctx, workspace.id, capacity - PNG.length + 1);
    const answer = await sendChunked(
      t,
      client,
      `/assets/${asset.id}/versions`,
      chunkedForm({}, { name: 'round.png', bytes: PNG }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.response.error).toMatchObject(storageLimit());
    expect((await client.get(`/assets/${asset.id}`)).body.response.asset_versions_count).toBe(1);
    expect(await uploadsLeft()).toEqual([]);
    expect(before).toBeGreaterThan(0);
  });

  it('takes a chunked file that fits exactly, counted by the bytes that came', async () => {
    await useStorage(t.ctx, workspace.id, capacity - PNG.length);
    const answer = await sendChunked(
      t,
      client,
      '/assets',
      chunkedForm({ project_id: String(project.id) }, { name: 'exactly.png', bytes: PNG }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.response.current_version.size_in_bytes).toBe(PNG.length);
    expect(await used()).toBe(capacity);
  });

  it('holds the bytes of a chunked upload while it streams: a tus upload may not take them meanwhile', async () => {
    const room = JPEG.length + 10;
    await useStorage(t.ctx, workspace.id, capacity - room);
    let release!: () => void;
    const until = new Promise<void>((resolve) => (release = resolve));
    const streaming = sendChunked(
      t,
      client,
      '/assets',
      chunkedForm({ project_id: String(project.id) }, { name: 'streaming.jpg', bytes: JPEG }, until),
    );
    try {
      // The reservation grows with the bytes received: wait until it covers what has been sent.
      await vi.waitFor(async () => {
        const row = await t.ctx.db
          .selectFrom('asset_uploads')
          .select('size_bytes')
          .where('file_name', '=', 'streaming.jpg')
          .where('status', '=', 'uploading')
          .executeTakeFirst();
        expect(Number(row?.size_bytes ?? 0)).toBeGreaterThanOrEqual(JPEG.length - CHUNK);
      });
      const tus = new TusClient(t.baseUrl, client);
      const meanwhile = await tus.create({ filename: 'meanwhile.jpg', project_id: project.id }, JPEG.length);
      expect(meanwhile.status).toBe(400);
      expect(meanwhile.body.response.error).toMatchObject(storageLimit());
    } finally {
      release();
    }
    const answer = await streaming;
    expect(answer.status).toBe(201);
    expect(await used()).toBe(capacity - 10);
  });
});

describe('storage: comment attachments', () => {
  let t: TestApp;
  let client: ApiClient;
  let workspace: { id: number };
  let project: { id: number };
  let asset: { id: number };
  let capacity: number;

  beforeAll(async () => {
    t = await startTestApp();
    ({ client, workspace } = await buildWorkspace(t.baseUrl, t.ctx));
    project = await buildProject(client, workspace.id);
    capacity = (await t.ctx.workspaceAccess.stateOf(workspace.id)).storageCapacity;
  });
  afterAll(() => t.close());

  const used = async (): Promise<number> =>
    (await client.get(`/workspaces/${workspace.id}`)).body.response.storage_used_in_bytes;
  const form = (fields: Record<string, string>, files: number) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    for (let i = 0; i < files; i += 1) body.append('files', new Blob([new Uint8Array(PNG)]), `ref-${i}.png`);
    return body;
  };

  it('counts the files of a comment in the workspace’s storage, and lets them go with the comment', async () => {
    asset = await buildAsset(client, project.id, { name: 'commented.png' });
    const before = await used();
    const made = await client.post('/comments', form({ asset_id: String(asset.id), text: 'Refs' }, 3));
    expect(made.status).toBe(201);
    expect(await used()).toBe(before + 3 * PNG.length);

    const reply = await client.post(
      '/comments',
      form({ asset_id: String(asset.id), text: 'One more', parent_id: String(made.body.response.id) }, 1),
    );
    expect(reply.status).toBe(201);
    expect(await used()).toBe(before + 4 * PNG.length);

    // An edit that keeps one of the three files lets the other two go, and a new one is counted.
    const edit = form({ files: String(made.body.response.files[0].id) }, 1);
    expect((await client.patch(`/comments/${made.body.response.id}`, edit)).status).toBe(200);
    expect(await used()).toBe(before + 3 * PNG.length);

    // The comment goes with its reply and all their files.
    expect((await client.delete(`/comments/${made.body.response.id}`)).status).toBe(200);
    expect(await used()).toBe(before);
  });

  it('refuses files past the storage left with the uploads’ invalid_workspace, and stores none', async () => {
    const before = await used();
    await useStorage(t.ctx, workspace.id, capacity - 2 * PNG.length);
    try {
      const refused = await client.post(
        '/comments',
        form({ asset_id: String(asset.id), text: 'Too much' }, 3),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.response.error).toMatchObject({
        code: 'invalid_workspace',
        message: 'Storage limit reached!',
        details: { workspace_id: workspace.id, is_owner: true, is_trial: true },
      });
      const comments = (await client.get(`/assets/${asset.id}/comments`)).body.response;
      expect(comments.map((c: { text: string }) => c.text)).not.toContain('Too much');
      expect(await t.ctx.db.selectFrom('comment_files').select('id').execute()).toHaveLength(0);

      // Exactly what is left fits; then not one more file, on a new comment or an edit.
      const fits = await client.post('/comments', form({ asset_id: String(asset.id), text: 'Fits' }, 2));
      expect(fits.status).toBe(201);
      expect(await used()).toBe(capacity);
      const more = await client.patch(`/comments/${fits.body.response.id}`, form({}, 1));
      expect(more.status).toBe(400);
      expect(more.body.response.error.code).toBe('invalid_workspace');
      expect(await t.ctx.db.selectFrom('comment_files').select('id').execute()).toHaveLength(2);
    } finally {
      await useStorage(t.ctx, workspace.id, before);
    }
  });

  it('counts the files attached before the count began, once (the migration)', async () => {
    const before = await used();
    const made = await client.post('/comments', form({ asset_id: String(asset.id), text: 'Old' }, 1));
    expect(await used()).toBe(before + PNG.length);
    const files = await t.ctx.db.selectFrom('comment_files').select('size_bytes').execute();
    const filesBytes = files.reduce((sum, f) => sum + Number(f.size_bytes), 0);
    // As an installation had it before the migration: the files stored, their bytes not counted.
    // Alone: another file's migrator reading every schema's columns meanwhile would miss this one.
    await changeSchemaAlone(t.ctx.db, (trx) => down(trx as unknown as Kysely<unknown>));
    expect(await used()).toBe(before + PNG.length - filesBytes);
    await changeSchemaAlone(t.ctx.db, (trx) => up(trx as unknown as Kysely<unknown>));
    expect(await used()).toBe(before + PNG.length);
    expect((await client.delete(`/comments/${made.body.response.id}`)).status).toBe(200);
    expect(await used()).toBe(before);
  });

  it('lets the files go with their asset', async () => {
    const other = await buildAsset(client, project.id, { name: 'going.png' });
    const before = await used();
    const made = await client.post('/comments', form({ asset_id: String(other.id), text: 'Bye' }, 2));
    expect(made.status).toBe(201);
    expect(await used()).toBe(before + 2 * PNG.length);
    const round = Number(other.current_version.size_in_bytes);
    const removed = await client.request('DELETE', `/projects/${project.id}/assets`, { ids: [other.id] });
    expect(removed.status, JSON.stringify(removed.body)).toBeLessThan(300);
    expect(await used()).toBe(before - round);
  });
});
