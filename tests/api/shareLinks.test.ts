import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_LINK_ASSETS_MAX, SHARE_LINK_TEXTS } from '@common/api/shareLinks';
import { PROJECT_TEXTS } from '@common/api/projects';
import { buildAsset } from './assetFactories';
import { ApiClient, startTestApp, type Json, type TestApp } from './harness';
import { buildProjectCast, type ProjectCast } from './projectCast';
import { activityActions, buildProject } from './projectFactories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const linksPath = (project: { id: number }) => `/projects/${project.id}/share_links`;
const viewPath = (hash: string) => `/projects/shared_view?share_hash=${encodeURIComponent(hash)}`;
const inHours = (n: number) => new Date(t.clock.now().getTime() + n * 3_600_000).toISOString();

async function folderOf(cast: ProjectCast, name = 'Selects'): Promise<Json> {
  return (await cast.owner.client.post(`/projects/${cast.project.id}/folders`, { name })).body.response;
}

async function made(client: ApiClient, project: { id: number }, body: object): Promise<Json> {
  const answer = await client.post(linksPath(project), body);
  if (answer.status !== 200) throw new Error(`link failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.response;
}

/** The 422 details of a refused POST, and that no link was made. */
async function refused(cast: ProjectCast, body: object) {
  const answer = await cast.owner.client.post(linksPath(cast.project), body);
  expect(answer.status).toBe(422);
  expect(answer.body.response.error.code).toBe('invalid_record');
  return answer.body.response.error.details;
}

describe('POST /projects/{id}/share_links', () => {
  it("makes a link to the whole project with the public link's kind of hash, and lists it", async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const link = await made(cast.collaborator.client, cast.project, { kind: 'view' });
    expect(link).toEqual({
      id: expect.any(Number),
      kind: 'view',
      scope: 'project',
      folder_id: null,
      folder_name: null,
      asset_ids: [],
      hash: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      url: `/projects/shared_view/${link.hash}`,
      downloadable: false,
      show_comments: false,
      has_password: false,
      expires_at: null,
      created_at: t.clock.now().toISOString(),
      created_by: { id: cast.collaborator.user.id, name: cast.collaborator.user.name },
      guests_count: 0,
    });
    const listed = await cast.owner.client.get(linksPath(cast.project));
    expect(listed.status).toBe(200);
    expect(listed.body.response).toEqual([link]);
    // The project's public link is another thing: still none.
    expect((await cast.owner.client.get(`/projects/${cast.project.id}`)).body.response.share_hash).toBeNull();
    const view = await new ApiClient(t.baseUrl).get(viewPath(link.hash));
    expect(view.status).toBe(200);
    expect(view.body.response).toMatchObject({
      id: cast.project.id,
      link: { kind: 'view', scope: 'project' },
    });
  });

  it('makes a folder link and a selection link, with their options, newest first in the list', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const folder = await folderOf(cast);
    const a = await buildAsset(cast.owner.client, cast.project.id);
    const b = await buildAsset(cast.owner.client, cast.project.id, { folderId: folder.id });
    const toFolder = await made(cast.owner.client, cast.project, {
      kind: 'review',
      folder_id: folder.id,
      downloadable: true,
      show_comments: true,
      password: 'four',
      expires_at: inHours(3),
    });
    expect(toFolder).toMatchObject({
      kind: 'review',
      scope: 'folder',
      folder_id: folder.id,
      folder_name: 'Selects',
      asset_ids: [],
      downloadable: true,
      show_comments: true,
      has_password: true,
      expires_at: inHours(3),
    });
    t.clock.advance(1000);
    const toAssets = await made(cast.owner.client, cast.project, { kind: 'view', asset_ids: [b.id, a.id] });
    expect(toAssets).toMatchObject({
      scope: 'assets',
      folder_id: null,
      asset_ids: [a.id, b.id].sort((x, y) => x - y),
    });
    // Two guests join the review link: its list entry counts them.
    const unlock = { share_hash: toFolder.hash, password: 'four' };
    for (const name of ['Gail', 'Gus']) {
      const guest = new ApiClient(t.baseUrl);
      expect((await guest.post('/projects/shared_view/unlock', unlock)).status).toBe(200);
      expect((await guest.post(`/shared/${toFolder.hash}/guests`, { name })).status).toBe(201);
    }
    const listed = (await cast.collaborator.client.get(linksPath(cast.project))).body.response;
    expect(listed.map((l: Json) => l.id)).toEqual([toAssets.id, toFolder.id]);
    expect(listed.map((l: Json) => l.guests_count)).toEqual([0, 2]);
    expect(toFolder.hash).not.toBe(toAssets.hash);
    // The password is kept hashed, as the public link's.
    const stored = await t.ctx.db
      .selectFrom('share_links')
      .select('password_hash')
      .where('id', '=', toFolder.id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$/);
  });

  it('refuses every invalid request with the field and its message, making nothing', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const folder = await folderOf(cast);
    const asset = await buildAsset(cast.owner.client, cast.project.id);
    const other = await buildProject(cast.owner.client, cast.workspace.id);
    const foreignFolder = (await cast.owner.client.post(`/projects/${other.id}/folders`, { name: 'Theirs' }))
      .body.response;
    const foreignAsset = await buildAsset(cast.owner.client, other.id);

    expect(await refused(cast, {})).toEqual({ kind: [SHARE_LINK_TEXTS.kindInvalid] });
    expect(await refused(cast, { kind: 'edit' })).toEqual({ kind: [SHARE_LINK_TEXTS.kindInvalid] });
    expect(await refused(cast, { kind: 'view', folder_id: folder.id, asset_ids: [asset.id] })).toEqual({
      asset_ids: [SHARE_LINK_TEXTS.folderOrAssets],
    });
    expect(await refused(cast, { kind: 'view', folder_id: 0 })).toEqual({
      folder_id: [SHARE_LINK_TEXTS.folderIdInvalid],
    });
    expect(await refused(cast, { kind: 'view', folder_id: 'one' })).toEqual({
      folder_id: [SHARE_LINK_TEXTS.folderIdInvalid],
    });
    expect(await refused(cast, { kind: 'view', folder_id: foreignFolder.id })).toEqual({
      folder_id: [SHARE_LINK_TEXTS.folderGone],
    });
    expect(await refused(cast, { kind: 'view', folder_id: 999_999 })).toEqual({
      folder_id: [SHARE_LINK_TEXTS.folderGone],
    });
    expect(await refused(cast, { kind: 'view', asset_ids: [] })).toEqual({
      asset_ids: [SHARE_LINK_TEXTS.assetsEmpty],
    });
    expect(await refused(cast, { kind: 'view', asset_ids: 'all' })).toEqual({
      asset_ids: [SHARE_LINK_TEXTS.assetIdInvalid],
    });
    // Too many: refused on the length alone, whatever the items are.
    const tooMany = Array.from({ length: SHARE_LINK_ASSETS_MAX + 1 }, () => 'x');
    expect(await refused(cast, { kind: 'view', asset_ids: tooMany })).toEqual({
      asset_ids: [SHARE_LINK_TEXTS.assetsTooMany],
    });
    expect(await refused(cast, { kind: 'view', asset_ids: [asset.id, -1] })).toEqual({
      'asset_ids.1': [SHARE_LINK_TEXTS.assetIdInvalid],
    });
    expect(await refused(cast, { kind: 'view', asset_ids: [asset.id, asset.id] })).toEqual({
      asset_ids: [SHARE_LINK_TEXTS.assetsRepeated],
    });
    expect(await refused(cast, { kind: 'view', asset_ids: [asset.id, foreignAsset.id] })).toEqual({
      asset_ids: [SHARE_LINK_TEXTS.assetsGone],
    });
    expect(await refused(cast, { kind: 'view', asset_ids: [asset.id, 999_999] })).toEqual({
      asset_ids: [SHARE_LINK_TEXTS.assetsGone],
    });
    expect(await refused(cast, { kind: 'view', password: 'abc' })).toEqual({
      password: [SHARE_LINK_TEXTS.passwordShort],
    });
    expect(await refused(cast, { kind: 'view', password: 'x'.repeat(129) })).toEqual({
      password: [SHARE_LINK_TEXTS.passwordLong],
    });
    expect(await refused(cast, { kind: 'view', expires_at: 'tomorrow' })).toEqual({
      expires_at: [SHARE_LINK_TEXTS.expiryInvalid],
    });
    expect(await refused(cast, { kind: 'view', expires_at: inHours(-1) })).toEqual({
      expires_at: [SHARE_LINK_TEXTS.expiryPast],
    });
    expect(await refused(cast, { kind: 'view', downloadable: 'yes' })).toHaveProperty('downloadable');
    expect((await cast.owner.client.get(linksPath(cast.project))).body.response).toEqual([]);
    // A deleted asset is no longer in the project.
    const deleted = await buildAsset(cast.owner.client, cast.project.id);
    const removal = await cast.owner.client.request('DELETE', `/projects/${cast.project.id}/assets`, {
      ids: [deleted.id],
    });
    expect(removal.status).toBe(200);
    expect(await refused(cast, { kind: 'view', asset_ids: [deleted.id] })).toEqual({
      asset_ids: [SHARE_LINK_TEXTS.assetsGone],
    });
  });
});

describe('PATCH and DELETE /share_links/{id}', () => {
  it('changes the options (absent keeps, null removes), never what the link reaches, and logs what changed', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const folder = await folderOf(cast);
    const link = await made(cast.owner.client, cast.project, {
      kind: 'view',
      folder_id: folder.id,
      password: 'first secret',
      expires_at: inHours(2),
    });
    const path = `/share_links/${link.id}`;
    const same = await cast.collaborator.client.patch(path, {});
    expect(same.status).toBe(200);
    expect(same.body.response).toEqual(link);
    const changed = await cast.collaborator.client.patch(path, { downloadable: true, folder_id: 123 });
    expect(changed.body.response).toEqual({ ...link, downloadable: true });
    const cleared = await cast.owner.client.patch(path, {
      password: null,
      expires_at: null,
      show_comments: true,
    });
    expect(cleared.body.response).toMatchObject({
      hash: link.hash,
      scope: 'folder',
      folder_id: folder.id,
      downloadable: true,
      show_comments: true,
      has_password: false,
      expires_at: null,
    });
    expect(
      (await cast.owner.client.patch(path, { expires_at: inHours(-1) })).body.response.error.details,
    ).toEqual({
      expires_at: [SHARE_LINK_TEXTS.expiryPast],
    });
    expect((await cast.owner.client.patch(path, { password: 'abc' })).status).toBe(422);
    expect((await activityActions(t.ctx, cast.project.id)).filter((a) => a.startsWith('share_link'))).toEqual(
      ['share_link_created', 'share_link_changed', 'share_link_changed'],
    );
    const logs = (await cast.owner.client.get(`/projects/${cast.project.id}/activity_logs`)).body.response;
    expect(logs.map((l: Json) => l.text).filter((text: string) => text.includes(' link '))).toEqual([
      `${cast.owner.user.name} changed the settings of a view-only link to the folder “Selects”.`,
      `${cast.collaborator.user.name} changed the settings of a view-only link to the folder “Selects”.`,
      `${cast.owner.user.name} made a view-only link to the folder “Selects”.`,
    ]);
  });

  it('revokes a link at once: its hash opens nothing, the other links and the public link stay', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const asset = await buildAsset(cast.owner.client, cast.project.id);
    const link = await made(cast.owner.client, cast.project, { kind: 'review', asset_ids: [asset.id] });
    const kept = await made(cast.owner.client, cast.project, { kind: 'view' });
    const publicHash = (await cast.owner.client.post(`/projects/${cast.project.id}/share`, {})).body.response
      .share_hash;
    const anonymous = new ApiClient(t.baseUrl);
    expect((await anonymous.get(viewPath(link.hash))).status).toBe(200);
    const revoked = await cast.collaborator.client.delete(`/share_links/${link.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.response).toEqual({ message: SHARE_LINK_TEXTS.revoked });
    const gone = await anonymous.get(viewPath(link.hash));
    expect([gone.status, gone.body.response.error.code, gone.body.response.error.message]).toEqual([
      404,
      'not_found',
      PROJECT_TEXTS.shareNotFound,
    ]);
    expect((await anonymous.get(viewPath(kept.hash))).status).toBe(200);
    expect((await anonymous.get(viewPath(publicHash))).status).toBe(200);
    expect(
      (await cast.owner.client.get(linksPath(cast.project))).body.response.map((l: Json) => l.id),
    ).toEqual([kept.id]);
    expect((await cast.owner.client.delete(`/share_links/${link.id}`)).status).toBe(404);
    expect((await cast.owner.client.patch(`/share_links/${link.id}`, {})).status).toBe(404);
    const logs = (await cast.owner.client.get(`/projects/${cast.project.id}/activity_logs`)).body.response;
    expect(logs.map((l: Json) => l.text)).toContain(
      `${cast.collaborator.user.name} revoked a review link to 1 asset.`,
    );
    // Revoking the public link leaves the other links working.
    await cast.owner.client.delete(`/projects/${cast.project.id}/share`);
    expect((await anonymous.get(viewPath(kept.hash))).status).toBe(200);
  });

  it('goes with its folder when the folder is deleted', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const folder = await folderOf(cast);
    const link = await made(cast.owner.client, cast.project, { kind: 'view', folder_id: folder.id });
    const removal = await cast.owner.client.request('DELETE', '/folders', { folders_ids: [folder.id] });
    expect(removal.status).toBe(200);
    expect((await new ApiClient(t.baseUrl).get(viewPath(link.hash))).status).toBe(404);
    expect((await cast.owner.client.get(linksPath(cast.project))).body.response).toEqual([]);
  });
});

