import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAsset, buildRound } from './assetFactories';
import { seedAssets } from './assetSeeds';
import { startTestApp, type ApiClient, type Json, type TestApp } from './harness';
import { buildProjectCast } from './projectCast';
import { TINY_PNG } from './images';

/**
 * A project without a cover of its own is pictured on its card by its first asset's thumbnail
 * (projects-side §2 'Project cards show cover'): the first in the project's asset order whose
 * round has one, at an address whoever sees the card may load.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const projectOf = async (client: ApiClient, id: number): Promise<Json> =>
  (await client.get(`/projects/${id}`)).body.response;
const listed = async (client: ApiClient, id: number): Promise<Json> =>
  (await client.get('/projects/active')).body.response.find((p: Json) => p.id === id);
const thumbnailKey = (token: string) => ({
  key: `renditions/${token}/thumbnail`,
  lqip: 'data:image/png;base64,',
});

describe('the picture of a project without a cover', () => {
  it('is none for a project without assets, and the first asset’s thumbnail once there is one', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const empty = await projectOf(cast.owner.client, cast.project.id);
    expect(empty).toMatchObject({ cover_url: null, cover_id: null, thumbnail_url: null });

    const first = await buildAsset(cast.owner.client, cast.project.id, { name: 'first.png' });
    await buildAsset(cast.owner.client, cast.project.id, { name: 'second.png' });
    await t.ctx.jobs.idle();
    const shown = await projectOf(cast.owner.client, cast.project.id);
    const round = (await cast.owner.client.get(`/assets/${first.id}`)).body.response.current_version;
    const token = /\/renditions\/\d+\/([a-z0-9]+)\/thumbnail$/.exec(round.thumbnail_url)![1];
    expect(shown.cover_id).toBe(first.id);
    expect(shown.thumbnail_url).toBe(`/api/v1/projects/${cast.project.id}/thumbnails/${round.id}/${token}`);
    // The project lists say the same.
    expect(await listed(cast.owner.client, cast.project.id)).toMatchObject({
      cover_id: first.id,
      thumbnail_url: shown.thumbnail_url,
    });
  });

  it('follows the project’s asset order: the root by hand, then folders; skips assets without a thumbnail', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const projectId = cast.project.id;
    const place = { projectId, uploaderId: cast.owner.user.id };
    const folder = (await cast.owner.client.post(`/projects/${projectId}/folders`, { name: 'Selects' })).body
      .response;
    const [inFolder] = await seedAssets(t.ctx, { ...place, folderId: folder.id }, [
      { name: 'folder.jpg', thumbnail: thumbnailKey('folderthumb') },
    ]);
    expect((await projectOf(cast.owner.client, projectId)).cover_id).toBe(inFolder);

    const [processing, a, b] = await seedAssets(t.ctx, place, [
      { name: 'processing.jpg' },
      { name: 'a.jpg', thumbnail: thumbnailKey('athumb') },
      { name: 'b.jpg', thumbnail: thumbnailKey('bthumb') },
    ]);
    // The root comes first; an asset whose round has no thumbnail yet is passed over.
    const byId = await projectOf(cast.owner.client, projectId);
    expect(byId.cover_id).toBe(a);
    expect(byId.thumbnail_url).toMatch(/\/thumbnails\/\d+\/athumb$/);

    // Placed by hand, b leads the project's order, and pictures it.
    const ordered = await cast.owner.client.patch(`/projects/${projectId}/set_assets_order`, {
      asset_ids: [processing, b, a],
    });
    expect(ordered.status).toBe(200);
    const byHand = await projectOf(cast.collaborator.client, projectId);
    expect(byHand.cover_id).toBe(b);
    expect(byHand.thumbnail_url).toMatch(/\/thumbnails\/\d+\/bthumb$/);
  });

  it('gives way to an uploaded cover', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    await seedAssets(t.ctx, { projectId: cast.project.id, uploaderId: cast.owner.user.id }, [
      { name: 'a.jpg', thumbnail: thumbnailKey('coverless') },
    ]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(TINY_PNG)]), 'cover.png');
    const covered = await cast.owner.client.request('POST', `/projects/${cast.project.id}/cover`, form);
    expect(covered.status).toBe(200);
    expect(covered.body.response).toMatchObject({ cover_id: null, thumbnail_url: null });
    expect(covered.body.response.cover_url).toMatch(/\/cover\?v=/);
    const removed = await cast.owner.client.delete(`/projects/${cast.project.id}/cover`);
    expect(removed.body.response.thumbnail_url).toMatch(/\/thumbnails\/\d+\/coverless$/);
  });

  it('is served to whoever sees the project, the workspace owner outside it too, and to no one else', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const asset = await buildAsset(cast.owner.client, cast.project.id, { name: 'hero.png' });
    await t.ctx.jobs.idle();
    const url: string = (await projectOf(cast.owner.client, cast.project.id)).thumbnail_url;
    const path = url.replace('/api/v1', '');
    for (const client of [cast.owner.client, cast.viewer.client, cast.workspaceOwner.client]) {
      const served = await client.get(path);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^image\//);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(served.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    }
    // The workspace owner sees the card but not the assets: the asset's own address is closed to them.
    const round = (await cast.owner.client.get(`/assets/${asset.id}`)).body.response.current_version;
    expect((await cast.workspaceOwner.client.get(round.thumbnail_url.replace('/api/v1', ''))).status).toBe(
      403,
    );

    expect((await cast.stranger.client.get(path)).status).toBe(404);
    expect((await cast.anonymous.client.get(path)).status).toBe(401);
    // A wrong folder name, another project's path, a bad id: nothing.
    expect((await cast.owner.client.get(path.replace(/[a-z0-9]+$/, 'wrongtoken'))).status).toBe(404);
    const other = await buildProjectCast(t.baseUrl, t.ctx);
    expect(
      (
        await other.owner.client.get(
          path.replace(`/projects/${cast.project.id}/`, `/projects/${other.project.id}/`),
        )
      ).status,
    ).toBe(404);
    expect((await cast.owner.client.get(path.replace(/thumbnails\/\d+/, 'thumbnails/abc'))).status).toBe(422);

    // After a new round, the older round's address names nothing; the card shows the new one.
    await buildRound(cast.owner.client, asset.id);
    await t.ctx.jobs.idle();
    expect((await cast.owner.client.get(path)).status).toBe(404);
    const next: string = (await projectOf(cast.owner.client, cast.project.id)).thumbnail_url;
    expect(next).not.toBe(url);
    expect((await cast.viewer.client.get(next.replace('/api/v1', ''))).status).toBe(200);
  });
});
