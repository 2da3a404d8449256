import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRESENCE_TTL_SECONDS } from '@common/api/liveEvents';
import { buildAsset } from './assetFactories';
import { type ApiClient, type Json, startTestApp, type TestApp } from './harness';
import { LiveStream } from './liveClient';
import { buildProjectCast, type ProjectCast } from './projectCast';

let t: TestApp;
let cast: ProjectCast;
let owner: ApiClient;
let asset: Json;
const streams: LiveStream[] = [];

async function open(client: ApiClient): Promise<LiveStream> {
  const stream = await LiveStream.open(t.baseUrl, { client });
  streams.push(stream);
  return stream;
}

const viewersPath = () => `/assets/${asset.id}/viewers`;
const ids = (viewers: Json[]) => viewers.map((v) => v.id);

beforeAll(async () => {
  // The sweep runs often here, so an expiry is seen soon after the clock passes it.
  t = await startTestApp({ LIVE_SWEEP_SECONDS: '0.1' });
});
afterAll(() => t.close());

beforeEach(async () => {
  cast = await buildProjectCast(t.baseUrl, t.ctx);
  owner = cast.owner.client;
  asset = await buildAsset(owner, cast.project.id);
});
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});

describe('PUT and DELETE /assets/{id}/viewers', () => {
  it('answers who looks at the asset, and tells the project’s members of each arrival and departure', async () => {
    const watching = await open(cast.viewer.client);
    const joined = await owner.put(viewersPath());
    expect(joined.status).toBe(200);
    expect(joined.body.response).toEqual([
      { id: cast.owner.user.id, name: cast.owner.user.name, avatar_url: null },
    ]);
    const first = await watching.next('asset.viewers_changed');
    expect(first.id).toBeNull();
    expect(first.data).toEqual({
      type: 'asset.viewers_changed',
      project_id: cast.project.id,
      object_type: 'Asset',
      object_id: asset.id,
      data: { asset_id: asset.id, viewers: joined.body.response },
    });

    const second = await cast.collaborator.client.put(viewersPath());
    expect(ids(second.body.response)).toEqual([cast.owner.user.id, cast.collaborator.user.id]);
    await watching.until(() => watching.all('asset.viewers_changed').length === 2, 'the second arrival');

    // A heartbeat only prolongs the stay: nobody is told.
    expect(ids((await owner.put(viewersPath())).body.response)).toEqual([
      cast.owner.user.id,
      cast.collaborator.user.id,
    ]);
    const left = await owner.delete(viewersPath());
    expect(left.status).toBe(200);
    expect(ids(left.body.response)).toEqual([cast.collaborator.user.id]);
    const third = await watching.until(() => watching.all('asset.viewers_changed')[2], 'the departure');
    expect(ids(third.data.data.viewers)).toEqual([cast.collaborator.user.id]);
    expect(watching.all('asset.viewers_changed')).toHaveLength(3);
  });

  it('ends a stay not renewed in time, and tells of it', async () => {
    const watching = await open(owner);
    await cast.collaborator.client.put(viewersPath());
    await watching.next('asset.viewers_changed');
    t.clock.advance((PRESENCE_TTL_SECONDS + 1) * 1000);
    const expired = await watching.until(
      () => watching.all('asset.viewers_changed').find((m) => m.data.data.viewers.length === 0),
      'the expiry',
    );
    expect(expired.data.data.asset_id).toBe(asset.id);
    expect((await owner.put(viewersPath())).body.response).toHaveLength(1);
  });

  it('answers as any asset call: 404 to a stranger, 403 to the workspace owner outside, 401 to the anonymous', async () => {
    expect((await cast.stranger.client.put(viewersPath())).status).toBe(404);
    expect((await cast.stranger.client.delete(viewersPath())).status).toBe(404);
    // The workspace owner outside the project sees the project, not its assets (common/projectRoles.ts).
    expect((await cast.workspaceOwner.client.put(viewersPath())).status).toBe(403);
    expect((await cast.workspaceOwner.client.delete(viewersPath())).status).toBe(403);
    expect((await cast.anonymous.client.put(viewersPath())).status).toBe(401);
    expect((await owner.put('/assets/999999/viewers')).status).toBe(404);
    const rows = await t.ctx.db
      .selectFrom('asset_viewers')
      .select('user_id')
      .where('asset_id', '=', asset.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('tells only those who see the asset: not the workspace owner outside, not a shared view', async () => {
    const outside = await open(cast.workspaceOwner.client);
    const member = await open(cast.viewer.client);
    await cast.collaborator.client.put(viewersPath());
    await member.next('asset.viewers_changed');
    await owner.patch(`/projects/${cast.project.id}`, { name: 'Marker' });
    await outside.next('project.renamed');
    expect(outside.all('asset.viewers_changed')).toEqual([]);
  });
});