describe('who may make, see, change and revoke links', () => {
  it('is the owner and collaborators: viewers and the workspace owner outside 403, strangers 404, anonymous 401', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const link = await made(cast.owner.client, cast.project, { kind: 'view' });
    const calls = {
      list: (c: ApiClient) => c.get(linksPath(cast.project)),
      create: (c: ApiClient) => c.post(linksPath(cast.project), { kind: 'view' }),
      update: (c: ApiClient) => c.patch(`/share_links/${link.id}`, { downloadable: true }),
    };
    const expected: Record<string, number> = {
      owner: 200,
      collaborator: 200,
      viewer: 403,
      workspaceAdmin: 404,
      workspaceOwner: 403,
      stranger: 404,
      anonymous: 401,
    };
    for (const [caller, status] of Object.entries(expected))
      for (const [name, call] of Object.entries(calls)) {
        const client = (cast as unknown as Record<string, { client: ApiClient }>)[caller]!.client;
        expect([caller, name, (await call(client)).status]).toEqual([caller, name, status]);
      }
    for (const caller of ['viewer', 'workspaceAdmin', 'workspaceOwner', 'stranger', 'anonymous']) {
      const client = (cast as unknown as Record<string, { client: ApiClient }>)[caller]!.client;
      expect([caller, (await client.delete(`/share_links/${link.id}`)).status]).toEqual([
        caller,
        expected[caller],
      ]);
    }
    expect((await cast.collaborator.client.delete(`/share_links/${link.id}`)).status).toBe(200);
    // A link id of no project answers as one of a project the caller does not see.
    expect((await cast.owner.client.patch('/share_links/999999', {})).status).toBe(404);
    expect((await cast.owner.client.get('/projects/999999/share_links')).status).toBe(404);
  });
});
