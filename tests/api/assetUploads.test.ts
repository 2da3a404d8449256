import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_TEXTS } from '@common/api/assets';
import { useStorage } from './billingHelpers';
import { buildUser, buildWorkspace, signedIn } from './factories';
import { startTestApp, type ApiClient, type TestApp } from './harness';
import { buildProject, buildProjectMember } from './projectFactories';
import { TusClient } from './tus';
import { isStored, uploadIdOf, uploadsWithLeftovers } from './uploadPlaces';

const CORPUS = join(__dirname, '../../../shared/corpus');
const LANDSCAPE = readFileSync(join(CORPUS, 'jpeg/exif-orientation-6_landscape.jpg'));
const PNG = readFileSync(join(CORPUS, 'png/16bit-grey-alpha_109x96.png'));

/** Bytes that start like a Windows program, whatever the name says. */
const EXECUTABLE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(2000, 1)]);

describe('uploads: tus and multipart into one set of rules', () => {
  let t: TestApp;
  let client: ApiClient;
  let tus: TusClient;
  let workspace: { id: number };
  let project: { id: number };

  beforeAll(async () => {
    t = await startTestApp();
    ({ client, workspace } = await buildWorkspace(t.baseUrl, t.ctx));
    project = await buildProject(client, workspace.id, { assets_start_retouched: false });
    tus = new TusClient(t.baseUrl, client);
  });
  afterAll(() => t.close());

  const uploadsLeft = async () => (await uploadsWithLeftovers(t)).length;

  it('stores a file sent in two PATCHes, and makes the asset and its first round only at the end', async () => {
    const created = await tus.create(
      { filename: 'Été à Kyoto 01.jpg', project_id: project.id },
      LANDSCAPE.length,
    );
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/v1\/uploads\/[a-f0-9]{32}$/);

    const half = Math.floor(LANDSCAPE.length / 2);
    expect((await tus.patch(location, 0, LANDSCAPE.subarray(0, half))).status).toBe(204);
    expect((await tus.offset(location)).offset).toBe(half);
    expect(await isStored(t, uploadIdOf(location))).toBe(true);
    const before = await client.get(`/projects/${project.id}/assets`);
    expect(before.body.response.map((a: { name: string }) => a.name)).not.toContain('Été à Kyoto 01.jpg');

    const done = await tus.patch(location, half, LANDSCAPE.subarray(half));
    expect(done.status).toBe(204);
    expect(await isStored(t, uploadIdOf(location))).toBe(false);
    const assetId = Number(done.headers.get('upload-asset-id'));
    const versionId = Number(done.headers.get('upload-version-id'));
    expect(assetId).toBeGreaterThan(0);

    const asset = (await client.get(`/assets/${assetId}`)).body.response;
    expect(asset).toMatchObject({
      name: 'Été à Kyoto 01.jpg',
      project_id: project.id,
      folder_id: null,
      version_id: versionId,
      asset_versions_count: 1,
      approve: 'pending',
      kind: 'image',
    });
    // Unretouched images start at R0.
    expect(asset.current_version.number).toBe(0);
    expect(asset.current_version.size_in_bytes).toBe(LANDSCAPE.length);

    const result = await client.get(`/uploads/${location.split('/').pop()}/result`);
    expect(result.body.response).toEqual({
      status: 'done',
      asset_id: assetId,
      version_id: versionId,
      error: null,
    });

    const project_ = (await client.get(`/projects/${project.id}`)).body.response;
    expect(project_.storage_used_in_bytes).toBeGreaterThanOrEqual(LANDSCAPE.length);
  });

  it('makes the previews by a job: a landscape thumbnail served to members only, never sniffed', async () => {
    const { finished } = await tus.upload({ filename: 'thumb-check.jpg', project_id: project.id }, LANDSCAPE);
    const assetId = Number(finished!.headers.get('upload-asset-id'));
    await t.ctx.jobs.idle();
    const round = (await client.get(`/assets/${assetId}`)).body.response.current_version;
    expect(round.preview_state).toBe('ready');
    expect(round.is_processing).toBe(false);
    expect(round.lqip_url).toMatch(/^data:image\//);

    const thumbnail = await fetch(`${t.baseUrl}${round.thumbnail_url}`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('x-content-type-options')).toBe('nosniff');
    expect(thumbnail.headers.get('cache-control')).toContain('immutable');
    const { width, height } = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect(width).toBeGreaterThan(height);
    expect(Math.max(width, height)).toBeLessThanOrEqual(400);

    const original = await fetch(`${t.baseUrl}${round.original_url}`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(original.headers.get('content-disposition')).toBe(
      `attachment; filename="thumb-check.jpg"; filename*=UTF-8''thumb-check.jpg`,
    );
    expect(Buffer.from(await original.arrayBuffer()).equals(LANDSCAPE)).toBe(true);

    const stranger = await signedIn(t.baseUrl, await buildUser(t.ctx));
    expect(
      (await fetch(`${t.baseUrl}${round.thumbnail_url}`, { headers: { cookie: stranger.cookieHeader } }))
        .status,
    ).toBe(404);
    expect((await fetch(`${t.baseUrl}${round.thumbnail_url}`)).status).toBe(401);
    // Another round's token in the address names nothing.
    const forged = round.thumbnail_url.replace(/\/renditions\/\d+\//, `/renditions/${round.id + 1000}/`);
    expect((await fetch(`${t.baseUrl}${forged}`, { headers: { cookie: client.cookieHeader } })).status).toBe(
      404,
    );
  });

  it('shows a round whose file does not decode as failed, with its reason, and makes it again on request', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 7)]);
    const { finished } = await tus.upload({ filename: 'broken.jpg', project_id: project.id }, broken);
    expect(finished!.status).toBe(204);
    const assetId = Number(finished!.headers.get('upload-asset-id'));
    await t.ctx.jobs.idle();
    const round = (await client.get(`/assets/${assetId}`)).body.response.current_version;
    expect(round).toMatchObject({ preview_state: 'failed', is_processing: false, thumbnail_url: null });
    expect(round.preview_error).toEqual(expect.any(String));
    expect(round.preview_error.length).toBeGreaterThan(10);

    const viewer = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'viewer');
    expect((await viewer.client.post(`/assets/${assetId}/versions/${round.id}/previews`)).status).toBe(403);
    const again = await client.post(`/assets/${assetId}/versions/${round.id}/previews`);
    expect(again.status).toBe(202);
    expect(again.body.response).toMatchObject({ preview_state: 'processing', is_processing: true });
    await t.ctx.jobs.idle();
    expect((await client.get(`/assets/${assetId}`)).body.response.current_version.preview_state).toBe(
      'failed',
    );
    // Only a failed round is made again.
    const ready = await tus.upload({ filename: 'fine.png', project_id: project.id }, PNG);
    await t.ctx.jobs.idle();
    const fine = (await client.get(`/assets/${ready.finished!.headers.get('upload-asset-id')}`)).body
      .response;
    expect((await client.post(`/assets/${fine.id}/versions/${fine.version_id}/previews`)).status).toBe(422);
  });

  it('refuses an extension outside the lists before a byte is stored', async () => {
    const answer = await tus.create({ filename: 'notes.exe', project_id: project.id }, 100);
    expect(answer.status).toBe(422);
    expect(answer.body.response.error).toMatchObject({
      code: 'invalid_extension',
      message: ASSET_TEXTS.invalidExtension('notes.exe'),
    });
    expect(answer.body.response.error.message).toBe(
      'The file notes.exe has an invalid extension. Valid extensions are: tiff, tif, jpg, jpeg, png, psd, dng, crw, cr2, nef, arw, psb, gif, indd, ai, doc, docx, csv, xls, xlsx, pdf, txt.',
    );
  });

  it('refuses a renamed program after the bytes, and keeps nothing of it', async () => {
    const filesBefore = await uploadsLeft();
    const { created, finished } = await tus.upload(
      { filename: 'holiday.jpg', project_id: project.id },
      EXECUTABLE,
    );
    expect(created.status).toBe(201);
    expect(finished!.status).toBe(422);
    expect(finished!.body.response.error.code).toBe('invalid_content');
    expect(finished!.body.response.error.message).toBe(ASSET_TEXTS.contentRefused('holiday.jpg'));
    const list = await client.get(`/projects/${project.id}/assets`);
    expect(list.body.response.map((a: { name: string }) => a.name)).not.toContain('holiday.jpg');
    expect(await uploadsLeft()).toBe(filesBefore);
    // The name is free again.
    expect(
      (await tus.upload({ filename: 'holiday.jpg', project_id: project.id }, LANDSCAPE)).finished!.status,
    ).toBe(204);
  });

  it('refuses a name taken in the project or in a folder, with the spec texts and the asset to add a round to', async () => {
    const first = await tus.upload({ filename: 'Cover.png', project_id: project.id }, PNG);
    const existingId = Number(first.finished!.headers.get('upload-asset-id'));
    const again = await tus.create({ filename: 'cover.PNG', project_id: project.id }, PNG.length);
    expect(again.status).toBe(400);
    expect(again.body.response.error).toMatchObject({
      code: 'asset_in_project',
      message: 'There’s another asset with that name in the project. Please rename it to continue.',
      details: { asset_id: existingId },
    });

    const folder = (await client.post(`/projects/${project.id}/folders`, { name: 'Selects' })).body.response;
    const inFolder = await tus.upload(
      { filename: 'Cover.png', project_id: project.id, folder_id: folder.id },
      PNG,
    );
    expect(inFolder.finished!.status).toBe(204);
    const twice = await tus.create(
      { filename: 'Cover.png', project_id: project.id, folder_id: folder.id },
      PNG.length,
    );
    expect(twice.status).toBe(400);
    expect(twice.body.response.error.code).toBe('asset_in_folder');
    expect(twice.body.response.error.message).toBe(ASSET_TEXTS.nameInFolder);

    const folderAnswer = (await client.get(`/folders/${folder.id}`)).body.response;
    expect(folderAnswer.images_count).toBe(1);
    const folderAssets = await client.get(`/folders/${folder.id}/assets`);
    expect(folderAssets.body.response).toHaveLength(1);
    expect(folderAssets.body.meta.pagination).toMatchObject({ current: 1, pages: 1, total_count: 1 });
  });

  it('lets one of two uploads of the same name at once win; the other gets file_filename', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(() => tus.create({ filename: 'race.jpg', project_id: project.id }, LANDSCAPE.length)),
    );
    const winners = answers.filter((a) => a.status === 201);
    expect(winners).toHaveLength(1);
    // Canceled, so that its reserved bytes do not weigh on the next tests.
    expect((await tus.terminate(winners[0]!.headers.get('location')!)).status).toBe(204);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(422);
      expect(refused.body.response.error).toMatchObject({
        code: 'file_filename',
        details: { file_filename: [ASSET_TEXTS.fileNameTaken] },
      });
    }
  });

  it('takes a file that fits the storage left exactly, and refuses one byte more', async () => {
    const { storageCapacity } = await t.ctx.workspaceAccess.stateOf(workspace.id);
    await useStorage(t.ctx, workspace.id, storageCapacity - PNG.length);
    try {
      const tooBig = await tus.create(
        { filename: 'one-byte-more.png', project_id: project.id },
        PNG.length + 1,
      );
      expect(tooBig.status).toBe(400);
      expect(tooBig.body.response.error).toMatchObject({
        code: 'invalid_workspace',
        message: 'Storage limit reached!',
        details: { workspace_id: workspace.id, is_owner: true, is_trial: true },
      });
      // The file that fits exactly, and a second that would fit alone while the first is reserved.
      const exact = await tus.create({ filename: 'exact.png', project_id: project.id }, PNG.length);
      expect(exact.status).toBe(201);
      expect((await tus.create({ filename: 'second.png', project_id: project.id }, 1)).status).toBe(400);
      expect((await tus.patch(exact.headers.get('location')!, 0, PNG)).status).toBe(204);
    } finally {
      await useStorage(t.ctx, workspace.id, 0);
    }
  });

  it('lets a member upload, a viewer not (403), a stranger see nothing (404), nobody anonymous (401)', async () => {
    const viewer = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'viewer');
    const viewerTus = new TusClient(t.baseUrl, viewer.client);
    expect((await viewerTus.create({ filename: 'v.jpg', project_id: project.id }, 10)).status).toBe(403);

    const stranger = await signedIn(t.baseUrl, await buildUser(t.ctx));
    const strangerTus = new TusClient(t.baseUrl, stranger);
    expect((await strangerTus.create({ filename: 's.jpg', project_id: project.id }, 10)).status).toBe(404);

    const anonymous = await fetch(`${t.baseUrl}/api/v1/uploads`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' },
    });
    expect(anonymous.status).toBe(401);

    // Reading assets: a viewer sees them, a stranger gets 404, nobody anonymous gets in.
    const { finished } = await tus.upload({ filename: 'seen.png', project_id: project.id }, PNG);
    const assetId = Number(finished!.headers.get('upload-asset-id'));
    expect((await viewer.client.get(`/assets/${assetId}`)).status).toBe(200);
    expect((await viewer.client.get(`/assets/${assetId}/versions`)).status).toBe(200);
    expect((await viewer.client.delete(`/assets/${assetId}/versions/last`)).status).toBe(403);
    for (const path of [
      `/assets/${assetId}`,
      `/assets/${assetId}/versions`,
      `/projects/${project.id}/assets`,
    ])
      expect((await stranger.get(path)).status, path).toBe(404);
    expect((await fetch(`${t.baseUrl}/api/v1/assets/${assetId}`)).status).toBe(401);

    // Someone else's upload can be neither resumed, read nor canceled.
    const mine = await tus.create({ filename: 'mine.jpg', project_id: project.id }, LANDSCAPE.length);
    const location = mine.headers.get('location')!;
    expect((await stranger.get(`/uploads/${location.split('/').pop()}/result`)).status).toBe(404);
    expect((await strangerTus.patch(location, 0, LANDSCAPE)).status).toBe(404);
    expect((await strangerTus.offset(location)).status).toBe(404);
    expect((await strangerTus.terminate(location)).status).toBe(404);
    expect((await tus.offset(location)).offset).toBe(0);
    // Canceled by its uploader: the name is free at once.
    expect((await tus.terminate(location)).status).toBe(204);
    expect((await tus.create({ filename: 'mine.jpg', project_id: project.id }, 10)).status).toBe(201);
  });

  it('takes multipart POST /assets and a new round with POST /assets/{id}/versions; deletes only the last round', async () => {
    const form = new FormData();
    form.set('project_id', String(project.id));
    form.set('file', new Blob([LANDSCAPE]), 'multipart.jpg');
    const created = await client.post('/assets', form);
    expect(created.status).toBe(201);
    const asset = created.body.response;
    expect(asset).toMatchObject({ name: 'multipart.jpg', asset_versions_count: 1 });

    const round = new FormData();
    round.set('file', new Blob([PNG]), 'retouched.png');
    const second = await client.post(`/assets/${asset.id}/versions`, round);
    expect(second.status).toBe(201);
    expect(second.body.response).toMatchObject({ name: 'multipart.jpg', asset_versions_count: 2 });
    expect(second.body.response.current_version).toMatchObject({
      number: 1,
      file_name: 'retouched.png',
      file_type: 'png',
    });

    const rounds = (await client.get(`/assets/${asset.id}/versions`)).body.response;
    expect(rounds.map((r: { number: number }) => r.number)).toEqual([0, 1]);
    const byProject = await client.get(`/projects/${project.id}/asset_versions?ids[]=${asset.id}`);
    expect(byProject.body.response).toHaveLength(2);

    const deleted = await client.delete(`/assets/${asset.id}/versions/last`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.response).toMatchObject({
      message: 'The last round was successfully deleted.',
      asset_versions_count: 1,
    });
    const onlyOne = await client.delete(`/assets/${asset.id}/versions/last`);
    expect(onlyOne.status).toBe(422);
    expect(onlyOne.body.response.error.message).toBe(ASSET_TEXTS.onlyRound);

    const twoFiles = new FormData();
    twoFiles.set('file', new Blob([PNG]), 'a.png');
    twoFiles.append('file', new Blob([PNG]), 'b.png');
    const refused = await client.post(`/assets/${asset.id}/versions`, twoFiles);
    expect(refused.status).toBe(422);
    expect(refused.body.response.error.message).toBe(ASSET_TEXTS.roundOneFile);
  });

  it("serves a public link's viewers the latest round's files only, the original only on a downloadable link", async () => {
    const form = new FormData();
    form.set('project_id', String(project.id));
    form.set('file', new Blob([LANDSCAPE]), 'shared-rounds.jpg');
    const asset = (await client.post('/assets', form)).body.response;
    const next = new FormData();
    next.set('file', new Blob([PNG]), 'shared-rounds-2.png');
    expect((await client.post(`/assets/${asset.id}/versions`, next)).status).toBe(201);
    await t.ctx.jobs.idle();
    const [first, latest] = (await client.get(`/assets/${asset.id}/versions`)).body.response;
    const share = (await client.post(`/projects/${project.id}/share`, {})).body.response;
    const viaLink = (url: string) =>
      fetch(
        `${t.baseUrl}${url.replace('/api/v1/renditions/', `/api/v1/shared/${share.share_hash}/renditions/`)}`,
      );

    const thumbnail = await viaLink(latest.thumbnail_url);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('x-content-type-options')).toBe('nosniff');
    expect(thumbnail.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(thumbnail.headers.get('cache-control')).toBe('private, max-age=300');
    expect((await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).format).toBeDefined();
    expect((await viaLink(latest.image_url)).status).toBe(200);
    // An earlier round is not the link's to show, nor any file of it.
    expect((await viaLink(first.thumbnail_url)).status).toBe(404);
    expect((await viaLink(first.original_url)).status).toBe(404);
    // The original only once the link allows downloads.
    expect((await viaLink(latest.original_url)).status).toBe(404);
    await client.post(`/projects/${project.id}/share`, { downloadable: true });
    const original = await viaLink(latest.original_url);
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(PNG)).toBe(true);

    // A round of another project is never reached through this project's link.
    const elsewhere = await buildProject(client, workspace.id);
    const other = new FormData();
    other.set('project_id', String(elsewhere.id));
    other.set('file', new Blob([PNG]), 'elsewhere.png');
    const otherAsset = (await client.post('/assets', other)).body.response;
    await t.ctx.jobs.idle();
    const otherRound = (await client.get(`/assets/${otherAsset.id}`)).body.response.current_version;
    expect((await viaLink(otherRound.thumbnail_url)).status).toBe(404);

    // Revoked: nothing more, at once.
    await client.delete(`/projects/${project.id}/share`);
    expect((await viaLink(latest.thumbnail_url)).status).toBe(404);
  });

  it('lets only the uploader of the latest round (or the owner) delete it', async () => {
    const collaborator = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    const other = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    const { finished } = await tus.upload({ filename: 'rounds.png', project_id: project.id }, PNG);
    const assetId = Number(finished!.headers.get('upload-asset-id'));
    const round = await new TusClient(t.baseUrl, collaborator.client).upload(
      { filename: 'rounds-v2.png', project_id: project.id, asset_id: assetId },
      PNG,
    );
    expect(round.finished!.status).toBe(204);
    expect((await other.client.delete(`/assets/${assetId}/versions/last`)).status).toBe(403);
    expect((await collaborator.client.delete(`/assets/${assetId}/versions/last`)).status).toBe(200);
  });
});

