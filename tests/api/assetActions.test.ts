import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ASSET_TEXTS } from '@common/api/assets';
import { buildAsset } from './assetFactories';
import { type ApiClient, type Json, startTestApp, type TestApp } from './harness';
import { buildProjectCast, type ProjectCast } from './projectCast';
import { activityActions, buildProject, buildWorkspaceLabel } from './projectFactories';
import { buildWorkspace } from './factories';
import { TINY_GIF, TINY_PNG } from './images';
import { TusClient } from './tus';

let t: TestApp;
let cast: ProjectCast;
let owner: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A fresh project for each test: what one test leaves does not decide another's answer. */
beforeEach(async () => {
  cast = await buildProjectCast(t.baseUrl, t.ctx);
  owner = cast.owner.client;
});

const makeFolder = async (name: string, project = cast.project): Promise<Json> =>
  (await owner.post(`/projects/${project.id}/folders`, { name })).body.response;
const rename = (client: ApiClient, asset: Json, filename: string) =>
  client.patch(`/assets/${asset.id}/update_filename`, { filename });
const destroy = (client: ApiClient, ids: number[], project = cast.project) =>
  client.request('DELETE', `/projects/${project.id}/assets`, { ids });
const moveInto = (client: ApiClient, folder: Json, assets: Json[]) =>
  client.post(`/folders/${folder.id}/move_assets`, { assets_ids: assets.map((a) => a.id) });
const unfold = (client: ApiClient, assets: Json[], project = cast.project) =>
  client.post(`/projects/${project.id}/unfold_assets`, { assets_ids: assets.map((a) => a.id) });
const approval = (client: ApiClient, verb: 'mark' | 'unmark', assets: Json[]) =>
  client.patch(`/projects/${cast.project.id}/assets/${verb}_as_approved`, { ids: assets.map((a) => a.id) });
const read = async (asset: Json, client = owner): Promise<Json> =>
  (await client.get(`/assets/${asset.id}`)).body.response;
const projectOf = async (client = owner): Promise<Json> =>
  (await client.get(`/projects/${cast.project.id}`)).body.response;
const folderOf = async (folder: Json): Promise<Json> =>
  (await owner.get(`/folders/${folder.id}`)).body.response;
const names = (list: Json[]) => list.map((a) => a.name as string);
const rootNames = async () => names((await owner.get(`/projects/${cast.project.id}/assets`)).body.response);
const logTexts = async (): Promise<string[]> =>
  (await owner.get(`/projects/${cast.project.id}/activity_logs`)).body.response.map((l: Json) => l.text);

