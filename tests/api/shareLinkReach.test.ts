import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_ROUTES } from '@server/routes/sharedView';
import { buildAsset } from './assetFactories';
import { buildComment } from './commentFactories';
import { TINY_PNG } from './images';
import { LiveStream } from './liveClient';
import { ApiClient, startTestApp, type Json, type TestApp } from './harness';
import { buildProjectCast, type ProjectCast } from './projectCast';

/**
 * A folder link and a selection link (issue 26) walked over every shared route: each shows, serves
 * and zips only what it reaches, and an asset or folder outside answers 404 as one of another
 * project does. The project's public link, beside them, still reaches everything.
 */
let t: TestApp;
let cast: ProjectCast;
let scratch: string;
let inFolder: Json;
let otherFolder: Json;
/** Root r1, r2, r3; f1, f2 in the folder 'Selects'; g1 in 'Others'; the oldest first. */
let a: Record<'r1' | 'r2' | 'r3' | 'f1' | 'f2' | 'g1', Json>;
let links: { folder: Json; selection: Json; publicHash: string };

const anonymous = () => new ApiClient(t.baseUrl);
const enc = encodeURIComponent;

/** A raw GET under the API (bytes), following a redirect to the store. */
async function bytesOf(path: string, client = anonymous()) {
  const url = path.startsWith('/api/v1') ? `${t.baseUrl}${path}` : `${t.baseUrl}/api/v1${path}`;
  const response = await fetch(url, { headers: client.cookieHeader ? { cookie: client.cookieHeader } : {} });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

function zipEntries(bytes: Buffer): string[] {
  const path = join(scratch, `${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(path, bytes);
  return execFileSync('zipinfo', ['-1', path], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
}

/** The thumbnail address of an asset's latest round as the public link serves it. */
async function publicThumbnail(assetId: number): Promise<string> {
  const detail = await anonymous().get(`/shared/${enc(links.publicHash)}/assets/${assetId}`);
  expect(detail.status).toBe(200);
  return detail.body.response.current_version.thumbnail_url as string;
}

/** The same file through another link. */
const through = (url: string, hash: string) =>
  url.replace(`/shared/${enc(links.publicHash)}/`, `/shared/${enc(hash)}/`);

/** A download token made through the public link for these assets. */
async function publicToken(ids: number[]): Promise<string> {
  const answer = await anonymous().post(`/shared/${enc(links.publicHash)}/assets/download`, { ids });
  expect(answer.status).toBe(200);
  return answer.body.response.download_url.split('token=')[1] as string;
}

beforeAll(async () => {
  t = await startTestApp();
  scratch = mkdtempSync(join(t.dataDir, 'zips-'));
  cast = await buildProjectCast(t.baseUrl, t.ctx);
  const owner = cast.owner.client;
  const folders = `/projects/${cast.project.id}/folders`;
  inFolder = (await owner.post(folders, { name: 'Selects' })).body.response;
  otherFolder = (await owner.post(folders, { name: 'Others' })).body.response;
  const upload = async (name: string, folderId?: number) => {
    const asset = await buildAsset(owner, cast.project.id, { name, folderId: folderId ?? null });
    t.clock.advance(1000);
    return asset;
  };
  a = {
    r1: await upload('r1.png'),
    r2: await upload('r2.png'),
    r3: await upload('r3.png'),
    f1: await upload('f1.png', inFolder.id),
    f2: await upload('f2.png', inFolder.id),
    g1: await upload('g1.png', otherFolder.id),
  };
  await t.ctx.jobs.idle();
  const make = async (body: object) => {
    const answer = await owner.post(`/projects/${cast.project.id}/share_links`, body);
    expect(answer.status).toBe(200);
    return answer.body.response;
  };
  links = {
    folder: await make({ kind: 'review', folder_id: inFolder.id, downloadable: true, show_comments: true }),
    selection: await make({
      kind: 'review',
      asset_ids: [a.r1.id, a.r3.id, a.f1.id],
      downloadable: true,
      show_comments: true,
    }),
    publicHash: (await owner.post(`/projects/${cast.project.id}/share`, { downloadable: true })).body.response
      .share_hash,
  };
  // A cover, which every link of the project shows.
  const key = `test-covers/${cast.project.id}.png`;
  await t.ctx.storage.put(key, Buffer.from('cover bytes'), 'image/png');
  await t.ctx.db.updateTable('projects').set({ cover_key: key }).where('id', '=', cast.project.id).execute();
});
afterAll(() => t.close());

type Link = 'folder' | 'selection';
const hashOf = (link: Link) => links[link].hash as string;
const names = (assets: Json[]) => assets.map((x: Json) => x.name);

/**
 * For every shared route, what each link reaches through it and what it does not. A route added to
 * SHARED_ROUTES needs its case here: say what a folder or selection link may reach through it.
 */
type RouteKeyOf<R> = R extends { method: infer M extends string; url: infer U extends string }
  ? `${M} ${U}`
  : never;
type RouteKey = RouteKeyOf<(typeof SHARED_ROUTES)[number]>;
const keyOf = (route: (typeof SHARED_ROUTES)[number]) => `${route.method} ${route.url}` as RouteKey;

/** Each link's guest (both links let guests review), joined once. */
const guests = new Map<Link, ApiClient>();
async function guestOf(link: Link): Promise<ApiClient> {
  const known = guests.get(link);
  if (known) return known;
  const guest = anonymous();
  const joined = await guest.post(`/shared/${enc(hashOf(link))}/guests`, {
    name: `Guest of the ${link} link`,
  });
  expect([200, 201]).toContain(joined.status);
  guests.set(link, guest);
  return guest;
}
const insideOf = (link: Link) => (link === 'folder' ? a.f1 : a.r3);
const outsideOf = (link: Link) => (link === 'folder' ? [a.r1, a.g1] : [a.r2, a.f2, a.g1]);

/** A member's comment on each asset, which the links show where they reach. */
async function memberCommentOn(asset: Json): Promise<number> {
  return (await buildComment(cast.owner.client, asset.id, { text: `On ${asset.name}` })).id;
}

/** The guest's own comment on an asset the link reaches. */
async function guestCommentOn(link: Link): Promise<number> {
  const guest = await guestOf(link);
  const answer = await guest.post(`/shared/${enc(hashOf(link))}/comments`, {
    asset_id: insideOf(link).id,
    text: 'Mine',
  });
  expect(answer.status).toBe(201);
  return answer.body.response.id as number;
}

const REACH: Record<RouteKey, (link: Link) => Promise<void>> = {
  'PATCH /shared/:shareHash/comments/:commentId': async (link) => {
    const guest = await guestOf(link);
    const edit = (id: number) =>
      guest.patch(`/shared/${enc(hashOf(link))}/comments/${id}`, { text: 'Edited' });
    expect((await edit(await guestCommentOn(link))).status).toBe(200);
    // A member's comment it sees is not the guest's to edit; one outside the reach is not found.
    expect((await edit(await memberCommentOn(insideOf(link)))).status).toBe(403);
    for (const outside of outsideOf(link))
      expect((await edit(await memberCommentOn(outside))).status).toBe(404);
  },

  'DELETE /shared/:shareHash/comments/:commentId': async (link) => {
    const guest = await guestOf(link);
    const remove = (id: number) => guest.delete(`/shared/${enc(hashOf(link))}/comments/${id}`);
    expect((await remove(await memberCommentOn(insideOf(link)))).status).toBe(403);
    for (const outside of outsideOf(link))
      expect((await remove(await memberCommentOn(outside))).status).toBe(404);
    expect((await remove(await guestCommentOn(link))).status).toBe(200);
  },

  'POST /shared/:shareHash/guests': async (link) => {
    const joined = await anonymous().post(`/shared/${enc(hashOf(link))}/guests`, { name: 'Another guest' });
    expect(joined.status).toBe(201);
  },

  'GET /shared/:shareHash/guest': async (link) => {
    const guest = await guestOf(link);
    expect((await guest.get(`/shared/${enc(hashOf(link))}/guest`)).status).toBe(200);
    expect((await anonymous().get(`/shared/${enc(hashOf(link))}/guest`)).status).toBe(401);
  },

  'GET /shared/:shareHash/assets/:assetId/comments': async (link) => {
    const guest = await guestOf(link);
    const comments = (id: number) => guest.get(`/shared/${enc(hashOf(link))}/assets/${id}/comments`);
    expect((await comments(insideOf(link).id)).status).toBe(200);
    for (const outside of outsideOf(link)) expect((await comments(outside.id)).status).toBe(404);
  },

  'POST /shared/:shareHash/comments': async (link) => {
    const guest = await guestOf(link);
    const comment = (id: number) =>
      guest.post(`/shared/${enc(hashOf(link))}/comments`, { asset_id: id, text: 'Warmer, please.' });
    expect((await comment(insideOf(link).id)).status).toBe(201);
    for (const outside of outsideOf(link)) expect((await comment(outside.id)).status).toBe(404);
  },

  'GET /shared/:shareHash/assets/:assetId/decision': async (link) => {
    const guest = await guestOf(link);
    const decision = (id: number) => guest.get(`/shared/${enc(hashOf(link))}/assets/${id}/decision`);
    expect((await decision(insideOf(link).id)).status).toBe(200);
    for (const outside of outsideOf(link)) expect((await decision(outside.id)).status).toBe(404);
  },

  'PUT /shared/:shareHash/assets/:assetId/decision': async (link) => {
    const guest = await guestOf(link);
    const decide = (id: number) =>
      guest.put(`/shared/${enc(hashOf(link))}/assets/${id}/decision`, { decision: 'approved' });
    expect((await decide(insideOf(link).id)).status).toBe(200);
    for (const outside of outsideOf(link)) expect((await decide(outside.id)).status).toBe(404);
  },

  'GET /projects/shared_view': async (link) => {
    const view = await anonymous().get(`/projects/shared_view?share_hash=${enc(hashOf(link))}`);
    expect(view.status).toBe(200);
    expect(view.body.response.link).toEqual(
      link === 'folder' ? { kind: 'review', scope: 'folder' } : { kind: 'review', scope: 'assets' },
    );
    expect(view.body.response.folders.map((f: Json) => f.id)).toEqual(link === 'folder' ? [inFolder.id] : []);
  },

  'GET /shared/:shareHash/folders/:folderId': async (link) => {
    const folder = (id: number) => anonymous().get(`/shared/${enc(hashOf(link))}/folders/${id}`);
    expect((await folder(inFolder.id)).status).toBe(link === 'folder' ? 200 : 404);
    expect((await folder(otherFolder.id)).status).toBe(404);
  },

  'GET /shared/:shareHash/cover': async (link) => {
    // The project's cover is the link's too.
    expect((await anonymous().get(`/shared/${enc(hashOf(link))}/cover`)).status).toBe(200);
  },

  'GET /shared/:shareHash/renditions/:versionId/:token/*': async (link) => {
    const inside = link === 'folder' ? a.f2 : a.r3;
    const outside = link === 'folder' ? a.r1 : a.f2;
    expect((await bytesOf(through(await publicThumbnail(inside.id), hashOf(link)))).status).toBe(200);
    const outsideUrl = await publicThumbnail(outside.id);
    expect((await bytesOf(outsideUrl)).status).toBe(200);
    expect((await bytesOf(through(outsideUrl, hashOf(link)))).status).toBe(404);
    expect((await bytesOf(through(await publicThumbnail(a.g1.id), hashOf(link)))).status).toBe(404);
  },

  'POST /shared/:shareHash/assets/download': async (link) => {
    const ask = (ids: number[]) => anonymous().post(`/shared/${enc(hashOf(link))}/assets/download`, { ids });
    const inside = link === 'folder' ? [a.f1.id, a.f2.id] : [a.r1.id, a.f1.id];
    const answer = await ask(inside);
    expect(answer.status).toBe(200);
    const zip = await bytesOf(answer.body.response.download_url);
    expect(zip.status).toBe(200);
    expect(zipEntries(zip.bytes).sort()).toEqual(
      link === 'folder' ? ['f1.png', 'f2.png'] : ['f1.png', 'r1.png'],
    );
    const outside = link === 'folder' ? a.r1.id : a.r2.id;
    expect((await ask([...inside, outside])).status).toBe(404);
    expect((await ask([outside])).status).toBe(404);
    expect((await ask([a.g1.id])).status).toBe(404);
  },

  'POST /shared/:shareHash/download': async (link) => {
    const all = await anonymous().post(`/shared/${enc(hashOf(link))}/download`, {});
    expect(all.status).toBe(200);
    const zip = await bytesOf(all.body.response.download_url);
    expect(zip.status).toBe(200);
    expect(zipEntries(zip.bytes).sort()).toEqual(
      link === 'folder' ? ['f1.png', 'f2.png'] : ['f1.png', 'r1.png', 'r3.png'],
    );
    const folder = (id: number) =>
      anonymous().post(`/shared/${enc(hashOf(link))}/download`, { folder_id: id });
    expect((await folder(otherFolder.id)).status).toBe(404);
    expect((await folder(inFolder.id)).status).toBe(link === 'folder' ? 200 : 404);
  },

  'GET /shared/:shareHash/assets/:assetId/download': async (link) => {
    const one = (id: number) => bytesOf(`/shared/${enc(hashOf(link))}/assets/${id}/download`);
    expect((await one(link === 'folder' ? a.f1.id : a.r3.id)).status).toBe(200);
    expect((await one(link === 'folder' ? a.r1.id : a.r2.id)).status).toBe(404);
    expect((await one(a.g1.id)).status).toBe(404);
  },

  'GET /shared/:shareHash/downloads': async (link) => {
    // A token made through the public link of the same project gets nothing outside this link's reach.
    const open = async (ids: number[]) =>
      (await bytesOf(`/shared/${enc(hashOf(link))}/downloads?token=${await publicToken(ids)}`)).status;
    expect(await open(link === 'folder' ? [a.f1.id] : [a.r1.id])).toBe(200);
    expect(await open([a.g1.id])).toBe(404);
    expect(await open(link === 'folder' ? [a.f1.id, a.r1.id] : [a.r1.id, a.r2.id])).toBe(404);
  },

  'GET /shared/:shareHash/assets': async (link) => {
    const list = (query = '') => anonymous().get(`/shared/${enc(hashOf(link))}/assets${query}`);
    const root = await list();
    expect(root.status).toBe(200);
    // The newest first: a folder link's root is its folder; a selection link's, its selection.
    expect(names(root.body.response)).toEqual(
      link === 'folder' ? ['f2.png', 'f1.png'] : ['f1.png', 'r3.png', 'r1.png'],
    );
    expect(root.body.meta.pagination.total_count).toBe(link === 'folder' ? 2 : 3);
    const inside = await list(`?folder_id=${inFolder.id}`);
    expect(inside.status).toBe(link === 'folder' ? 200 : 404);
    if (link === 'folder') expect(names(inside.body.response)).toEqual(['f2.png', 'f1.png']);
    expect((await list(`?folder_id=${otherFolder.id}`)).status).toBe(404);
  },

  'GET /shared/:shareHash/assets/:assetId': async (link) => {
    const one = (id: number) => anonymous().get(`/shared/${enc(hashOf(link))}/assets/${id}`);
    if (link === 'folder') {
      const f1 = await one(a.f1.id);
      expect(f1.status).toBe(200);
      expect([f1.body.response.previous_image_id, f1.body.response.next_image_id]).toEqual([a.f2.id, null]);
      for (const outside of [a.r1, a.r3, a.g1]) expect((await one(outside.id)).status).toBe(404);
    } else {
      // Its neighbours are the selection's, across places, not the root's (r2 is left out).
      const r3 = await one(a.r3.id);
      expect(r3.status).toBe(200);
      expect([r3.body.response.previous_image_id, r3.body.response.next_image_id]).toEqual([
        a.f1.id,
        a.r1.id,
      ]);
      const f1 = await one(a.f1.id);
      expect([f1.body.response.previous_image_id, f1.body.response.next_image_id]).toEqual([null, a.r3.id]);
      for (const outside of [a.r2, a.f2, a.g1]) expect((await one(outside.id)).status).toBe(404);
    }
  },
};

describe('a folder link and a selection link on every shared route', () => {
  it('has a reach case for every shared route', () => {
    for (const route of SHARED_ROUTES)
      expect(
        REACH,
        `${keyOf(route)} has no reach case: say what a folder or selection link reaches through it`,
      ).toHaveProperty([keyOf(route)]);
  });

  for (const link of ['folder', 'selection'] as const)
    for (const route of SHARED_ROUTES)
      it(`${link} link: ${route.method} ${route.url}`, async () => {
        await REACH[keyOf(route)](link);
      });

  it("leaves the project's public link reaching everything", async () => {
    const list = await anonymous().get(`/shared/${enc(links.publicHash)}/assets`);
    expect(names(list.body.response)).toEqual(['r3.png', 'r2.png', 'r1.png']);
    const view = await anonymous().get(`/projects/shared_view?share_hash=${enc(links.publicHash)}`);
    expect(view.body.response.folders.map((f: Json) => f.id).sort()).toEqual(
      [inFolder.id, otherFolder.id].sort(),
    );
    expect((await anonymous().get(`/shared/${enc(links.publicHash)}/assets/${a.g1.id}`)).status).toBe(200);
  });

  it('shows a selection without the assets deleted since', async () => {
    const extra = await buildAsset(cast.owner.client, cast.project.id, { name: 'gone.png' });
    const link = (
      await cast.owner.client.post(`/projects/${cast.project.id}/share_links`, {
        kind: 'view',
        asset_ids: [extra.id, a.r2.id],
      })
    ).body.response;
    await t.ctx.jobs.idle();
    const removal = await cast.owner.client.request('DELETE', `/projects/${cast.project.id}/assets`, {
      ids: [extra.id],
    });
    expect(removal.status).toBe(200);
    expect(names((await anonymous().get(`/shared/${enc(link.hash)}/assets`)).body.response)).toEqual([
      'r2.png',
    ]);
    const listed = (await cast.owner.client.get(`/projects/${cast.project.id}/share_links`)).body.response;
    expect(listed.find((l: Json) => l.id === link.id).asset_ids).toEqual([a.r2.id]);
  });
});

describe('a folder link refused as the public link is', () => {
  const pathFor = (route: (typeof SHARED_ROUTES)[number], hash: string) => {
    const path = route.url
      .replace(':shareHash', enc(hash))
      .replace(':folderId', String(inFolder.id))
      .replace(':assetId', String(a.f1.id))
      .replace(':versionId/:token/*', '1/abc/thumbnail');
    return route.hashIn === 'query' ? `${path}?share_hash=${enc(hash)}` : path;
  };
  const everyRoute = async (hash: string, client: ApiClient, expected: [number, string]) => {
    for (const route of SHARED_ROUTES) {
      const answer = await client.request(route.method, pathFor(route, hash));
      expect([route.url, answer.status, answer.body.response?.error?.code]).toEqual([route.url, ...expected]);
    }
  };
  const make = async (body: object) =>
    (
      await cast.owner.client.post(`/projects/${cast.project.id}/share_links`, {
        kind: 'view',
        folder_id: inFolder.id,
        ...body,
      })
    ).body.response;

  it('when revoked, expired or locked, on every shared route; unlocked, it opens', async () => {
    const revoked = await make({});
    expect((await anonymous().get(`/shared/${enc(revoked.hash)}/assets`)).status).toBe(200);
    await cast.owner.client.delete(`/share_links/${revoked.id}`);
    await everyRoute(revoked.hash, anonymous(), [404, 'not_found']);

    const expiring = await make({ expires_at: new Date(t.clock.now().getTime() + 3_600_000).toISOString() });
    expect((await anonymous().get(`/shared/${enc(expiring.hash)}/assets`)).status).toBe(200);
    t.clock.advance(2 * 3_600_000);
    await everyRoute(expiring.hash, anonymous(), [404, 'share_link_expired']);

    const locked = await make({ password: 'open sesame' });
    const viewer = anonymous();
    await everyRoute(locked.hash, viewer, [403, 'share_password_required']);
    const wrong = await viewer.post('/projects/shared_view/unlock', {
      share_hash: locked.hash,
      password: 'nope',
    });
    expect([wrong.status, wrong.body.response.error.code]).toEqual([403, 'invalid_share_password']);
    const unlocked = await viewer.post('/projects/shared_view/unlock', {
      share_hash: locked.hash,
      password: 'open sesame',
    });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.response.link).toEqual({ kind: 'view', scope: 'folder' });
    expect(unlocked.body.response.folders.map((f: Json) => f.id)).toEqual([inFolder.id]);
    expect(names((await viewer.get(`/shared/${enc(locked.hash)}/assets`)).body.response)).toEqual([
      'f2.png',
      'f1.png',
    ]);
    // A new password locks it again.
    await cast.owner.client.patch(`/share_links/${locked.id}`, { password: 'another one' });
    expect((await viewer.get(`/shared/${enc(locked.hash)}/assets`)).status).toBe(403);
  });
});

describe("a folder link's and a selection link's live stream", () => {
  it('tells only the news of what the link reaches, and the project’s own', async () => {
    const folderStream = await LiveStream.open(t.baseUrl, { shareHash: hashOf('folder') });
    const selectionStream = await LiveStream.open(t.baseUrl, { shareHash: hashOf('selection') });
    const publicStream = await LiveStream.open(t.baseUrl, { shareHash: links.publicHash });
    try {
      expect([folderStream.status, selectionStream.status, publicStream.status]).toEqual([200, 200, 200]);
      const outside = await buildAsset(cast.owner.client, cast.project.id, {
        name: 'elsewhere.png',
        folderId: otherFolder.id,
      });
      const newFolder = (
        await cast.owner.client.post(`/projects/${cast.project.id}/folders`, { name: 'Later' })
      ).body.response;
      const inside = await buildAsset(cast.owner.client, cast.project.id, {
        name: 'picked.png',
        folderId: inFolder.id,
      });
      await cast.owner.client.patch(`/projects/${cast.project.id}`, { name: 'Renamed for the streams' });
      for (const stream of [folderStream, selectionStream, publicStream])
        await stream.next('project.renamed');
      await t.ctx.jobs.idle();

      const assetNews = (stream: LiveStream) =>
        stream.messages.filter((m) => m.data.object_type === 'Asset').map((m) => m.data.object_id as number);
      const folderNews = (stream: LiveStream) =>
        stream.messages.filter((m) => m.data.object_type === 'Folder').map((m) => m.data.object_id as number);
      // The public link hears of everything: the rule is the reach's, not a lost message.
      expect(assetNews(publicStream)).toEqual(expect.arrayContaining([outside.id, inside.id]));
      expect(folderNews(publicStream)).toContain(newFolder.id);
      expect(new Set(assetNews(folderStream))).toEqual(new Set([inside.id]));
      expect(folderNews(folderStream)).toEqual([]);
      expect(assetNews(selectionStream)).toEqual([]);
      expect(folderNews(selectionStream)).toEqual([]);
      // A selected asset's news reaches the selection link.
      await cast.owner.client.patch(`/projects/${cast.project.id}`, { name: 'Renamed again' });
      const round = new FormData();
      round.set('file', new Blob([new Uint8Array(TINY_PNG)]), 'r3-v2.png');
      expect((await cast.owner.client.post(`/assets/${a.r3.id}/versions`, round)).status).toBe(201);
      await selectionStream.next('asset.round_uploaded', (m) => m.data.object_id === a.r3.id);
      expect(folderStream.all('asset.round_uploaded')).toEqual([]);
    } finally {
      for (const stream of [folderStream, selectionStream, publicStream]) stream.close();
    }
  });

  it('tells a folder link that an asset left its folder, moved or deleted, but never where it went', async () => {
    const owner = cast.owner.client;
    const leaving = await buildAsset(owner, cast.project.id, { name: 'leaving.png', folderId: inFolder.id });
    const doomed = await buildAsset(owner, cast.project.id, { name: 'doomed.png', folderId: inFolder.id });
    const arriving = await buildAsset(owner, cast.project.id, {
      name: 'arriving.png',
      folderId: otherFolder.id,
    });
    const outside = await buildAsset(owner, cast.project.id, {
      name: 'unseen.png',
      folderId: otherFolder.id,
    });
    await t.ctx.jobs.idle();
    const folderStream = await LiveStream.open(t.baseUrl, { shareHash: hashOf('folder') });
    const selectionStream = await LiveStream.open(t.baseUrl, { shareHash: hashOf('selection') });
    const publicStream = await LiveStream.open(t.baseUrl, { shareHash: links.publicHash });
    try {
      const moveTo = (folder: Json, ids: number[]) =>
        owner.post(`/folders/${folder.id}/move_assets`, { assets_ids: ids });
      expect((await moveTo(otherFolder, [leaving.id])).status).toBe(200);
      expect((await moveTo(inFolder, [arriving.id])).status).toBe(200);
      expect(
        (
          await owner.request('DELETE', `/projects/${cast.project.id}/assets`, {
            ids: [doomed.id, outside.id],
          })
        ).status,
      ).toBe(200);
      // A selected asset moved: no news for the selection link, whose view has no places.
      expect((await moveTo(otherFolder, [a.r3.id])).status).toBe(200);
      await owner.patch(`/projects/${cast.project.id}`, { name: 'After the moves' });
      for (const stream of [folderStream, selectionStream, publicStream])
        await stream.next('project.renamed', (m) => m.data.data.to === 'After the moves');

      const told = (stream: LiveStream) =>
        stream.messages
          .filter((m) => m.event.startsWith('asset.'))
          .map((m) => [m.event, m.data.object_id, m.data.data]);
      expect(told(folderStream)).toEqual([
        ['asset.deleted', leaving.id, { name: 'leaving.png', folder_id: inFolder.id }],
        [
          'asset.moved',
          arriving.id,
          { name: 'arriving.png', folder: 'Selects', from_folder_id: otherFolder.id },
        ],
        ['asset.deleted', doomed.id, { name: 'doomed.png', folder_id: inFolder.id }],
      ]);
      // Nothing names the folder it went to.
      expect(JSON.stringify(folderStream.messages)).not.toContain('Others');
      expect(told(selectionStream)).toEqual([]);
      // The public link reaches every place: it is told each event as it happened.
      expect(told(publicStream).map(([event, id]) => [event, id])).toEqual([
        ['asset.moved', leaving.id],
        ['asset.moved', arriving.id],
        ['asset.deleted', doomed.id],
        ['asset.deleted', outside.id],
        ['asset.moved', a.r3.id],
      ]);
      expect(told(publicStream)[0]![2]).toEqual({
        name: 'leaving.png',
        folder: 'Others',
        from_folder_id: inFolder.id,
      });
    } finally {
      for (const stream of [folderStream, selectionStream, publicStream]) stream.close();
      await backToRoot(a.r3.id);
    }
  });
});

/** Puts an asset back at the project's root. */
async function backToRoot(assetId: number): Promise<void> {
  const back = await cast.owner.client.post(`/projects/${cast.project.id}/unfold_assets`, {
    assets_ids: [assetId],
  });
  expect(back.status).toBe(200);
}
