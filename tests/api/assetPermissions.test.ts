import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_TEXTS } from '@common/api/assets';
import { buildAsset } from './assetFactories';
import { startTestApp, type ApiClient, type ApiResponse, type Json, type TestApp } from './harness';
import { buildProjectCast, PROJECT_CALLERS, type ProjectCast, type ProjectCaller } from './projectCast';

/**
 * Every asset action walked with every kind of caller (projects-side §6): the owner does all; a
 * collaborator all but rename; a viewer (View Only) sees and marks seen only; the workspace owner
 * outside the project sees the project, not its assets (403); a workspace admin outside it and a
 * stranger get 404; anonymous callers 401.
 */
let t: TestApp;
let cast: ProjectCast;
let folder: Json;
let label: Json;

beforeAll(async () => {
  t = await startTestApp();
  cast = await buildProjectCast(t.baseUrl, t.ctx);
  folder = (await cast.owner.client.post(`/projects/${cast.project.id}/folders`, { name: 'Selects' })).body
    .response;
  label = (
    await cast.owner.client.post('/labels', {
      name: 'Hero',
      labellable_type: 'Project',
      labellable_id: cast.project.id,
    })
  ).body.response;
});
afterAll(() => t.close());

type Call = (client: ApiClient, asset: Json, caller: ProjectCaller) => Promise<ApiResponse<Json>>;

const ids = (asset: Json) => ({ ids: [asset.id] });
const CALLS: Record<string, Call> = {
  read: (c, a) => c.get(`/assets/${a.id}`),
  rename: (c, a, who) => c.patch(`/assets/${a.id}/update_filename`, { filename: `by-${who}.png` }),
  delete: (c, a) => c.request('DELETE', `/projects/${a.project_id}/assets`, ids(a)),
  move: (c, a) => c.post(`/folders/${folder.id}/move_assets`, { assets_ids: [a.id] }),
  unfold: (c, a) => c.post(`/projects/${a.project_id}/unfold_assets`, { assets_ids: [a.id] }),
  approve: (c, a) => c.patch(`/projects/${a.project_id}/assets/mark_as_approved`, ids(a)),
  unapprove: (c, a) => c.patch(`/projects/${a.project_id}/assets/unmark_as_approved`, ids(a)),
  flag: (c, a) => c.post(`/assets/${a.id}/set_rush_priority`),
  unflag: (c, a) => c.post(`/assets/${a.id}/unset_rush_priority`),
  label: (c, a) => c.post('/assets/add_label', { assets_ids: [a.id], label_id: label.id }),
  unlabel: (c, a) => c.post('/assets/remove_label', { assets_ids: [a.id] }),
  seen: (c, a) => c.post(`/assets/${a.id}/last_seen`),
};

/** What each caller gets; outside the project, the answer is the same for every call. */
const row = (owner: number, collaborator: number, viewer: number): Record<ProjectCaller, number> => ({
  owner,
  collaborator,
  viewer,
  workspaceAdmin: 404,
  workspaceOwner: 403,
  stranger: 404,
  anonymous: 401,
});
const TABLE: Record<keyof typeof CALLS, Record<ProjectCaller, number>> = {
  read: row(200, 200, 200),
  rename: row(200, 403, 403),
  delete: row(200, 200, 403),
  move: row(200, 200, 403),
  unfold: row(200, 200, 403),
  approve: row(200, 200, 403),
  unapprove: row(200, 200, 403),
  flag: row(200, 200, 403),
  unflag: row(200, 200, 403),
  label: row(200, 200, 403),
  unlabel: row(200, 200, 403),
  seen: row(200, 200, 200),
};

describe('asset actions by caller', () => {
  for (const [name, call] of Object.entries(CALLS)) {
    it(`${name}: ${Object.values(TABLE[name]!).join(' ')}`, async () => {
      const got: Partial<Record<ProjectCaller, number>> = {};
      for (const caller of PROJECT_CALLERS) {
        // A fresh asset each time: one caller's delete or move does not decide the next one's answer.
        const asset = await buildAsset(cast.owner.client, cast.project.id);
        const answer = await call(cast[caller].client, asset, caller);
        got[caller] = answer.status;
        if (answer.status === 404) expect(answer.body.response.error.code).toBe('not_found');
        if (answer.status === 403) expect(answer.body.response.error.code).toBe('forbidden');
      }
      expect(got).toEqual(TABLE[name]);
    });
  }

  it('answers an asset the caller may not see as it answers a deleted one', async () => {
    const asset = await buildAsset(cast.owner.client, cast.project.id);
    const hidden = await cast.stranger.client.get(`/assets/${asset.id}`);
    await cast.owner.client.request('DELETE', `/projects/${cast.project.id}/assets`, { ids: [asset.id] });
    const deleted = await cast.owner.client.get(`/assets/${asset.id}`);
    expect(deleted.status).toBe(404);
    expect(deleted.body.response.error).toEqual({ code: 'not_found', message: ASSET_TEXTS.notFound });
    expect(hidden.body).toEqual(deleted.body);
  });
});
