import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, TestApp } from './harness';
import type { TusClient } from './tus';
import { isStored, startUploadApp, uploadIdOf, uploadsWithLeftovers } from './uploadPlaces';

const MiB = 1024 * 1024;
/** 40 MiB of text: more than two of the bucket's 16 MiB parts, so every path of a multipart upload runs. */
const TEXT = Buffer.from(
  'Proofroom keeps every byte of what you send, wherever it lands.\n'.repeat((40 * MiB) / 64),
);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * A large tus upload, wherever uploads gather (the uploads folder; the bucket when the suite runs
 * scaled out, where it is a multipart upload of 16 MiB parts plus tus's partial part).
 */
describe('a large tus upload, in pieces', () => {
  let t: TestApp;
  let client: ApiClient;
  let tus: TusClient;
  let project: { id: number };

  beforeAll(async () => {
    ({ t, client, tus, project } = await startUploadApp());
  });
  afterAll(() => t.close());

  /** The stored original of the asset's current round. */
  async function originalOf(assetId: number): Promise<Buffer> {
    const round = await t.ctx.db
      .selectFrom('asset_versions')
      .innerJoin('assets', 'assets.current_version_id', 'asset_versions.id')
      .select(['asset_versions.original_key'])
      .where('assets.id', '=', assetId)
      .executeTakeFirstOrThrow();
    return t.ctx.storage.read(round.original_key, 0, TEXT.length + 1);
  }

  it('takes PATCHes cut anywhere, a dropped connection included, and stores the file byte for byte', async () => {
    const created = await tus.create({ filename: 'long read.txt', project_id: project.id }, TEXT.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;

    // 7 MiB + 1: less than a part, then across the first part's end.
    const first = 7 * MiB + 1;
    expect((await tus.patch(location, 0, TEXT.subarray(0, first))).status).toBe(204);
    expect((await tus.offset(location)).offset).toBe(first);
    expect((await tus.patch(location, first, TEXT.subarray(first, 19 * MiB))).status).toBe(204);
    expect((await tus.offset(location)).offset).toBe(19 * MiB);

    // The line drops 15 MiB into a PATCH of the rest: the upload goes on from what was stored.
    await tus.patchCut(location, 19 * MiB, TEXT.subarray(19 * MiB), 15 * MiB);
    const resumeAt = (await tus.offset(location)).offset;
    expect(resumeAt).toBeGreaterThanOrEqual(19 * MiB);
    expect(resumeAt).toBeLessThanOrEqual(34 * MiB);
    const done = await tus.patch(location, resumeAt, TEXT.subarray(resumeAt));
    expect(done.status).toBe(204);

    const assetId = Number(done.headers.get('upload-asset-id'));
    const asset = (await client.get(`/assets/${assetId}`)).body.response;
    expect(asset.current_version.size_in_bytes).toBe(TEXT.length);
    expect(sha256(await originalOf(assetId))).toBe(sha256(TEXT));
    // Nothing of the upload stays where it gathered: no bytes, record, partial part or multipart upload.
    expect(await isStored(t, uploadIdOf(location))).toBe(false);
    expect(await uploadsWithLeftovers(t)).toEqual([]);
  });

  it('removes everything of a canceled upload at once, parts included, and frees its name', async () => {
    const created = await tus.create({ filename: 'canceled.txt', project_id: project.id }, TEXT.length);
    const location = created.headers.get('location')!;
    expect((await tus.patch(location, 0, TEXT.subarray(0, 20 * MiB))).status).toBe(204);
    expect(await isStored(t, uploadIdOf(location))).toBe(true);

    expect((await tus.terminate(location)).status).toBe(204);
    expect(await isStored(t, uploadIdOf(location))).toBe(false);
    expect((await tus.offset(location)).status).toBe(404);
    const again = await tus.upload(
      { filename: 'canceled.txt', project_id: project.id },
      TEXT.subarray(0, MiB),
    );
    expect(again.finished!.status).toBe(204);
  });

  it('refuses a large file whose content is not what its name says, after the bytes, and keeps none of them', async () => {
    const zipLike = Buffer.concat([Buffer.from('PK\x03\x04'), TEXT.subarray(4, 20 * MiB)]);
    const { created, finished } = await tus.upload(
      { filename: 'notes.txt', project_id: project.id },
      zipLike,
    );
    expect(created.status).toBe(201);
    expect(finished!.status).toBe(422);
    expect(finished!.body.response.error.code).toBe('invalid_content');
    expect(await isStored(t, uploadIdOf(created.headers.get('location')!))).toBe(false);
    const names = (await client.get(`/projects/${project.id}/assets`)).body.response.map(
      (a: { name: string }) => a.name,
    );
    expect(names).not.toContain('notes.txt');
  });
});
