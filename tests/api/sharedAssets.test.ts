import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorkspace } from './factories';
import { ApiClient, startTestApp, type Json, type TestApp } from './harness';
import { TINY_PNG } from './images';
import { buildProject } from './projectFactories';

const PDF = readFileSync(join(__dirname, '../../../shared/corpus/pdf/word-mac_quartz_2pages.pdf'));

/** Exactly what a link's viewer learns of an asset and of its round: nothing per member, no earlier round. */
const ASSET_KEYS = [
  'created_at',
  'current_version',
  'folder_id',
  'id',
  'kind',
  'name',
  'project_id',
  'updated_at',
  'version_id',
];
const ROUND_KEYS = [
  'created_at',
  'file_name',
  'file_type',
  'height',
  'id',
  'image_url',
  'lqip_url',
  'number',
  'original_url',
  'page_count',
  'page_url_template',
  'preview_error',
  'preview_state',
  'size_in_bytes',
  'thumbnail_url',
  'tiles_url',
  'width',
];

describe('the assets of a public link', () => {
  let t: TestApp;
  let owner: ApiClient;
  let project: Json;
  let folder: Json;
  /** Root assets, the newest first: c (two rounds), b, the PDF, a. */
  let assets: Record<'a' | 'pdf' | 'b' | 'c' | 'inFolder' | 'elsewhere', Json>;
  let firstRoundOfC: Json;
  let otherFolder: Json;

  const share = async (body: object = {}) => {
    const answer = await owner.post(`/projects/${project.id}/share`, body);
    expect(answer.status).toBe(200);
    return answer.body.response.share_hash as string;
  };
  const anonymous = () => new ApiClient(t.baseUrl);
  const list = (client: ApiClient, hash: string, query = '') =>
    client.get(`/shared/${encodeURIComponent(hash)}/assets${query}`);
  const one = (client: ApiClient, hash: string, id: number) =>
    client.get(`/shared/${encodeURIComponent(hash)}/assets/${id}`);
  /** A rendition address as a browser would fetch it, with the client's cookies. */
  const file = (client: ApiClient, url: string) =>
    fetch(`${t.baseUrl}${url}`, { headers: { cookie: client.cookieHeader } });

  async function upload(
    name: string,
    bytes: Uint8Array<ArrayBuffer>,
    where: { projectId: number; folderId?: number },
  ) {
    const form = new FormData();
    form.set('project_id', String(where.projectId));
    if (where.folderId) form.set('folder_id', String(where.folderId));
    form.set('file', new Blob([bytes]), name);
    const answer = await owner.post('/assets', form);
    if (answer.status !== 201)
      throw new Error(`upload failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    t.clock.advance(1000);
    return answer.body.response;
  }

  beforeAll(async () => {
    t = await startTestApp();
    let workspace: Json;
    ({ client: owner, workspace } = await buildWorkspace(t.baseUrl, t.ctx));
    project = await buildProject(owner, workspace.id);
    folder = (await owner.post(`/projects/${project.id}/folders`, { name: 'Selects' })).body.response;
    const elsewhere = await buildProject(owner, workspace.id);
    otherFolder = (await owner.post(`/projects/${elsewhere.id}/folders`, { name: 'Theirs' })).body.response;
    const root = { projectId: project.id };
    const a = await upload('a.png', TINY_PNG, root);
    const pdf = await upload('brief.pdf', PDF, root);
    const b = await upload('b.png', TINY_PNG, root);
    const c = await upload('c.png', TINY_PNG, root);
    const next = new FormData();
    next.set('file', new Blob([TINY_PNG]), 'c-v2.png');
    expect((await owner.post(`/assets/${c.id}/versions`, next)).status).toBe(201);
    const inFolder = await upload('in-folder.png', TINY_PNG, { projectId: project.id, folderId: folder.id });
    const other = await upload('theirs.png', TINY_PNG, { projectId: elsewhere.id });
    await t.ctx.jobs.idle();
    firstRoundOfC = (await owner.get(`/assets/${c.id}/versions`)).body.response[0];
    assets = { a, pdf, b, c, inFolder, elsewhere: other };
  });
  afterAll(() => t.close());

  it("lists the project root's assets, the newest first, with their latest round and the link's own addresses", async () => {
    const hash = await share();
    const viewer = anonymous();
    const answer = await list(viewer, hash);
    expect(answer.status).toBe(200);
    expect(answer.body.response.map((asset: Json) => asset.name)).toEqual([
      'c.png',
      'b.png',
      'brief.pdf',
      'a.png',
    ]);
    expect(answer.body.meta.pagination).toEqual({
      current: 1,
      pages: 1,
      total_count: 4,
      first_page: true,
      last_page: true,
    });
    const [c, , pdf] = answer.body.response;
    expect(Object.keys(c).sort()).toEqual(ASSET_KEYS);
    expect(Object.keys(c.current_version).sort()).toEqual(ROUND_KEYS);
    expect(c.version_id).not.toBe(firstRoundOfC.id);
    expect(c.current_version).toMatchObject({
      id: c.version_id,
      number: firstRoundOfC.number + 1,
      original_url: null,
    });
    expect(c.current_version.thumbnail_url).toMatch(
      new RegExp(`^/api/v1/shared/${hash}/renditions/${c.version_id}/[a-z0-9]+/thumbnail$`),
    );
    expect(JSON.stringify(answer.body)).not.toContain(`/renditions/${firstRoundOfC.id}/`);
    expect(pdf).toMatchObject({ kind: 'document', current_version: { file_type: 'pdf', page_count: 2 } });

    const thumbnail = await file(viewer, c.current_version.thumbnail_url);
    expect(thumbnail.status).toBe(200);
    expect((await file(viewer, pdf.current_version.image_url)).status).toBe(200);
  });

  it("lists a folder of the link's project, and refuses another project's folder", async () => {
    const hash = await share();
    const viewer = anonymous();
    const inFolder = await list(viewer, hash, `?folder_id=${folder.id}`);
    expect(inFolder.body.response.map((asset: Json) => asset.id)).toEqual([assets.inFolder.id]);
    expect(inFolder.body.meta.pagination.total_count).toBe(1);
    const refused = await list(viewer, hash, `?folder_id=${otherFolder.id}`);
    expect([refused.status, refused.body.response.error.code]).toEqual([404, 'not_found']);
    expect((await list(viewer, hash, '?folder_id=999999')).status).toBe(404);
    expect((await list(viewer, hash, '?page=2')).body).toMatchObject({
      response: [],
      meta: { pagination: { current: 2, total_count: 4, last_page: true } },
    });
  });

  it('answers one asset with its latest round and its neighbours among the images of its place', async () => {
    const hash = await share();
    const viewer = anonymous();
    const c = await one(viewer, hash, assets.c.id);
    expect(c.status).toBe(200);
    expect(c.body.response).toMatchObject({
      name: 'c.png',
      kind: 'image',
      previous_image_id: null,
      next_image_id: assets.b.id,
      current_version: { number: firstRoundOfC.number + 1, width: 2, height: 2, preview_state: 'ready' },
    });
    expect(JSON.stringify(c.body)).not.toContain(`/renditions/${firstRoundOfC.id}/`);
    // The PDF between b and a is not an image: next and previous step over it.
    const neighbours = async (id: number) => {
      const { previous_image_id, next_image_id } = (await one(viewer, hash, id)).body.response;
      return [previous_image_id, next_image_id];
    };
    expect(await neighbours(assets.b.id)).toEqual([assets.c.id, assets.a.id]);
    expect(await neighbours(assets.a.id)).toEqual([assets.b.id, null]);
    expect(await neighbours(assets.pdf.id)).toEqual([assets.b.id, assets.a.id]);
    expect(await neighbours(assets.inFolder.id)).toEqual([null, null]);

    const elsewhere = await one(viewer, hash, assets.elsewhere.id);
    expect([elsewhere.status, elsewhere.body.response.error.code]).toEqual([404, 'not_found']);
    expect((await one(viewer, hash, 999999)).status).toBe(404);
    // Its earlier round's files are not the link's either.
    expect(
      (await file(viewer, firstRoundOfC.thumbnail_url.replace('/api/v1/', `/api/v1/shared/${hash}/`))).status,
    ).toBe(404);
  });

  it('gives the original only while the link allows downloads', async () => {
    const hash = await share({ downloadable: true });
    const viewer = anonymous();
    const listed = (await list(viewer, hash)).body.response[0];
    const detail = (await one(viewer, hash, assets.c.id)).body.response;
    expect(listed.current_version.original_url).toMatch(
      new RegExp(`^/api/v1/shared/${hash}/renditions/${detail.version_id}/[a-z0-9]+/original$`),
    );
    expect(detail.current_version.original_url).toBe(listed.current_version.original_url);
    const original = await file(viewer, detail.current_version.original_url);
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(TINY_PNG)).toBe(true);

    await share({ downloadable: false });
    expect((await one(viewer, hash, assets.c.id)).body.response.current_version.original_url).toBeNull();
    expect((await list(viewer, hash)).body.response[0].current_version.original_url).toBeNull();
    expect((await file(viewer, detail.current_version.original_url)).status).toBe(404);
  });

  it('refuses every asset address of a password-protected link until it is unlocked, then serves them', async () => {
    const hash = await share({ password: 'open sesame' });
    const viewer = anonymous();
    const calls = () => [
      list(viewer, hash),
      list(viewer, hash, `?folder_id=${folder.id}`),
      one(viewer, hash, assets.c.id),
    ];
    for (const answer of await Promise.all(calls()))
      expect([answer.status, answer.body.response.error.code]).toEqual([403, 'share_password_required']);

    const unlocked = await viewer.post('/projects/shared_view/unlock', {
      share_hash: hash,
      password: 'open sesame',
    });
    expect(unlocked.status).toBe(200);
    for (const answer of await Promise.all(calls())) expect(answer.status).toBe(200);
    const detail = (await one(viewer, hash, assets.c.id)).body.response;
    expect((await file(viewer, detail.current_version.thumbnail_url)).status).toBe(200);
    expect((await file(anonymous(), detail.current_version.thumbnail_url)).status).toBe(403);

    // A new password locks the viewer out again at once.
    await share({ password: 'another one' });
    expect((await one(viewer, hash, assets.c.id)).status).toBe(403);
    await share({ password: null });
  });

  it('stops every asset address at once when the link is revoked', async () => {
    const hash = await share();
    const viewer = anonymous();
    const detail = (await one(viewer, hash, assets.c.id)).body.response;
    expect((await file(viewer, detail.current_version.thumbnail_url)).status).toBe(200);

    expect((await owner.delete(`/projects/${project.id}/share`)).status).toBe(200);
    for (const answer of [await list(viewer, hash), await one(viewer, hash, assets.c.id)])
      expect([answer.status, answer.body.response.error.code]).toEqual([404, 'not_found']);
    expect((await file(viewer, detail.current_version.thumbnail_url)).status).toBe(404);
  });

  it('serves a view-only link only what its viewers see: the original and the low-res file need downloads', async () => {
    const hash = await share({ downloadable: true });
    const viewer = anonymous();
    const round = (await one(viewer, hash, assets.c.id)).body.response.current_version;
    const lowRes = round.thumbnail_url.replace(/thumbnail$/, 'low_res');
    expect((await file(viewer, lowRes)).status).toBe(200);
    expect((await file(viewer, round.original_url)).status).toBe(200);

    await share({ downloadable: false });
    for (const url of [lowRes, round.original_url]) {
      const refused = await file(viewer, url);
      expect([url, refused.status]).toEqual([url, 404]);
    }
    for (const url of [round.thumbnail_url, round.image_url])
      expect((await file(viewer, url)).status).toBe(200);
    const pdf = (await one(viewer, hash, assets.pdf.id)).body.response.current_version;
    expect((await file(viewer, pdf.page_url_template.replace('{page}', '2'))).status).toBe(200);
    expect((await file(viewer, pdf.thumbnail_url.replace(/thumbnail$/, 'low_res'))).status).toBe(404);
  });

  it("shows the folders' previews at the link's own addresses, which its viewers can open", async () => {
    const hash = await share();
    const viewer = anonymous();
    const project = (await viewer.get(`/projects/shared_view?share_hash=${encodeURIComponent(hash)}`)).body
      .response;
    const listed = project.folders.find((f: Json) => f.id === folder.id);
    const opened = (await viewer.get(`/shared/${encodeURIComponent(hash)}/folders/${folder.id}`)).body
      .response;
    for (const shown of [listed, opened]) {
      expect(shown.previews_urls).toHaveLength(1);
      expect(shown.previews_urls[0]).toMatch(
        new RegExp(`^/api/v1/shared/${hash}/renditions/${assets.inFolder.version_id}/[a-z0-9]+/thumbnail$`),
      );
      const preview = await file(viewer, shown.previews_urls[0]);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-type')).toMatch(/^image\//);
    }
    // The link's check still holds: revoked, the previews stop.
    await owner.delete(`/projects/${project.id}/share`);
    expect((await file(viewer, listed.previews_urls[0])).status).toBe(404);
  });

  it("names the original after the asset as it is called now, never the file's upload name", async () => {
    // c's latest round was uploaded as 'c-v2.png' (a working name); the asset is 'c.png'.
    const hash = await share({ downloadable: true });
    const viewer = anonymous();
    const savedAs = async (client: ApiClient, url: string) => {
      const answer = await file(client, url);
      expect(answer.status).toBe(200);
      return /filename\*=UTF-8''(.+)$/.exec(answer.headers.get('content-disposition') ?? '')?.[1];
    };
    const shared = () => one(viewer, hash, assets.c.id).then((a) => a.body.response.current_version);
    const member = () => owner.get(`/assets/${assets.c.id}/versions`).then((a) => a.body.response.at(-1));
    expect(await savedAs(viewer, (await shared()).original_url)).toBe('c.png');
    expect(await savedAs(owner, (await member()).original_url)).toBe('c.png');

    const renamed = await owner.patch(`/assets/${assets.c.id}/update_filename`, {
      filename: 'Sky final.png',
    });
    expect(renamed.status).toBe(200);
    try {
      expect(await savedAs(viewer, (await shared()).original_url)).toBe('Sky%20final.png');
      expect(await savedAs(owner, (await member()).original_url)).toBe('Sky%20final.png');
    } finally {
      await owner.patch(`/assets/${assets.c.id}/update_filename`, { filename: 'c.png' });
    }
  });

  it("hides the team's comments unless the link's settings show them", async () => {
    const comment = await owner.post('/comments', {
      asset_id: assets.b.id,
      text: 'Internal: the retoucher should redo the sky.',
    });
    expect(comment.status).toBe(201);
    const viewer = anonymous();
    const seen = async () => {
      const detail = (await one(viewer, hash, assets.b.id)).body.response;
      const project = (await viewer.get(`/projects/shared_view?share_hash=${encodeURIComponent(hash)}`)).body
        .response;
      return { shows: project.shows_comments, texts: detail.comments.map((c: Json) => c.text) };
    };
    const hash = await share();
    expect(await seen()).toEqual({ shows: false, texts: [] });
    await share({ show_comments: true });
    expect(await seen()).toEqual({ shows: true, texts: ['Internal: the retoucher should redo the sky.'] });
    await share({ downloadable: true });
    expect(await seen()).toEqual({ shows: false, texts: [] });
  });
});
