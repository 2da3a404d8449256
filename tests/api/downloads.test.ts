import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_TEXTS } from '@common/api/downloads';
import type { AppContext } from '@server/context';
import { MAIL_LINK_MS } from '@server/services/assets/downloads';
import { ApiClient, lastMailTo, startTestApp, type Json, type TestApp } from './harness';
import { buildProjectCast, type ProjectCast } from './projectCast';

let t: TestApp;

/** The e-mailed zips in the app's store. */
async function storedZips(): Promise<string[]> {
  const keys = [];
  for await (const entry of t.ctx.storage.list('downloads/'))
    if (entry.key.endsWith('.zip')) keys.push(entry.key);
  return keys;
}
let scratch: string;
beforeAll(async () => {
  t = await startTestApp();
  scratch = mkdtempSync(join(t.dataDir, 'zips-'));
});
afterAll(() => t.close());

const JPEG = (seed: number, size = 5000) =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(size, seed)]);

interface SeedRound {
  bytes: Buffer;
  fileName?: string;
  /** Stores a low-res JPEG beside the original, as a finished preview job does. */
  lowRes?: Buffer;
}

/**
 * An asset with its rounds written straight to the database and the file store, as uploads and
 * preview jobs leave them; the name is taken as given, so tests can state names the upload checks
 * would refuse today (rows from before a rule, or imports).
 */
async function buildAsset(
  ctx: AppContext,
  place: { projectId: number; uploaderId: number; folderId?: number | null },
  name: string,
  rounds: SeedRound[],
  kind: 'image' | 'document' = 'image',
): Promise<{ id: number; versionIds: number[] }> {
  const now = ctx.clock.now().toISOString();
  const repos = ctx.uow.read;
  const asset = await repos.assets.create({
    projectId: place.projectId,
    folderId: place.folderId ?? null,
    name,
    kind,
    createdById: place.uploaderId,
    now,
  });
  const versionIds: number[] = [];
  for (const [i, round] of rounds.entries()) {
    const key = `originals/${randomBytes(12).toString('hex')}`;
    await ctx.storage.put(key, round.bytes, kind === 'image' ? 'image/jpeg' : 'text/plain');
    const fileName = round.fileName ?? name;
    const version = await repos.assetVersions.create({
      assetId: asset.id,
      projectId: place.projectId,
      number: i + 1,
      uploaderId: place.uploaderId,
      fileName,
      fileType: kind === 'image' ? 'jpeg' : 'txt',
      sizeBytes: round.bytes.length,
      originalKey: key,
      now,
    });
    if (round.lowRes) {
      const prefix = `renditions/${randomBytes(12).toString('hex')}`;
      await ctx.storage.put(`${prefix}/low_res`, round.lowRes, 'image/jpeg');
      await ctx.storage.put(`${prefix}/thumbnail`, round.lowRes, 'image/jpeg');
      await repos.assetVersions.setPreview(
        version.id,
        {
          preview_state: 'ready',
          preview_error: null,
          width: 10,
          height: 10,
          page_count: null,
          thumbnail_key: `${prefix}/thumbnail`,
          preview_key: `${prefix}/thumbnail`,
          preview_content_type: 'image/jpeg',
          low_res_key: `${prefix}/low_res`,
          lqip: null,
          tiles_key: null,
        },
        now,
      );
    }
    await repos.assets.setCurrentVersion(asset.id, version.id, now);
    versionIds.push(version.id);
  }
  return { id: asset.id, versionIds };
}