describe('uploads survive a restart', () => {
  it('resumes an interrupted upload from its offset on a restarted server', async () => {
    // The same installation: the same secret, database and files.
    const env = { SESSION_SECRET: 'a'.repeat(64) };
    const first = await startTestApp(env);
    const { client, workspace } = await buildWorkspace(first.baseUrl, first.ctx);
    const project = await buildProject(client, workspace.id, { assets_start_retouched: true });
    const created = await new TusClient(first.baseUrl, client).create(
      { filename: 'resumed.jpg', project_id: project.id },
      LANDSCAPE.length,
    );
    const location = created.headers.get('location')!;
    const part = 10_000;
    await new TusClient(first.baseUrl, client).patch(location, 0, LANDSCAPE.subarray(0, part));
    await first.close({ keepData: true });

    const second = await startTestApp(env, { reuse: first });
    try {
      const tus = new TusClient(second.baseUrl, client);
      expect((await tus.offset(location)).offset).toBe(part);
      const done = await tus.patch(location, part, LANDSCAPE.subarray(part));
      expect(done.status).toBe(204);
      const asset = await fetch(`${second.baseUrl}/api/v1/assets/${done.headers.get('upload-asset-id')}`, {
        headers: { cookie: client.cookieHeader },
      });
      const round = (
        (await asset.json()) as { response: { current_version: { number: number; size_in_bytes: number } } }
      ).response.current_version;
      // Retouched images start at R1.
      expect(round.number).toBe(1);
      expect(round.size_in_bytes).toBe(LANDSCAPE.length);
    } finally {
      await second.close();
    }
  });
});
