import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient, TestApp } from './harness';
import type { TusClient } from './tus';
import {
  isStored,
  startUploadApp,
  storeTheRest,
  uploadIdOf as idOf,
  uploadsWithLeftovers,
} from './uploadPlaces';

const JPEG = readFileSync(join(__dirname, '../../../shared/corpus/jpeg/exif-orientation-6_portrait.jpg'));
const MINUTE = 60_000;

describe('the sweep of uploads left behind', () => {
  let t: TestApp;
  let client: ApiClient;
  let tus: TusClient;
  let project: { id: number };

  beforeAll(async () => {
    ({ t, client, tus, project } = await startUploadApp({ UPLOAD_EXPIRY_HOURS: '1' }));
    // Stored files carry the real time: the app's clock starts there.
    t.clock.set(new Date());
  });
  afterAll(() => t.close());

  it('makes the asset of a file whose last bytes were stored when the process stopped', async () => {
    const created = await tus.create({ filename: 'stopped.jpg', project_id: project.id }, JPEG.length);
    const location = created.headers.get('location')!;
    await tus.patch(location, 0, JPEG.subarray(0, 5000));
    // The rest was stored, and the process died before it made the asset.
    await storeTheRest(t, idOf(location), JPEG, 5000);
    expect((await client.get(`/uploads/${idOf(location)}/result`)).body.response.status).toBe('uploading');

    expect(await t.ctx.uploadSweep.run()).toEqual({ finished: 0, expired: 0 }); // still quiet for too short
    t.clock.advance(11 * MINUTE);
    expect(await t.ctx.uploadSweep.run()).toEqual({ finished: 1, expired: 0 });
    const result = (await client.get(`/uploads/${idOf(location)}/result`)).body.response;
    expect(result.status).toBe('done');
    const asset = (await client.get(`/assets/${result.asset_id}`)).body.response;
    expect(asset).toMatchObject({ name: 'stopped.jpg', asset_versions_count: 1 });
    expect(asset.current_version.size_in_bytes).toBe(JPEG.length);
    expect(await uploadsWithLeftovers(t)).not.toContain(idOf(location));
  });

  it('removes a partial upload untouched past the expiry, and lets go of its name', async () => {
    const created = await tus.create({ filename: 'abandoned.jpg', project_id: project.id }, JPEG.length);
    const location = created.headers.get('location')!;
    await tus.patch(location, 0, JPEG.subarray(0, 5000));
    const id = idOf(location);
    // Touched 30 minutes ago: kept.
    t.clock.advance(30 * MINUTE);
    expect((await t.ctx.uploadSweep.run()).expired).toBe(0);
    expect(await isStored(t, id)).toBe(true);
    // Two hours ago, past UPLOAD_EXPIRY_HOURS=1: removed.
    t.clock.advance(90 * MINUTE);
    expect((await t.ctx.uploadSweep.run()).expired).toBe(1);
    expect(await isStored(t, id)).toBe(false);
    expect((await client.get(`/uploads/${idOf(location)}/result`)).body.response.status).toBe('failed');
    expect(
      (await tus.create({ filename: 'abandoned.jpg', project_id: project.id }, JPEG.length)).status,
    ).toBe(201);
  });
});