describe('PATCH /assets/{id}/update_filename', () => {
  it('renames the asset with the spec’s message and an activity entry', async () => {
    const asset = await buildAsset(owner, cast.project.id, { name: 'IMG_0001.png' });
    t.clock.advance(1000);
    const answer = await rename(owner, asset, 'Hero shot.png');
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatchObject({
      id: asset.id,
      name: 'Hero shot.png',
      message: 'The asset filename was successfully updated!',
      last_activity_at: t.clock.now().toISOString(),
    });
    expect((await read(asset)).name).toBe('Hero shot.png');
    expect((await logTexts())[0]).toBe(
      `${cast.owner.user.name} renamed the asset “IMG_0001.png” to “Hero shot.png”.`,
    );
  });

  it('refuses a name taken in the same place regardless of case, in the root and in a folder', async () => {
    const folder = await makeFolder('Selects');
    const taken = await buildAsset(owner, cast.project.id, { name: 'Taken.png' });
    const asset = await buildAsset(owner, cast.project.id, { name: 'other.png' });
    const inRoot = await rename(owner, asset, 'TAKEN.PNG');
    expect(inRoot.status).toBe(400);
    expect(inRoot.body.response.error).toMatchObject({
      code: 'asset_in_project',
      message: 'Oops! There is already an asset with this filename!',
    });

    await buildAsset(owner, cast.project.id, { name: 'inside.png', folderId: folder.id });
    const nested = await buildAsset(owner, cast.project.id, { name: 'nested.png', folderId: folder.id });
    const inFolder = await rename(owner, nested, 'Inside.png');
    expect(inFolder.status).toBe(400);
    expect(inFolder.body.response.error).toMatchObject({
      code: 'asset_in_folder',
      message: ASSET_TEXTS.duplicateName,
    });
    // The same name in another place is free; changing only the case of its own name is a rename.
    expect((await rename(owner, nested, 'Taken.png')).status).toBe(200);
    expect((await rename(owner, taken, 'TAKEN.png')).body.response.name).toBe('TAKEN.png');
  });

  it('keeps names as uploads do: NFC, at most 255 characters, no separators or control characters', async () => {
    const asset = await buildAsset(owner, cast.project.id, { name: 'plain.png' });
    const decomposed = 'Cafe\u0301.png';
    const renamed = await rename(owner, asset, decomposed);
    expect(renamed.body.response.name).toBe('Café.png');
    const other = await buildAsset(owner, cast.project.id, { name: 'second.png' });
    expect((await rename(owner, other, 'CAFÉ.png')).status).toBe(400);

    const refusals: [string, string][] = [
      ['   ', 'Filename must not be empty.'],
      [`${'a'.repeat(252)}.png`, 'Filename should be up to 255 characters long.'],
      ['dir/name.png', ASSET_TEXTS.nameCharacters],
      ['back\\slash.png', ASSET_TEXTS.nameCharacters],
      ['line\nbreak.png', ASSET_TEXTS.nameCharacters],
      ['tab\u007f.png', ASSET_TEXTS.nameCharacters],
      ['no-extension', ASSET_TEXTS.extensionKept(['png'])],
      ['swapped.pdf', ASSET_TEXTS.extensionKept(['png'])],
      ['swapped.jpg', ASSET_TEXTS.extensionKept(['png'])],
    ];
    for (const [filename, message] of refusals) {
      const answer = await rename(owner, other, filename);
      expect(answer.status, filename).toBe(422);
      expect(answer.body.response.error, filename).toMatchObject({
        code: 'invalid_record',
        details: { filename: [message] },
      });
    }
    // 255 characters exactly, and another spelling of the extension's case, are fine.
    expect((await rename(owner, other, `${'b'.repeat(251)}.PNG`)).status).toBe(200);
    expect((await read(other)).name).toBe(`${'b'.repeat(251)}.PNG`);
  });

  it('accepts the other spelling of an extension, and the extension of a later round’s type', async () => {
    const gif = await buildAsset(owner, cast.project.id, { name: 'anim.gif', bytes: TINY_GIF });
    expect((await rename(owner, gif, 'anim.png')).status).toBe(422);
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(TINY_PNG)]), 'retouched.png');
    expect((await owner.post(`/assets/${gif.id}/versions`, form)).status).toBe(201);
    // The asset keeps its name; its current round is now a PNG: either extension names it truly.
    expect((await rename(owner, gif, 'anim-final.gif')).status).toBe(200);
    expect((await rename(owner, gif, 'anim-final.png')).status).toBe(200);
  });

  it('refuses a name an upload under way has reserved in that place', async () => {
    const tus = new TusClient(t.baseUrl, owner);
    expect((await tus.create({ filename: 'incoming.png', project_id: cast.project.id }, 1000)).status).toBe(
      201,
    );
    const asset = await buildAsset(owner, cast.project.id, { name: 'here.png' });
    const answer = await rename(owner, asset, 'Incoming.png');
    expect(answer.status).toBe(400);
    expect(answer.body.response.error.code).toBe('asset_in_project');
  });

  it('marks the new name for others until they see the asset, never for the one who renamed it', async () => {
    const asset = await buildAsset(owner, cast.project.id);
    await cast.collaborator.client.post(`/assets/${asset.id}/last_seen`);
    t.clock.advance(1000);
    await rename(owner, asset, 'renamed.png');
    expect((await read(asset, cast.collaborator.client)).has_new_name_for_current_user).toBe(true);
    expect((await read(asset)).has_new_name_for_current_user).toBe(false);
  });
});