/** A raw GET under the API (bytes, not text), with the client's cookies. */
async function fetchBytes(client: ApiClient, path: string, init: RequestInit = {}) {
  const url = path.startsWith('/api/v1') ? `${t.baseUrl}${path}` : `${t.baseUrl}/api/v1${path}`;
  const response = await fetch(url, {
    ...init,
    headers: {
      ...(init.headers as Record<string, string>),
      ...(client.signedIn ? { cookie: client.cookieHeader } : {}),
    },
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
    /** Where the bytes came from: the app, or the store it redirected to (S3's presigned link). */
    url: response.url,
  };
}

function saveZip(bytes: Buffer): string {
  const path = join(scratch, `${randomBytes(6).toString('hex')}.zip`);
  writeFileSync(path, bytes);
  return path;
}

/** Reads the zip back with Info-ZIP: its entry names, once its integrity is checked. */
function zipEntries(bytes: Buffer): string[] {
  const path = saveZip(bytes);
  expect(execFileSync('unzip', ['-t', path], { encoding: 'utf8' })).toContain('No errors detected');
  return execFileSync('zipinfo', ['-1', path], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
}

function unzipOne(bytes: Buffer, entry: string): Buffer {
  return execFileSync('unzip', ['-p', saveZip(bytes), entry], { maxBuffer: 1 << 30 });
}

const disposition = (headers: Headers) =>
  decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(headers.get('content-disposition') ?? '')?.[1] ?? '');

async function shareLink(cast: ProjectCast, downloadable: boolean): Promise<string> {
  const answer = await cast.owner.client.post(`/projects/${cast.project.id}/share`, { downloadable });
  expect(answer.status).toBe(200);
  return answer.body.response.share_hash;
}

describe('GET /assets/{id}/download', () => {
  let cast: ProjectCast;
  let hero: { id: number };
  let single: { id: number };
  const R1 = JPEG(1);
  const R2 = JPEG(2);
  const LOW = JPEG(9, 100);

  beforeAll(async () => {
    cast = await buildProjectCast(t.baseUrl, t.ctx);
    const place = { projectId: cast.project.id, uploaderId: cast.owner.user.id };
    hero = await buildAsset(t.ctx, place, 'Été à Kyoto 01.jpg', [{ bytes: R1 }, { bytes: R2, lowRes: LOW }]);
    single = await buildAsset(t.ctx, place, 'notes.txt', [{ bytes: Buffer.from('hello\n') }], 'document');
  });

  it("sends the current round's original under its name, kept as given, never to be shown as a page", async () => {
    const got = await fetchBytes(cast.owner.client, `/assets/${hero.id}/download`);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(R2)).toBe(true);
    expect(disposition(got.headers)).toBe('Été à Kyoto 01.jpg');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="/);
    expect(got.headers.get('content-length')).toBe(String(R2.length));
    expect(got.headers.get('cache-control')).toBe('private, no-store');
    if (t.bucket) {
      // S3: a link of a minute straight to the store, which sends the bytes as an attachment.
      const link = new URL(got.url);
      expect(link.pathname.startsWith(`/${t.bucket}/originals/`)).toBe(true);
      expect(link.searchParams.get('X-Amz-Expires')).toBe('60');
    } else {
      expect(got.url.startsWith(t.baseUrl)).toBe(true);
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('answers a range of the original (a resumed download), and 416 for one past its end', async () => {
    const part = await fetchBytes(cast.owner.client, `/assets/${hero.id}/download`, {
      headers: { range: 'bytes=2-9' },
    });
    expect(part.status).toBe(206);
    expect(part.bytes.equals(R2.subarray(2, 10))).toBe(true);
    expect(part.headers.get('content-range')).toBe(`bytes 2-9/${R2.length}`);
    const tail = await fetchBytes(cast.owner.client, `/assets/${hero.id}/download`, {
      headers: { range: 'bytes=-4' },
    });
    expect(tail.bytes.equals(R2.subarray(R2.length - 4))).toBe(true);
    const past = await fetchBytes(cast.owner.client, `/assets/${hero.id}/download`, {
      headers: { range: `bytes=${R2.length + 10}-` },
    });
    expect(past.status).toBe(416);
  });

  it("appends the round number before the extension, and sends the low-res JPEG by the user's preference", async () => {
    const numbered = await fetchBytes(
      cast.owner.client,
      `/assets/${hero.id}/download?with_round_number=true`,
    );
    expect(disposition(numbered.headers)).toBe('Été à Kyoto 01_R2.jpg');

    const low = await fetchBytes(cast.owner.client, `/assets/${hero.id}/download?low_res=true`);
    expect(low.bytes.equals(LOW)).toBe(true);

    const me = (await cast.collaborator.client.get('/users/me')).body.response;
    const saved = await cast.collaborator.client.patch(`/users/${me.id}`, {
      user_preference: { asset_downloads_resolution: 'low_res' },
    });
    expect(saved.status).toBe(200);
    expect(
      (await fetchBytes(cast.collaborator.client, `/assets/${hero.id}/download`)).bytes.equals(LOW),
    ).toBe(true);
    const original = await fetchBytes(cast.collaborator.client, `/assets/${hero.id}/download?low_res=false`);
    expect(original.bytes.equals(R2)).toBe(true);
    // A document's low-res is a picture of its first page: the document itself is sent.
    const document = await fetchBytes(cast.collaborator.client, `/assets/${single.id}/download`);
    expect(document.bytes.toString()).toBe('hello\n');
  });

  it('zips every round with its number, only for an asset with more than one round', async () => {
    const all = await fetchBytes(cast.viewer.client, `/assets/${hero.id}/download?all_rounds=true`);
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toBe('application/zip');
    expect(disposition(all.headers)).toBe('Été à Kyoto 01 (all rounds).zip');
    expect(zipEntries(all.bytes)).toEqual(['Été à Kyoto 01_R1.jpg', 'Été à Kyoto 01_R2.jpg']);
    expect(unzipOne(all.bytes, 'Été à Kyoto 01_R1.jpg').equals(R1)).toBe(true);

    const refused = await cast.owner.client.get(`/assets/${single.id}/download?all_rounds=true`);
    expect(refused.status).toBe(422);
    expect(refused.body.response.error.message).toBe(DOWNLOAD_TEXTS.allRoundsNeedRounds);
  });

  it('is for the members of the project only', async () => {
    const expected = {
      owner: 200,
      collaborator: 200,
      viewer: 200,
      workspaceAdmin: 404,
      workspaceOwner: 403,
      stranger: 404,
      anonymous: 401,
    } as const;
    const seen: Record<string, number> = {};
    for (const caller of Object.keys(expected) as (keyof typeof expected)[])
      seen[caller] = (await fetchBytes(cast[caller].client, `/assets/${hero.id}/download`)).status;
    expect(seen).toEqual(expected);
    expect((await fetchBytes(cast.owner.client, '/assets/99999999/download')).status).toBe(404);
  });
});

describe('zips of several assets, a folder and a project', () => {
  let cast: ProjectCast;
  let folder: Json;
  let hostile: Json;
  let rootHero: { id: number };
  let folderHero: { id: number };
  let text: { id: number };
  const TEXT = Buffer.from('Shot list, line after line.\n'.repeat(500));

  beforeAll(async () => {
    cast = await buildProjectCast(t.baseUrl, t.ctx);
    const projectId = cast.project.id;
    folder = (await cast.owner.client.post(`/projects/${projectId}/folders`, { name: 'Day 1' })).body
      .response;
    hostile = (await cast.owner.client.post(`/projects/${projectId}/folders`, { name: '../../etc' })).body
      .response;
    const place = { projectId, uploaderId: cast.owner.user.id };
    rootHero = await buildAsset(t.ctx, place, 'hero.jpg', [{ bytes: JPEG(3) }]);
    folderHero = await buildAsset(t.ctx, { ...place, folderId: folder.id }, 'HERO.jpg', [{ bytes: JPEG(4) }]);
    text = await buildAsset(t.ctx, place, 'shot list.txt', [{ bytes: TEXT }], 'document');
    await buildAsset(t.ctx, place, 'Day 1', [{ bytes: JPEG(5), fileName: 'Day 1' }]);
    await buildAsset(t.ctx, { ...place, folderId: hostile.id }, '..\\..\\boot.ini\u0007.jpg', [
      { bytes: JPEG(6) },
    ]);
    await buildAsset(t.ctx, { ...place, folderId: hostile.id }, '/abs.jpg', [{ bytes: JPEG(7) }]);
  });

  const request = (client: ApiClient, path: string, body: object) =>
    client.post(`/projects/${cast.project.id}${path}`, body);

  it('answers a direct link for several assets: a zip of their current rounds, duplicates numbered', async () => {
    const answer = await request(cast.collaborator.client, '/assets/download', {
      ids: [rootHero.id, folderHero.id, text.id],
      with_round_number: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.response).toEqual({
      download_type: 'direct',
      download_url: expect.stringMatching(/^\/api\/v1\/downloads\?token=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{32}$/),
    });
    const zip = await fetchBytes(cast.collaborator.client, answer.body.response.download_url);
    expect(zip.status).toBe(200);
    expect(zipEntries(zip.bytes)).toEqual(['hero_R1.jpg', 'HERO_R1 (2).jpg', 'shot list_R1.txt']);
    expect(unzipOne(zip.bytes, 'shot list_R1.txt').equals(TEXT)).toBe(true);
    const listing = execFileSync('zipinfo', [saveZip(zip.bytes)], { encoding: 'utf8' });
    expect(listing).toMatch(/bX stor .* hero_R1\.jpg/);
    expect(listing).toMatch(/bX defN .* shot list_R1\.txt/);
  });

  it('answers one asset as that file, and the link serves only the member who asked, for an hour', async () => {
    const answer = await request(cast.owner.client, '/assets/download', { ids: [folderHero.id] });
    const url: string = answer.body.response.download_url;
    const file = await fetchBytes(cast.owner.client, url);
    expect(file.bytes.equals(JPEG(4))).toBe(true);
    expect(disposition(file.headers)).toBe('HERO.jpg');

    expect((await fetchBytes(cast.viewer.client, url)).status).toBe(404);
    expect((await fetchBytes(cast.anonymous.client, url)).status).toBe(401);
    expect((await fetchBytes(cast.owner.client, `${url.slice(0, -3)}abc`)).status).toBe(404);
    t.clock.advance(61 * 60_000);
    const late = await cast.owner.client.get(url.replace('/api/v1', ''));
    expect(late.status).toBe(404);
    expect(late.body.response.error).toMatchObject({
      code: 'download_expired',
      message: DOWNLOAD_TEXTS.linkExpired,
    });
  });

  it("refuses another project's asset and callers who are not members", async () => {
    const other = await buildProjectCast(t.baseUrl, t.ctx);
    const foreign = await buildAsset(
      t.ctx,
      { projectId: other.project.id, uploaderId: other.owner.user.id },
      'x.jpg',
      [{ bytes: JPEG(8) }],
    );
    expect(
      (await request(cast.owner.client, '/assets/download', { ids: [rootHero.id, foreign.id] })).status,
    ).toBe(404);
    const statuses = await Promise.all(
      (['viewer', 'workspaceAdmin', 'workspaceOwner', 'stranger', 'anonymous'] as const).map(
        async (caller) => (await request(cast[caller].client, '/download', {})).status,
      ),
    );
    expect(statuses).toEqual([200, 404, 403, 404, 401]);
    expect((await request(cast.owner.client, '/assets/download', { ids: [] })).status).toBe(422);
  });

  it('zips the whole project with its folders as directories, every name made safe', async () => {
    const answer = await request(cast.owner.client, '/download', {});
    expect(answer.body.response.download_type).toBe('direct');
    const zip = await fetchBytes(cast.owner.client, answer.body.response.download_url);
    expect(disposition(zip.headers)).toBe(`${cast.project.name}.zip`);
    const entries = zipEntries(zip.bytes);
    expect(entries).toEqual([
      'Day 1 (2)',
      'hero.jpg',
      'shot list.txt',
      '.._.._etc/',
      '.._.._etc/.._.._boot.ini_.jpg',
      '.._.._etc/_abs.jpg',
      'Day 1/',
      'Day 1/HERO.jpg',
    ]);
    const out = mkdtempSync(join(scratch, 'unpacked-'));
    execFileSync('unzip', ['-q', saveZip(zip.bytes), '-d', out]);
    expect(readdirSync(out).sort()).toEqual(['.._.._etc', 'Day 1', 'Day 1 (2)', 'hero.jpg', 'shot list.txt']);
    expect(readFileSync(join(out, 'Day 1', 'HERO.jpg')).equals(JPEG(4))).toBe(true);
  });

  it('zips one folder, its files at the root of the archive', async () => {
    const answer = await request(cast.viewer.client, '/download', {
      folder_id: folder.id,
      with_round_number: true,
    });
    const zip = await fetchBytes(cast.viewer.client, answer.body.response.download_url);
    expect(disposition(zip.headers)).toBe('Day 1.zip');
    expect(zipEntries(zip.bytes)).toEqual(['HERO_R1.jpg']);
    const other = await buildProjectCast(t.baseUrl, t.ctx);
    const foreign = (await other.owner.client.post(`/projects/${other.project.id}/folders`, { name: 'F' }))
      .body.response;
    expect((await request(cast.owner.client, '/download', { folder_id: foreign.id })).status).toBe(404);
  });
});

describe('a download too large to stream is e-mailed', () => {
  it('builds the zip in a job, mails "Your download is ready!" with a link that works until it expires, then removes it', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const place = { projectId: cast.project.id, uploaderId: cast.owner.user.id };
    const big = await buildAsset(t.ctx, place, 'huge.psb', [{ bytes: JPEG(10) }]);
    await buildAsset(t.ctx, place, 'small.jpg', [{ bytes: JPEG(11) }]);
    // The recorded size decides: this round says 5 GiB (its stored bytes are few).
    await t.ctx.db
      .updateTable('asset_versions')
      .set({ size_bytes: 5 * 1024 ** 3 })
      .where('asset_id', '=', big.id)
      .execute();

    const answer = await cast.collaborator.client.post(`/projects/${cast.project.id}/download`, {});
    expect(answer.body.response).toEqual({ download_type: 'email', download_url: null });
    const mail = await lastMailTo(t.ctx, cast.collaborator.user.email);
    expect(mail?.subject).toBe(DOWNLOAD_TEXTS.ready);
    // The mail's address is the configured APP_URL's; the path is what this test server answers.
    const url = new URL(/(http:\/\/\S+\/api\/v1\/downloads\/ready\?token=\S+)/.exec(mail!.text_body)![1]!);
    const link = `${url.pathname}${url.search}`;
    expect(mail!.text_body).toContain(`${cast.project.name}.zip, 2 files`);

    // Opened from the mail, on any device: no session needed.
    const zip = await fetchBytes(cast.anonymous.client, link);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-length')).toBe(String(zip.bytes.length));
    expect(zipEntries(zip.bytes)).toEqual(['huge.psb', 'small.jpg']);
    expect(await storedZips()).toHaveLength(1);
    // Built straight into the store: no partial file, and on S3 nothing of it on this machine's disk
    // (zips- holds what this test downloaded).
    const onDisk = readdirSync(t.dataDir, { recursive: true })
      .map(String)
      .filter((f) => !f.startsWith('zips-'));
    expect(onDisk.filter((f) => f.endsWith('.partial') || (t.bucket && f.endsWith('.zip')))).toEqual([]);

    t.clock.advance(MAIL_LINK_MS + 1000);
    expect((await fetchBytes(cast.anonymous.client, link)).status).toBe(404);
    t.clock.advance(60 * 60_000);
    await t.ctx.jobs.idle();
    expect(await storedZips()).toEqual([]);
  });

  it('stops working for a member who left the project, and sends nothing to one who left before it was built', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const big = await buildAsset(
      t.ctx,
      { projectId: cast.project.id, uploaderId: cast.owner.user.id },
      'huge.tif',
      [{ bytes: JPEG(12) }],
    );
    await t.ctx.db
      .updateTable('asset_versions')
      .set({ size_bytes: 5 * 1024 ** 3 })
      .where('asset_id', '=', big.id)
      .execute();
    await cast.viewer.client.post(`/projects/${cast.project.id}/download`, {});
    const mail = await lastMailTo(t.ctx, cast.viewer.user.email);
    const link = /\/api\/v1\/downloads\/ready\?token=\S+/.exec(mail!.text_body)![0];
    expect((await fetchBytes(cast.anonymous.client, link)).status).toBe(200);
    await t.ctx.db.deleteFrom('project_members').where('user_id', '=', cast.viewer.user.id).execute();
    expect((await fetchBytes(cast.anonymous.client, link)).status).toBe(404);
  });
});

describe('downloads through a public link', () => {
  let cast: ProjectCast;
  let hero: { id: number };
  let other: { id: number };
  const anonymous = () => new ApiClient(t.baseUrl);

  beforeAll(async () => {
    cast = await buildProjectCast(t.baseUrl, t.ctx);
    const place = { projectId: cast.project.id, uploaderId: cast.owner.user.id };
    hero = await buildAsset(t.ctx, place, 'hero.jpg', [
      { bytes: JPEG(20) },
      { bytes: JPEG(21), lowRes: JPEG(22, 50) },
    ]);
    other = await buildAsset(t.ctx, place, 'other.jpg', [{ bytes: JPEG(23) }]);
  });

  it('refuses with a clear message while the link does not allow downloads', async () => {
    const hash = await shareLink(cast, false);
    const refused = await anonymous().post(`/shared/${hash}/assets/download`, { ids: [hero.id] });
    expect(refused.status).toBe(403);
    expect(refused.body.response.error).toEqual({
      code: 'download_not_allowed',
      message: DOWNLOAD_TEXTS.notDownloadable,
    });
    expect((await fetchBytes(anonymous(), `/shared/${hash}/assets/${hero.id}/download`)).status).toBe(403);
  });

  it('streams the latest rounds only, and stops at once when the link is revoked', async () => {
    const hash = await shareLink(cast, true);
    const answer = await anonymous().post(`/shared/${hash}/assets/download`, {
      ids: [hero.id, other.id],
      with_round_number: true,
    });
    expect(answer.body.response.download_type).toBe('direct');
    const url: string = answer.body.response.download_url;
    expect(url.startsWith(`/api/v1/shared/${hash}/downloads?token=`)).toBe(true);
    const zip = await fetchBytes(anonymous(), url);
    expect(zipEntries(zip.bytes)).toEqual(['hero_R2.jpg', 'other_R1.jpg']);
    expect(unzipOne(zip.bytes, 'hero_R2.jpg').equals(JPEG(21))).toBe(true);

    const one = await anonymous().post(`/shared/${hash}/assets/download`, { ids: [hero.id], low_res: true });
    const low = await fetchBytes(anonymous(), one.body.response.download_url);
    expect(low.bytes.equals(JPEG(22, 50))).toBe(true);
    const direct = await fetchBytes(
      anonymous(),
      `/shared/${hash}/assets/${hero.id}/download?with_round_number=true`,
    );
    expect(disposition(direct.headers)).toBe('hero_R2.jpg');
    expect(direct.bytes.equals(JPEG(21))).toBe(true);
    const earlier = await anonymous().get(`/shared/${hash}/assets/${hero.id}/download?all_rounds=true`);
    expect(earlier.status).toBe(403);
    expect(earlier.body.response.error.message).toBe(DOWNLOAD_TEXTS.sharedLatestOnly);

    // Downloads turned off, then the link revoked: the links already given stop.
    await shareLink(cast, false);
    expect((await fetchBytes(anonymous(), url)).status).toBe(403);
    await shareLink(cast, true);
    expect((await fetchBytes(anonymous(), url)).status).toBe(200);
    await cast.owner.client.delete(`/projects/${cast.project.id}/share`);
    expect((await fetchBytes(anonymous(), url)).status).toBe(404);
  });

  it("'Download all': the whole project, folders as directories, or one folder, only while downloads are allowed", async () => {
    const folder = (await cast.owner.client.post(`/projects/${cast.project.id}/folders`, { name: 'Selects' }))
      .body.response;
    await buildAsset(
      t.ctx,
      { projectId: cast.project.id, folderId: folder.id, uploaderId: cast.owner.user.id },
      'pick.jpg',
      [{ bytes: JPEG(24) }],
    );
    const viewOnly = await shareLink(cast, false);
    const refused = await anonymous().post(`/shared/${viewOnly}/download`, {});
    expect([refused.status, refused.body.response.error.code]).toEqual([403, 'download_not_allowed']);

    const hash = await shareLink(cast, true);
    const all = await anonymous().post(`/shared/${hash}/download`, {});
    expect(all.status).toBe(200);
    expect(all.body.response.download_type).toBe('direct');
    const zip = await fetchBytes(anonymous(), all.body.response.download_url);
    expect(zip.status).toBe(200);
    expect(disposition(zip.headers)).toBe(`${cast.project.name}.zip`);
    // The latest rounds only: hero's second.
    expect(zipEntries(zip.bytes)).toEqual(['hero.jpg', 'other.jpg', 'Selects/', 'Selects/pick.jpg']);
    expect(unzipOne(zip.bytes, 'hero.jpg').equals(JPEG(21))).toBe(true);

    const one = await anonymous().post(`/shared/${hash}/download`, { folder_id: folder.id });
    const folderZip = await fetchBytes(anonymous(), one.body.response.download_url);
    expect(zipEntries(folderZip.bytes)).toEqual(['pick.jpg']);

    const stranger = await buildProjectCast(t.baseUrl, t.ctx);
    const theirs = (
      await stranger.owner.client.post(`/projects/${stranger.project.id}/folders`, { name: 'T' })
    ).body.response;
    const foreign = await anonymous().post(`/shared/${hash}/download`, { folder_id: theirs.id });
    expect(foreign.status).toBe(404);
    const bad = await anonymous().post(`/shared/${hash}/download`, { folder_id: 'all' });
    expect(bad.status).toBe(422);
  });

  it("refuses assets of another project and links made for another project's share", async () => {
    const hash = await shareLink(cast, true);
    const stranger = await buildProjectCast(t.baseUrl, t.ctx);
    const foreign = await buildAsset(
      t.ctx,
      { projectId: stranger.project.id, uploaderId: stranger.owner.user.id },
      'f.jpg',
      [{ bytes: JPEG(30) }],
    );
    expect((await anonymous().post(`/shared/${hash}/assets/download`, { ids: [foreign.id] })).status).toBe(
      404,
    );
    expect((await fetchBytes(anonymous(), `/shared/${hash}/assets/${foreign.id}/download`)).status).toBe(404);
    const strangerHash = await shareLink(stranger, true);
    const answer = await anonymous().post(`/shared/${strangerHash}/assets/download`, { ids: [foreign.id] });
    const token = answer.body.response.download_url.split('token=')[1];
    expect((await fetchBytes(anonymous(), `/shared/${hash}/downloads?token=${token}`)).status).toBe(404);
  });
});

describe('a download the client drops', () => {
  it('stops reading files when the connection goes away', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const place = { projectId: cast.project.id, uploaderId: cast.owner.user.id };
    const files = 60;
    for (let i = 0; i < files; i++)
      await buildAsset(t.ctx, place, `frame ${String(i).padStart(3, '0')}.jpg`, [
        { bytes: JPEG(i, 1024 * 1024) },
      ]);

    // The app's own file store, watched: which files it opens and whether they are closed.
    const storage = t.ctx.storage;
    const readStored = storage.get.bind(storage);
    const opened: Readable[] = [];
    storage.get = async (key) => {
      const stored = await readStored(key);
      if (stored) opened.push(stored.body);
      return stored;
    };
    try {
      const answer = await cast.owner.client.post(`/projects/${cast.project.id}/download`, {});
      // A client that hangs up after the first bytes, as a closed browser tab does.
      await new Promise<void>((resolve, reject) => {
        const request = get(
          `${t.baseUrl}${answer.body.response.download_url}`,
          { headers: { cookie: cast.owner.client.cookieHeader } },
          (response) => {
            expect(response.statusCode).toBe(200);
            response.once('data', () => {
              request.destroy();
              resolve();
            });
          },
        );
        request.on('error', reject);
      });
      // The server notices the drop at its next write, which may come a file or two later (a store
      // across the network answers slower than a disk): settled means every file it opened is let go
      // and none was opened for 300 ms. A zip that went on reading would open all of them.
      await vi.waitFor(
        async () => {
          const before = opened.length;
          await new Promise((resolve) => setTimeout(resolve, 300));
          expect(opened).toHaveLength(before);
          expect(opened.every((body) => body.destroyed)).toBe(true);
        },
        { timeout: 10_000, interval: 0 },
      );
      expect(opened.length).toBeLessThan(files / 4);
    } finally {
      storage.get = readStored;
    }
  });
});
