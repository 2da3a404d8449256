import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_TEXTS } from '../../server/services/assets/roundPages';
import { buildAsset } from './assetFactories';
import { type ApiClient, type Json, startTestApp, type TestApp } from './harness';
import { buildProjectCast, type ProjectCast } from './projectCast';

const SIX_PAGES = readFileSync(join(__dirname, '../../../shared/corpus/pdf/two_column_6pages.pdf'));
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe("a document's pages (GET /renditions/{round}/{token}/pages/{n})", () => {
  let t: TestApp;
  let cast: ProjectCast;
  let owner: ApiClient;
  let document: Json;

  /** A rendition address as a browser would fetch it, with the client's cookies. */
  const fetchFile = async (client: ApiClient, url: string) => {
    const answer = await fetch(`${t.baseUrl}${url}`, { headers: { cookie: client.cookieHeader } });
    return { status: answer.status, headers: answer.headers, bytes: Buffer.from(await answer.arrayBuffer()) };
  };
  const pageOf = (round: Json, page: number | string) =>
    (round.page_url_template as string).replace('{page}', String(page));
  const upload = async (name: string, bytes: Buffer) => {
    const asset = await buildAsset(owner, cast.project.id, { name, bytes });
    await t.ctx.jobs.idle();
    return (await owner.get(`/assets/${asset.id}`)).body.response;
  };

  beforeAll(async () => {
    t = await startTestApp();
    cast = await buildProjectCast(t.baseUrl, t.ctx);
    owner = cast.owner.client;
    document = await upload('brief.pdf', SIX_PAGES);
  });
  afterAll(() => t.close());

  it('gives a document a page address for each of its 6 pages, and an image none', async () => {
    const round = document.current_version;
    expect(round.page_count).toBe(6);
    expect(round.page_url_template).toMatch(/^\/api\/v1\/renditions\/\d+\/[a-z0-9]+\/pages\/\{page\}$/);
    const image = await buildAsset(owner, cast.project.id);
    expect(image.current_version.page_url_template).toBeNull();
  });

  it('draws page 2 for a member on first request, keeps it, and serves it like the other renditions', async () => {
    const first = await fetchFile(cast.viewer.client, pageOf(document.current_version, 2));
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.bytes.subarray(0, 4).equals(PNG_SIGNATURE)).toBe(true);
    const token = (document.current_version.page_url_template as string).split('/')[5];
    const kept = await t.ctx.storage.get(`renditions/${token}/pages/2`);
    expect(kept?.size).toBe(first.bytes.length);
    kept?.body.resume();
    const again = await fetchFile(owner, pageOf(document.current_version, 2));
    expect(again.bytes.equals(first.bytes)).toBe(true);
  });

  it('serves page 1 as the round preview, and page 6 as a different picture', async () => {
    const one = await fetchFile(owner, pageOf(document.current_version, 1));
    const preview = await fetchFile(owner, document.current_version.image_url);
    expect(one.status).toBe(200);
    expect(one.bytes.equals(preview.bytes)).toBe(true);
    const six = await fetchFile(owner, pageOf(document.current_version, 6));
    expect(six.status).toBe(200);
    expect(six.bytes.equals(one.bytes)).toBe(false);
  });

  it('answers a page asked for by many at once, every one with the same picture', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => fetchFile(owner, pageOf(document.current_version, 4))),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.bytes.toString('base64'))).size).toBe(1);
  });

  it('answers 404 for page 0, a page past the end, a padded number, text, and another token', async () => {
    const round = document.current_version;
    for (const page of ['0', '7', '99999', '02', 'two', '-1', '1.5'])
      expect((await fetchFile(owner, pageOf(round, page))).status, page).toBe(404);
    const wrongToken = pageOf(round, 2).replace(/\/renditions\/(\d+)\/[a-z0-9]+\//, '/renditions/$1/abc123/');
    expect((await fetchFile(owner, wrongToken)).status).toBe(404);
  });

  it('answers 404 to a signed-in stranger and 401 to an anonymous caller', async () => {
    expect((await fetchFile(cast.stranger.client, pageOf(document.current_version, 2))).status).toBe(404);
    expect((await fetchFile(cast.anonymous.client, pageOf(document.current_version, 2))).status).toBe(401);
  });

  it('serves the latest round’s pages on a public link, and no earlier round’s', async () => {
    const shared = await owner.post(`/projects/${cast.project.id}/share`, {});
    const hash = shared.body.response.share_hash as string;
    const viewer = cast.anonymous.client;
    const latest = (await viewer.get(`/shared/${hash}/assets/${document.id}`)).body.response.current_version;
    expect(latest.page_url_template).toBe(
      `/api/v1/shared/${hash}/renditions/${document.version_id}/${pageOf(document.current_version, '{page}').split('/')[5]}/pages/{page}`,
    );
    const page3 = await fetchFile(viewer, pageOf(latest, 3));
    expect(page3.status).toBe(200);
    expect(page3.headers.get('cache-control')).toBe('private, max-age=300');
    expect((await fetchFile(viewer, pageOf(latest, 7))).status).toBe(404);

    const next = new FormData();
    next.set('file', new Blob([new Uint8Array(SIX_PAGES)]), 'brief-v2.pdf');
    expect((await owner.post(`/assets/${document.id}/versions`, next)).status).toBe(201);
    await t.ctx.jobs.idle();
    expect((await fetchFile(viewer, pageOf(latest, 3))).status).toBe(404);
    expect((await fetchFile(owner, pageOf(document.current_version, 3))).status).toBe(200);
  });

  it('answers a clear 422 when a page cannot be drawn (the stored file is damaged)', async () => {
    const broken = await upload('broken.pdf', SIX_PAGES);
    const round = (await owner.get(`/assets/${broken.id}/versions`)).body.response[0];
    const { original_key } = await t.ctx.db
      .selectFrom('asset_versions')
      .select('original_key')
      .where('id', '=', round.id)
      .executeTakeFirstOrThrow();
    await t.ctx.storage.put(
      original_key,
      Buffer.from('%PDF-1.4\nthis is no longer a PDF\n'),
      'application/pdf',
    );
    const answer = await fetch(`${t.baseUrl}${pageOf(broken.current_version, 5)}`, {
      headers: { cookie: owner.cookieHeader },
    });
    expect(answer.status).toBe(422);
    const error = (await answer.json()).response.error;
    expect(error.code).toBe('page_not_drawn');
    expect(error.message).toMatch(/^Page 5 could not be drawn: /);
    expect(PAGE_TEXTS.notDrawn(5, 'x')).toBe('Page 5 could not be drawn: x');
  });
});