describe('DELETE /projects/{id}/assets', () => {
  it('deletes one or many with the spec’s messages; then the asset is not found', async () => {
    const [a, b, c] = [
      await buildAsset(owner, cast.project.id),
      await buildAsset(owner, cast.project.id),
      await buildAsset(owner, cast.project.id),
    ];
    const one = await destroy(owner, [a.id]);
    expect(one.status).toBe(200);
    expect(one.body.response).toEqual({ message: 'The asset was successfully deleted.' });
    const many = await destroy(cast.collaborator.client, [b.id, c.id, b.id]);
    expect(many.body.response).toEqual({ message: 'The assets were successfully deleted.' });
    const gone = await owner.get(`/assets/${a.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.response.error).toEqual({
      code: 'not_found',
      message: 'Seems like someone from the project has deleted this asset.',
    });
    expect(await rootNames()).toEqual([]);
    expect(
      (await activityActions(t.ctx, cast.project.id)).filter((action) => action === 'asset_deleted'),
    ).toHaveLength(3);
  });

  it('removes every round’s original and renditions, and gives their storage back', async () => {
    const folder = await makeFolder('Selects');
    const asset = await buildAsset(owner, cast.project.id, { folderId: folder.id });
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(TINY_PNG)]), 'r1.png');
    await owner.post(`/assets/${asset.id}/versions`, form);
    const kept = await buildAsset(owner, cast.project.id, { folderId: folder.id });
    await t.ctx.jobs.idle();
    const rounds = await t.ctx.db
      .selectFrom('asset_versions')
      .selectAll()
      .where('asset_id', '=', asset.id)
      .execute();
    expect(rounds).toHaveLength(2);
    expect(rounds.every((r) => r.thumbnail_key !== null)).toBe(true);
    expect((await projectOf()).storage_used_in_bytes).toBe(3 * TINY_PNG.length);
    expect(await folderOf(folder)).toMatchObject({ images_count: 2 });

    expect((await destroy(owner, [asset.id])).status).toBe(200);
    for (const round of rounds) {
      expect(await t.ctx.storage.get(round.original_key)).toBeNull();
      expect(await t.ctx.storage.get(round.thumbnail_key!)).toBeNull();
    }
    expect((await projectOf()).storage_used_in_bytes).toBe(TINY_PNG.length);
    const after = await folderOf(folder);
    expect(after).toMatchObject({ images_count: 1, documents_count: 0 });
    expect(after.previews_urls).toEqual([(await read(kept)).current_version.thumbnail_url]);
  });

  it('removes the files of a deleted folder’s assets with the folder, and gives their storage back', async () => {
    const folder = await makeFolder('Rejects');
    const before = (await projectOf()).storage_used_in_bytes;
    const asset = await buildAsset(owner, cast.project.id, { folderId: folder.id });
    await t.ctx.jobs.idle();
    const [round] = await t.ctx.db
      .selectFrom('asset_versions')
      .selectAll()
      .where('asset_id', '=', asset.id)
      .execute();
    expect(await t.ctx.storage.get(round!.thumbnail_key!)).not.toBeNull();

    expect((await owner.request('DELETE', '/folders', { folders_ids: [folder.id] })).status).toBe(200);
    expect(await t.ctx.storage.get(round!.original_key)).toBeNull();
    expect(await t.ctx.storage.get(round!.thumbnail_key!)).toBeNull();
    expect((await projectOf()).storage_used_in_bytes).toBe(before);
  });

  it('is all or nothing: an id of another project or of no asset deletes none (404)', async () => {
    const mine = await buildAsset(owner, cast.project.id);
    const elsewhere = await buildProject(owner, cast.workspace.id);
    const theirs = await buildAsset(owner, elsewhere.id);
    for (const ids of [
      [mine.id, theirs.id],
      [mine.id, 99_999_999],
    ]) {
      const answer = await destroy(owner, ids);
      expect(answer.status).toBe(404);
      expect(answer.body.response.error.message).toBe(ASSET_TEXTS.notFound);
    }
    expect((await owner.get(`/assets/${mine.id}`)).status).toBe(200);
    expect((await owner.get(`/assets/${theirs.id}`)).status).toBe(200);
    expect((await destroy(owner, [])).status).toBe(422);
  });
});

describe('moving assets between folders', () => {
  it('moves into a folder and back to the root, keeping the folders’ counts and previews true', async () => {
    const folder = await makeFolder('Selects');
    const a = await buildAsset(owner, cast.project.id, { name: 'a.png' });
    const b = await buildAsset(owner, cast.project.id, { name: 'b.png' });
    await t.ctx.jobs.idle();
    const moved = await moveInto(cast.collaborator.client, folder, [a, b]);
    expect(moved.status).toBe(200);
    expect(moved.body.response.map((x: Json) => [x.id, x.folder_id])).toEqual([
      [a.id, folder.id],
      [b.id, folder.id],
    ]);
    expect(await rootNames()).toEqual([]);
    const filled = await folderOf(folder);
    expect(filled).toMatchObject({ images_count: 2, documents_count: 0 });
    expect(filled.previews_urls).toHaveLength(2);

    const back = await unfold(owner, [a]);
    expect(back.body.response[0]).toMatchObject({ id: a.id, folder_id: null });
    expect(await rootNames()).toEqual(['a.png']);
    expect(await folderOf(folder)).toMatchObject({ images_count: 1 });
    expect((await logTexts()).slice(0, 3)).toEqual([
      `${cast.owner.user.name} moved “a.png” to the project’s root.`,
      `${cast.collaborator.user.name} moved “b.png” to the folder “Selects”.`,
      `${cast.collaborator.user.name} moved “a.png” to the folder “Selects”.`,
    ]);
    // Moving to where it already is changes nothing and logs nothing.
    expect((await unfold(owner, [a])).status).toBe(200);
    expect((await activityActions(t.ctx, cast.project.id)).filter((x) => x === 'asset_moved')).toHaveLength(
      3,
    );
  });

  it('refuses the whole move when a name is taken where the assets go', async () => {
    const folder = await makeFolder('Selects');
    const other = await makeFolder('Others');
    await buildAsset(owner, cast.project.id, { name: 'Hero.png', folderId: folder.id });
    const free = await buildAsset(owner, cast.project.id, { name: 'free.png' });
    const clash = await buildAsset(owner, cast.project.id, { name: 'HERO.png' });
    const into = await moveInto(owner, folder, [free, clash]);
    expect(into.status).toBe(400);
    expect(into.body.response.error).toMatchObject({
      code: 'asset_in_folder',
      message: ASSET_TEXTS.nameInFolder,
      details: { asset_id: clash.id, name: 'HERO.png' },
    });
    expect((await read(free)).folder_id).toBeNull();

    // Two of the moving assets may not share a name either.
    const twin = await buildAsset(owner, cast.project.id, { name: 'twin.png', folderId: other.id });
    const twin2 = await buildAsset(owner, cast.project.id, { name: 'Twin.png' });
    expect((await moveInto(owner, folder, [twin, twin2])).status).toBe(400);

    const outward = await unfold(owner, [twin, twin2]);
    expect(outward.status).toBe(400);
    expect(outward.body.response.error).toMatchObject({
      code: 'asset_in_project',
      message: ASSET_TEXTS.nameInProject,
      details: { asset_id: twin.id },
    });
    expect((await read(twin)).folder_id).toBe(other.id);
  });

  it('takes only assets of the folder’s project (404), into a folder the caller sees (404)', async () => {
    const folder = await makeFolder('Selects');
    const elsewhere = await buildProject(owner, cast.workspace.id);
    const theirs = await buildAsset(owner, elsewhere.id);
    const mine = await buildAsset(owner, cast.project.id);
    expect((await moveInto(owner, folder, [mine, theirs])).status).toBe(404);
    expect((await unfold(owner, [theirs])).status).toBe(404);
    expect((await moveInto(owner, { id: 99_999_999 }, [mine])).status).toBe(404);
    expect((await moveInto(cast.stranger.client, folder, [mine])).status).toBe(404);
    expect((await read(mine)).folder_id).toBeNull();
  });
});

describe('approval', () => {
  it('approves and unapproves many, setting last activity, logging only real changes', async () => {
    const a = await buildAsset(owner, cast.project.id);
    const b = await buildAsset(owner, cast.project.id);
    t.clock.advance(60_000);
    const approved = await approval(cast.collaborator.client, 'mark', [a, b]);
    expect(approved.status).toBe(200);
    expect(approved.body.response.map((x: Json) => [x.approve, x.last_activity_at])).toEqual([
      ['confirmed', t.clock.now().toISOString()],
      ['confirmed', t.clock.now().toISOString()],
    ]);
    await approval(owner, 'mark', [a]);
    const unapproved = await approval(owner, 'unmark', [a]);
    expect(unapproved.body.response[0].approve).toBe('pending');
    expect((await read(b)).approve).toBe('confirmed');
    const actions = await activityActions(t.ctx, cast.project.id);
    expect(actions.filter((x) => x === 'asset_approved')).toHaveLength(2);
    expect(actions.filter((x) => x === 'asset_unapproved')).toHaveLength(1);
    expect((await logTexts())[0]).toBe(`${cast.owner.user.name} removed the approval of “${a.name}”.`);
  });
});

describe('rush priority', () => {
  it('flags and unflags an asset, setting last activity', async () => {
    const asset = await buildAsset(owner, cast.project.id);
    t.clock.advance(60_000);
    const flagged = await cast.collaborator.client.post(`/assets/${asset.id}/set_rush_priority`);
    expect(flagged.body.response).toMatchObject({
      rush_priority: true,
      last_activity_at: t.clock.now().toISOString(),
    });
    expect((await owner.post(`/assets/${asset.id}/set_rush_priority`)).body.response.rush_priority).toBe(
      true,
    );
    expect((await owner.post(`/assets/${asset.id}/unset_rush_priority`)).body.response.rush_priority).toBe(
      false,
    );
    const actions = await activityActions(t.ctx, cast.project.id);
    expect(actions.filter((x) => x === 'asset_flagged')).toHaveLength(1);
    expect(actions.filter((x) => x === 'asset_unflagged')).toHaveLength(1);
  });
});

describe('labels on assets', () => {
  it('puts a workspace label or one of the project’s own, presented as labels are elsewhere', async () => {
    const asset = await buildAsset(owner, cast.project.id);
    const own = (
      await owner.post('/labels', {
        name: 'Retouch',
        labellable_type: 'Project',
        labellable_id: cast.project.id,
      })
    ).body.response;
    const added = await cast.collaborator.client.post('/assets/add_label', {
      assets_ids: [asset.id],
      label_id: own.id,
    });
    expect(added.status).toBe(200);
    expect(added.body.response[0].label).toEqual(own);

    const workspaceLabelId = await buildWorkspaceLabel(t.ctx, cast.workspace.id, 'Client picks');
    const swapped = await owner.post('/assets/add_label', {
      assets_ids: [asset.id],
      label_id: workspaceLabelId,
    });
    expect(swapped.body.response[0].label).toMatchObject({
      id: workspaceLabelId,
      name: 'Client picks',
      labellable_type: 'Workspace',
      labellable_id: cast.workspace.id,
    });
    expect((await read(asset)).label.id).toBe(workspaceLabelId);

    const removed = await owner.post('/assets/remove_label', { assets_ids: [asset.id] });
    expect(removed.body.response[0].label).toBeNull();
    expect((await logTexts()).slice(0, 3)).toEqual([
      `${cast.owner.user.name} removed the label “Client picks” from “${asset.name}”.`,
      `${cast.owner.user.name} put the label “Client picks” on “${asset.name}”.`,
      `${cast.collaborator.user.name} put the label “Retouch” on “${asset.name}”.`,
    ]);
  });

  it('refuses a label the project may not use, and assets of several projects', async () => {
    const asset = await buildAsset(owner, cast.project.id);
    const elsewhere = await buildProject(owner, cast.workspace.id);
    const foreignOwn = (
      await owner.post('/labels', { name: 'Theirs', labellable_type: 'Project', labellable_id: elsewhere.id })
    ).body.response;
    const otherWorkspace = await buildWorkspace(t.baseUrl, t.ctx);
    const foreignWorkspace = await buildWorkspaceLabel(t.ctx, otherWorkspace.workspace.id, 'Away');
    for (const labelId of [foreignOwn.id, foreignWorkspace, 99_999_999]) {
      const answer = await owner.post('/assets/add_label', { assets_ids: [asset.id], label_id: labelId });
      expect(answer.status).toBe(422);
      expect(answer.body.response.error.details).toEqual({ label_id: [ASSET_TEXTS.labelNotUsable] });
    }
    const theirs = await buildAsset(owner, elsewhere.id);
    const mixed = await owner.post('/assets/remove_label', { assets_ids: [asset.id, theirs.id] });
    expect(mixed.status).toBe(422);
    expect(mixed.body.response.error.details).toEqual({ assets_ids: [ASSET_TEXTS.oneProject] });
    expect((await owner.post('/assets/remove_label', { assets_ids: [99_999_999] })).status).toBe(404);
  });

  it('marks the new label for others until they see the asset', async () => {
    const asset = await buildAsset(owner, cast.project.id);
    const labelId = await buildWorkspaceLabel(t.ctx, cast.workspace.id, 'Picks');
    await cast.viewer.client.post(`/assets/${asset.id}/last_seen`);
    t.clock.advance(1000);
    await cast.collaborator.client.post('/assets/add_label', { assets_ids: [asset.id], label_id: labelId });
    expect((await read(asset, cast.viewer.client)).has_new_label_for_current_user).toBe(true);
    expect((await read(asset, cast.collaborator.client)).has_new_label_for_current_user).toBe(false);
    await cast.viewer.client.post(`/assets/${asset.id}/last_seen`);
    expect((await read(asset, cast.viewer.client)).has_new_label_for_current_user).toBe(false);
  });
});
